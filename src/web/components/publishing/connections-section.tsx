import { useMutation, useQuery } from '@tanstack/react-query';
import { ExternalLink, Link2, RefreshCw, Unplug } from 'lucide-react';
import { useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { ConfirmDialog } from '../confirm-dialog';
import { QueryError } from '../route-error';
import { LoadingBlock } from '../spinner';
import { useFormat } from '@/web/lib/format';
import { errorMessage } from '@/web/lib/rest';
import { toast } from '@/web/lib/toast';
import { useTrpc } from '@/web/lib/trpc';
import { PublishIcon } from './platform-icon';
import { type Connection, type PublishPlatform, SANDBOX_POSTS_PAGE, useInvalidatePublishing } from './api';

const TONE: Record<Connection['status'], string> = { connected: 'badge-success', expired: 'badge-warning', disconnected: 'badge-ghost' };

/** The publishing sandbox's badge: the page of what it "published". */
export function PublishingSandboxBadge() {
  const { LL } = useI18nContext();
  return (
    <a
      href={SANDBOX_POSTS_PAGE}
      target="_blank"
      rel="noopener"
      className="badge badge-warning badge-sm no-underline"
      title={LL.publishing.connections.sandboxPosts()}
    >
      {LL.common.sandbox()}
    </a>
  );
}

/**
 * "Publish to": Facebook Page, Instagram (Reels), YouTube, each with its state, the page, account or
 * channel it publishes to, and Connect / Reconnect / Disconnect (docs/decisions/229). Connect follows
 * the provider's URL in this window; the callback comes back to /connect-platforms?connected=….
 */
export function PublishConnections({ compact = false }: { compact?: boolean }) {
  const { LL } = useI18nContext();
  const C = LL.publishing.connections;
  const trpc = useTrpc();
  const invalidate = useInvalidatePublishing();
  const q = useQuery(trpc.publishing.connections.queryOptions());
  const [removing, setRemoving] = useState<PublishPlatform | null>(null);
  const connect = useMutation(
    trpc.publishing.connect.mutationOptions({
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (e) => toast({ title: C.connectFailed(), description: errorMessage(e), variant: 'destructive' }),
    }),
  );
  const disconnect = useMutation(
    trpc.publishing.disconnect.mutationOptions({
      onSuccess: (_r, { platform }) => {
        void invalidate();
        toast({ title: C.disconnected({ platform: LL.publishing.platforms[platform]() }), variant: 'success' });
        setRemoving(null);
      },
      onError: (e) => toast({ title: C.failed(), description: errorMessage(e), variant: 'destructive' }),
    }),
  );
  const sandbox = q.data?.some((c) => c.sandbox);

  return (
    <section className={compact ? 'flex flex-col gap-3' : 'rounded-box border border-base-300 bg-base-100 p-4 sm:p-6'} data-testid="publish-connections">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className={`font-semibold ${compact ? 'text-lg' : 'text-xl'}`}>{C.title()}</h2>
        {sandbox && <PublishingSandboxBadge />}
        {sandbox && !compact && (
          <a href={SANDBOX_POSTS_PAGE} target="_blank" rel="noopener" className="btn btn-ghost btn-sm ml-auto" data-testid="sandbox-posts-link">
            <ExternalLink className="size-4" aria-hidden /> {C.sandboxPosts()}
          </a>
        )}
      </div>
      <p className={`text-sm text-base-content/70 ${compact ? '' : 'mt-1 mb-4'}`}>{C.subtitle()}</p>
      {q.isPending ? (
        <LoadingBlock className="py-6" />
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <ul className="divide-y divide-base-200">
          {q.data.map((c) => (
            <ConnectionRow
              key={c.platform}
              connection={c}
              pending={connect.isPending && connect.variables?.platform === c.platform}
              disabled={connect.isPending}
              onConnect={() => connect.mutate({ platform: c.platform })}
              onDisconnect={() => setRemoving(c.platform)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={removing ? C.disconnectTitle({ platform: LL.publishing.platforms[removing]() }) : ''}
        confirmLabel={C.disconnect()}
        tone="error"
        pending={disconnect.isPending}
        onConfirm={() => removing && disconnect.mutate({ platform: removing })}
        onClose={() => setRemoving(null)}
      >
        <p>{C.disconnectText()}</p>
      </ConfirmDialog>
    </section>
  );
}

export function ConnectionRow({
  connection: c,
  pending,
  disabled,
  onConnect,
  onDisconnect,
}: {
  connection: Connection;
  pending: boolean;
  disabled: boolean;
  onConnect: () => void;
  onDisconnect: () => void;
}) {
  const { LL } = useI18nContext();
  const C = LL.publishing.connections;
  const f = useFormat();
  const live = c.status !== 'disconnected';
  const names = c.targets.map((t) => t.name).join(', ');
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid={`publish-connection-${c.platform}`} data-status={c.status}>
      <PublishIcon platform={c.platform} className="size-6" decorative />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{LL.publishing.platforms[c.platform]()}</span>
          <span className={`badge badge-sm ${TONE[c.status]}`} data-testid="connection-status">
            {C.status[c.status]()}
          </span>
        </div>
        {live && (
          <p className="text-sm break-words text-base-content/70" data-testid="connection-targets">
            {names ? C.targetsLine({ kind: LL.publishing.targetKind[c.platform](), names }) : C.noTargets()}
            {c.connectedAt && <span className="text-base-content/60"> · {C.since({ date: f.date(c.connectedAt) })}</span>}
          </p>
        )}
      </div>
      <div className="flex gap-2">
        {c.status !== 'connected' && (
          <button type="button" className="btn btn-primary btn-sm" onClick={onConnect} disabled={disabled} data-testid={`publish-connect-${c.platform}`}>
            {pending ? (
              <span className="loading loading-spinner loading-xs" aria-hidden />
            ) : c.status === 'expired' ? (
              <RefreshCw className="size-4" aria-hidden />
            ) : (
              <Link2 className="size-4" aria-hidden />
            )}
            {pending ? C.opening() : c.status === 'expired' ? C.reconnect() : C.connect()}
          </button>
        )}
        {live && (
          <button type="button" className="btn btn-ghost btn-sm text-error" onClick={onDisconnect} data-testid={`publish-disconnect-${c.platform}`}>
            <Unplug className="size-4" aria-hidden /> {C.disconnect()}
          </button>
        )}
      </div>
    </li>
  );
}
