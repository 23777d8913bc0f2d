import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { inferRouterInputs } from '@trpc/server';
import { ArrowDown, ArrowUp, ArrowUpDown, Check } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import type { TranslationFunctions } from '@locales/i18n-types';
import type { AppRouter } from '@/app/router';
import { QueryError } from '../../components/route-error';
import type { CampaignDetail, RecipientRow } from '@/web/lib/campaigns-api';
import { useCampaignFormat } from '@/web/lib/campaign-format';
import { PlatformName } from './platform-icon';
import { Tooltip } from '../../components/tooltip';
import { useTrpc } from '@/web/lib/trpc';
import { SearchInput } from '@/web/components/search-input';
import { Panel } from '@/web/components/panel';
import { Pager } from '@/web/components/pager';

type Sort = NonNullable<inferRouterInputs<AppRouter>['distribution']['campaignRecipients']['sort']>;
type Dir = 'asc' | 'desc';
const PAGE = 20;
const SEARCH_DELAY_MS = 300;

/** Skip reasons the server writes in English; known ones are shown in the user's language. */
function reasonText(LL: TranslationFunctions, reason: string | null): string | null {
  if (!reason) return null;
  const R = LL.campaigns.recipients.reasons;
  const known: Record<string, () => string> = {
    unsubscribed: R.unsubscribed,
    'No e-mail address': R.noEmail,
    'No LinkedIn profile URL': R.noLinkedin,
    'No phone number': R.noPhone,
  };
  return known[reason]?.() ?? reason;
}

/**
 * The analytics tab's per-contact table: who was sent the campaign's videos and what each did on
 * their landing page. Sorted, searched and paginated by the server (distribution.campaignRecipients).
 */
