import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Megaphone, Plus } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { PageHeader } from '../../components/page-header';
import { LoadMore } from '../../components/load-more';
import { SearchRow } from '../../components/search-input';
import { EmptyState, LoadingRows, NoMatch, QueryState } from '../../components/query-state';
import { CampaignCard } from './campaign-card';
import { FILTER_SECTORS, FILTER_STATUSES, sectorLabel, statusLabel } from '@/web/lib/campaign-labels';
import { campaignPagesOptions, type CampaignFilters } from './filter';
import { errorMessage } from '@/web/lib/rest';
import { useTrpc } from '@/web/lib/trpc';
import { FilterSelect } from '@/web/components/filter-select';

/** The filters live in the URL (?q=&sector=&status=) so that a filtered list can be shared and survives a reload. */
export function CampaignsPage({ filters }: { filters: CampaignFilters }) {
  const { LL } = useI18nContext();
  const trpc = useTrpc();
  const navigate = useNavigate({ from: '/campaigns/' });
  // One page at a time, filtered by the server; the next page loads as the user scrolls (decision 180).
  // A new filter keeps the shown cards until its first page arrives.
  const list = useInfiniteQuery({ ...campaignPagesOptions(trpc, filters), placeholderData: keepPreviousData });
  const [q, setQ] = useState(filters.q ?? '');

  // The search box types freely; the URL follows a moment later.
  const urlQ = filters.q ?? '';
  const pushQ = useEffectEvent((value: string) => void navigate({ search: (s) => ({ ...s, q: value || undefined }), replace: true }));
  useEffect(() => {
    if (urlQ === q) return;
    const t = setTimeout(() => pushQ(q), 200);
    return () => clearTimeout(t);
  }, [q, urlQ]);

  const setFilter = (patch: Partial<CampaignFilters>) => void navigate({ search: (s) => ({ ...s, ...patch }), replace: true });
  const shown = list.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = !!(urlQ.trim() || filters.sector || filters.status);

  const create = (
    <Link to="/create-campaign" className="btn btn-primary">
      <Plus className="size-4" aria-hidden /> {LL.campaigns.createNew()}
    </Link>
  );

  return (
    <div data-testid="campaigns-page">
      <PageHeader title={LL.campaigns.title()} subtitle={LL.campaigns.subtitle()} actions={create} />
      <SearchRow
        value={q}
        onChange={setQ}
        label={LL.campaigns.search()}
        placeholder={LL.campaigns.searchPlaceholder()}
        testId="campaign-search"
        wideFrom="md"
        className="mb-6"
      >
        <div className="flex gap-3">
          <FilterSelect
            value={filters.sector}
            onChange={(sector) => setFilter({ sector })}
            options={FILTER_SECTORS}
            optionLabel={(s) => sectorLabel(LL, s)}
            label={LL.campaigns.sectorFilter()}
            allLabel={LL.campaigns.allSectors()}
            className="w-full md:w-52"
            testId="sector-filter"
          />
          <FilterSelect
            value={filters.status}
            onChange={(status) => setFilter({ status })}
            options={FILTER_STATUSES}
            optionLabel={(s) => statusLabel(LL, s)}
            label={LL.campaigns.statusFilter()}
            allLabel={LL.campaigns.allStatuses()}
            className="w-full md:w-44"
            testId="status-filter"
          />
        </div>
      </SearchRow>

      <QueryState
        query={list}
        empty={shown.length === 0}
        loading={<LoadingRows rows={4} height="h-40" testId="campaigns-loading" />}
        error={{ message: LL.common.errorText(), detail: list.error ? errorMessage(list.error) : undefined, testId: 'campaigns-error' }}
        emptyState={
          filtered ? (
            <NoMatch
              text={LL.campaigns.noMatch()}
              clearLabel={LL.campaigns.clearFilters()}
              onClear={() => {
                setQ('');
                void navigate({ search: {}, replace: true });
              }}
              testId="campaigns-no-match"
            />
          ) : (
            <EmptyState
              icon={Megaphone}
              title={LL.campaigns.empty()}
              text={LL.campaigns.emptyText()}
              testId="campaigns-empty"
              action={
                <Link to="/create-campaign" className="btn btn-primary mt-2">
                  <Plus className="size-4" aria-hidden /> {LL.campaigns.createCampaign()}
                </Link>
              }
            />
          )
        }
      >
        <div className="grid gap-4 lg:grid-cols-2" data-testid="campaign-grid">
          {shown.map((c) => (
            <CampaignCard key={c.id} campaign={c} />
          ))}
        </div>
        <LoadMore pages={list} testId="campaigns-more" />
      </QueryState>
    </div>
  );
}
