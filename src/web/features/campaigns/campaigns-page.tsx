import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Megaphone, Plus, Search } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/route-error';
import { FullPageSpinner } from '../../components/spinner';
import { CampaignCard } from './campaign-card';
import { FILTER_SECTORS, FILTER_STATUSES, sectorLabel, statusLabel } from '@/web/lib/campaign-labels';
import { filterCampaigns, type CampaignFilters } from './filter';
import { useTrpc } from '@/web/lib/trpc';

/** The filters live in the URL (?q=&sector=&status=) so that a filtered list can be shared and survives a reload. */
export function CampaignsPage({ filters }: { filters: CampaignFilters }) {
  const { LL } = useI18nContext();
  const trpc = useTrpc();
  const navigate = useNavigate({ from: '/campaigns/' });
  const list = useQuery(trpc.campaigns.list.queryOptions());
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
  const all = list.data ?? [];
  const shown = filterCampaigns(all, { ...filters, q });
  const filtered = !!(q.trim() || filters.sector || filters.status);

  const create = (
    <Link to="/create-campaign" className="btn btn-primary">
      <Plus className="size-4" aria-hidden /> {LL.campaigns.createNew()}
    </Link>
  );

  return (
    <div data-testid="campaigns-page">
      <PageHeader title={LL.campaigns.title()} subtitle={LL.campaigns.subtitle()} actions={create} />
      <div className="mb-6 flex flex-col gap-3 md:flex-row md:items-center">
        <label className="input w-full md:flex-1">
          <Search className="size-4 opacity-60" aria-hidden />
          <input
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder={LL.campaigns.searchPlaceholder()}
            aria-label={LL.campaigns.search()}
            data-testid="campaign-search"
          />
        </label>
        <div className="flex gap-3">
          <select
            className="select w-full md:w-52"
            aria-label={LL.campaigns.sectorFilter()}
            value={filters.sector ?? ''}
            onChange={(e) => setFilter({ sector: e.target.value || undefined })}
            data-testid="sector-filter"
          >
            <option value="">{LL.campaigns.allSectors()}</option>
            {FILTER_SECTORS.map((s) => (
              <option key={s} value={s}>
                {sectorLabel(LL, s)}
              </option>
            ))}
          </select>
          <select
            className="select w-full md:w-44"
            aria-label={LL.campaigns.statusFilter()}
            value={filters.status ?? ''}
            onChange={(e) => setFilter({ status: (e.target.value || undefined) as CampaignFilters['status'] })}
            data-testid="status-filter"
          >
            <option value="">{LL.campaigns.allStatuses()}</option>
            {FILTER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(LL, s)}
              </option>
            ))}
          </select>
        </div>
      </div>

      {list.isPending && <FullPageSpinner />}
      {list.isError && <QueryError error={list.error} onRetry={() => void list.refetch()} />}
      {list.isSuccess && all.length === 0 && (
        <div
          className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 bg-base-100 px-6 py-14 text-center"
          data-testid="campaigns-empty"
        >
          <div className="rounded-full bg-primary/10 p-4 text-primary">
            <Megaphone className="size-8" aria-hidden />
          </div>
          <h2 className="text-lg font-semibold">{LL.campaigns.empty()}</h2>
          <p className="max-w-md text-base-content/70">{LL.campaigns.emptyText()}</p>
          <Link to="/create-campaign" className="btn btn-primary mt-2">
            <Plus className="size-4" aria-hidden /> {LL.campaigns.createCampaign()}
          </Link>
        </div>
      )}
      {list.isSuccess && all.length > 0 && (
        <>
          {filtered && (
            <p className="mb-3 text-sm text-base-content/70" data-testid="campaigns-count">
              {LL.campaigns.shown({ shown: shown.length, total: all.length })}
            </p>
          )}
          {shown.length === 0 ? (
            <div
              className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 bg-base-100 px-6 py-10 text-center"
              data-testid="campaigns-no-match"
            >
              <p className="text-base-content/70">{LL.campaigns.noMatch()}</p>
              <button
                type="button"
                className="btn btn-sm"
                onClick={() => {
                  setQ('');
                  void navigate({ search: {}, replace: true });
                }}
              >
                {LL.campaigns.clearFilters()}
              </button>
            </div>
          ) : (
            <div className="grid gap-4 lg:grid-cols-2" data-testid="campaign-grid">
              {shown.map((c) => (
                <CampaignCard key={c.id} campaign={c} />
              ))}
            </div>
          )}
        </>
      )}
    </div>
  );
}