export function RecipientsCard({ campaign, multipleVideos }: { campaign: CampaignDetail; multipleVideos: boolean }) {
  const { LL } = useI18nContext();
  const R = LL.campaigns.recipients;
  const trpc = useTrpc();
  const f = useCampaignFormat();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ key: Sort; dir: Dir }>({ key: 'deliveredAt', dir: 'desc' });
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    const id = setTimeout(() => {
      setSearch(text.trim());
      setOffset(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(id);
  }, [text]);
  const page = useQuery({
    ...trpc.distribution.campaignRecipients.queryOptions({
      campaignId: campaign.id,
      limit: PAGE,
      offset,
      sort: sort.key,
      dir: sort.dir,
      search: search || undefined,
    }),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
  const toggle = (key: Sort) => {
    setSort((s) => (s.key === key ? { key, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: key === 'contact' || key === 'channel' ? 'asc' : 'desc' }));
    setOffset(0);
  };
  const time = new Intl.DateTimeFormat(f.tag, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
  const when = (iso: string | null) => (iso ? time.format(new Date(iso)) : null);

  // A plain function, not a component: the header buttons keep their focus across re-renders.
  const header = (k: Sort, label: string, right = false) => {
    const active = sort.key === k;
    const Icon = !active ? ArrowUpDown : sort.dir === 'asc' ? ArrowUp : ArrowDown;
    return (
      <th key={k} aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'} className={right ? 'text-right' : undefined}>
        <button
          type="button"
          className={`inline-flex items-center gap-1 ${active ? 'text-base-content' : ''}`}
          onClick={() => toggle(k)}
          data-testid={`recipients-sort-${k}`}
        >
          {label}
          <Icon className={`size-3.5 ${active ? '' : 'opacity-40'}`} aria-hidden />
        </button>
      </th>
    );
  };

  const total = page.data?.total ?? 0;
  const rows = page.data?.rows ?? [];
  return (
    <Panel
      title={R.title()}
      hint={R.subtitle()}
      action={<SearchInput value={text} onChange={setText} label={R.search()} maxLength={100} className="input-sm w-full sm:w-64" testId="recipients-search" />}
      testId="recipients-card"
    >
      {page.isError && <QueryError error={page.error} onRetry={() => void page.refetch()} />}
      <div className="overflow-x-auto">
        <table className={`table table-sm ${page.isFetching ? 'opacity-70' : ''}`} data-testid="recipients-table" aria-busy={page.isFetching}>
          <thead>
            <tr>
              {header('contact', R.contact())}
              {header('channel', R.channel())}
              {header('deliveredAt', R.deliveredAt())}
              {header('opened', R.opened())}
              {header('watched', R.watched(), true)}
              {header('cta', R.cta())}
              {header('unsubscribed', R.unsubscribed())}
              <th>{R.reason()}</th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {rows.map((r) => (
              <Row key={r.id} r={r} LL={LL} when={when} percent={f.percent} multipleVideos={multipleVideos} />
            ))}
            {page.isSuccess && rows.length === 0 && (
              <tr>
                <td colSpan={8} className="py-8 text-center text-base-content/70" data-testid="recipients-empty">
                  {search ? R.noMatch() : R.empty()}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {total > 0 && (
        <Pager
          summary={
            <span className="text-base-content/70" data-testid="recipients-range">
              {R.range({ from: f.number(offset + 1), to: f.number(Math.min(offset + PAGE, total)), total: f.number(total) })}
            </span>
          }
          previous={{
            label: R.previous(),
            disabled: offset === 0 || page.isFetching,
            onClick: () => setOffset(Math.max(0, offset - PAGE)),
            testId: 'recipients-prev',
          }}
          next={{ label: R.next(), disabled: offset + PAGE >= total || page.isFetching, onClick: () => setOffset(offset + PAGE), testId: 'recipients-next' }}
        />
      )}
    </Panel>
  );
}

function Row({
  r,
  LL,
  when,
  percent,
  multipleVideos,
}: {
  r: RecipientRow;
  LL: TranslationFunctions;
  when: (iso: string | null) => string | null;
  percent: (n: number) => string;
  multipleVideos: boolean;
}) {
  const R = LL.campaigns.recipients;
  const status = r.status as keyof typeof R.status;
  const none = <span className="text-base-content/40">—</span>;
  return (
    <tr data-testid="recipient-row" data-contact={r.name} data-status={r.status}>
      <td className="max-w-56">
        <Tooltip content={r.name}>
          <div className="truncate font-medium">{r.name}</div>
        </Tooltip>
        {r.address && r.address !== r.name && (
          <Tooltip content={r.address}>
            <div className="truncate text-xs text-base-content/60">{r.address}</div>
          </Tooltip>
        )}
        {multipleVideos && <div className="truncate text-xs text-base-content/60">{r.videoTitle}</div>}
      </td>
      <td>
        <PlatformName platform={r.channel} className="whitespace-nowrap" />
      </td>
      <td className="whitespace-nowrap" data-testid="recipient-delivered">
        {r.deliveredAt ? (
          when(r.deliveredAt)
        ) : (
          <span className={`badge badge-sm ${r.status === 'failed' ? 'badge-error' : r.status === 'skipped' ? 'badge-ghost' : 'badge-warning'}`}>
            {R.status[status]?.() ?? r.status}
          </span>
        )}
      </td>
      <td className="whitespace-nowrap" data-testid="recipient-opened">
        {when(r.openedAt) ?? none}
      </td>
      <td className="text-right" data-testid="recipient-watched">
        {r.watched === null ? (
          none
        ) : (
          <span className="inline-flex items-center gap-2">
            <progress className="progress progress-primary w-14" value={r.watched} max={100} aria-hidden />
            {percent(r.watched)}
          </span>
        )}
      </td>
      <td data-testid="recipient-cta">{r.ctaClicked ? <Check className="size-4 text-success" aria-label={R.yes()} /> : none}</td>
      <td data-testid="recipient-unsubscribed">{r.unsubscribed ? <span className="badge badge-sm badge-warning">{R.yes()}</span> : none}</td>
      <td className="max-w-56 text-xs text-base-content/70" data-testid="recipient-reason">
        <Tooltip content={r.reason}>
          <span className="line-clamp-2">{reasonText(LL, r.reason) ?? ''}</span>
        </Tooltip>
      </td>
    </tr>
  );
}
