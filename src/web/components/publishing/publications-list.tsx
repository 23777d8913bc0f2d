import { useMutation, useQuery } from '@tanstack/react-query';
import { ExternalLink, RefreshCw } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';
import { QueryError } from '../route-error';
import { LoadingBlock } from '../spinner';
import { useFormat } from '@/web/lib/format';
import { errorMessage } from '@/web/lib/rest';
import { toast } from '@/web/lib/toast';
import { useTrpc } from '@/web/lib/trpc';
import { inFlight, type Publication, useInvalidatePublishing, viewsSourceLabel } from './api';
import { PublishIcon } from './platform-icon';

const TONE: Record<Publication['status'], string> = {
  queued: 'badge-ghost',
  uploading: 'badge-info',
  scheduled: 'badge-secondary',
  published: 'badge-success',
  failed: 'badge-error',
};
/** While a post is on its way, the list asks again this often. */
const POLL_MS = 2000;

/** A video's or a campaign's posts on the platforms: status, link, the platform's views, what the link brought. */
export function PublicationsList({ filter, title = true }: { filter: { videoId: string } | { campaignId: string }; title?: boolean }) {
  const { LL } = useI18nContext();
  const L = LL.publishing.list;
  const trpc = useTrpc();
  const q = useQuery({
    ...trpc.publishing.list.queryOptions(filter),
    refetchInterval: (query) => (query.state.data?.some(inFlight) ? POLL_MS : false),
  });
  return (
    <section data-testid="publications">
      {title && <h3 className="mb-2 font-semibold">{L.title()}</h3>}
      {q.isPending ? (
        <LoadingBlock className="py-4" />
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data.length === 0 ? (
        <p className="text-sm text-base-content/70" data-testid="publications-empty">
          {L.empty()}
        </p>
      ) : (
        <ul className="divide-y divide-base-200 rounded-box border border-base-300">
          {q.data.map((p) => (
            <PublicationRow key={p.id} publication={p} />
          ))}
        </ul>
      )}
    </section>
  );
}

// The connections are on /connect-platforms (a route of the social feature).
const CONNECT_PAGE = '/connect-platforms';

function PublicationRow({ publication: p }: { publication: Publication }) {
  const { LL } = useI18nContext();
  const L = LL.publishing.list;
  const f = useFormat();
  const trpc = useTrpc();
  const invalidate = useInvalidatePublishing();
  const refresh = useMutation(
    trpc.publishing.refreshInsights.mutationOptions({
      onSuccess: () => {
        void invalidate();
        toast({ title: L.refreshed(), variant: 'success' });
      },
      onError: (e) => toast({ title: L.refreshFailed(), description: errorMessage(e), variant: 'destructive' }),
    }),
  );
  const detail = p.status === 'failed' ? p.error : p.status === 'scheduled' && p.publishAt ? L.scheduledFor({ date: f.date(p.publishAt) }) : p.note;
  return (
    <li className="flex flex-col gap-2 p-3" data-testid="publication" data-platform={p.platform} data-status={p.status}>
      <div className="flex flex-wrap items-center gap-2">
        <PublishIcon platform={p.platform} />
        <span className="min-w-0 font-medium break-words">{p.targetName}</span>
        <span className={`badge badge-sm ${TONE[p.status]}`} data-testid="publication-status">
          {(p.status === 'queued' || p.status === 'uploading') && <span className="loading loading-spinner loading-xs" aria-hidden />}
          {L.status[p.status]()}
        </span>
        {p.url && (
          <a
            href={p.url}
            target="_blank"
            rel="noopener"
            className="link link-primary ml-auto inline-flex items-center gap-1 text-sm"
            data-testid="publication-link"
          >
            <ExternalLink className="size-3.5" aria-hidden /> {L.open()}
          </a>
        )}
      </div>
      <p className="text-sm break-words text-base-content/80">{p.title}</p>
      {detail && (
        <p className={`text-sm break-words ${p.status === 'failed' ? 'text-error' : 'text-base-content/70'}`} data-testid="publication-detail">
          {detail}
        </p>
      )}
      {p.needsReconnect && (
        <a href={CONNECT_PAGE} className="btn btn-warning btn-xs self-start" data-testid="publication-reconnect">
          {L.reconnect()}
        </a>
      )}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-base-content/70 tabular-nums">
        <span data-testid="publication-views">
          {p.views === null ? L.noViews() : L.views({ views: f.number(p.views), source: viewsSourceLabel(LL, p.platform, p.viewsSource) })}
        </span>
        <span data-testid="publication-clicks">{L.clicks({ count: f.number(p.clicks) })}</span>
        <span data-testid="publication-plays">{L.plays({ count: f.number(p.plays) })}</span>
        {(p.status === 'published' || p.status === 'scheduled') && (
          <button
            type="button"
            className="btn btn-ghost btn-xs ml-auto"
            onClick={() => refresh.mutate({ id: p.id })}
            disabled={refresh.isPending}
            data-testid="publication-refresh"
          >
            <RefreshCw className={`size-3.5 ${refresh.isPending ? 'animate-spin' : ''}`} aria-hidden /> {L.refresh()}
          </button>
        )}
      </div>
    </li>
  );
}
