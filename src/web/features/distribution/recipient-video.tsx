import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Clapperboard } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';
import type { TRecipientVersion } from '@/domains/distribution/schemas';
import { errorMessage } from '@/web/lib/rest';
import { toast } from '@/web/lib/toast';
import { useTrpc } from '@/web/lib/trpc';
import { VersionAction } from './version-action';

/** While their video renders, its progress is read this often. */
const RENDER_POLL_MS = 1500;

/**
 * A recipient's own personalised video, rendered on demand (decision 224): the send's own render of
 * their opening and the shared rest, as a job whose progress is polled; made once per opening, so
 * asking again (or reopening them) shows the one made. It uses no credit (decision 120).
 */
export function RecipientVideo({ input }: { input: TRecipientVersion }) {
  const { LL, locale } = useI18nContext();
  const B = LL.distribution.browser;
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const options = trpc.distribution.recipientRender.queryOptions(input);
  const state = useQuery({ ...options, refetchInterval: (q) => (q.state.data?.render?.status === 'pending' ? RENDER_POLL_MS : false) });
  const start = useMutation(
    trpc.distribution.renderRecipient.mutationOptions({
      onSuccess: (r) => queryClient.setQueryData(options.queryKey, (old) => (old ? { ...old, render: r.render } : old)),
      onError: (e) => toast({ title: B.renderFailed(), description: errorMessage(e), variant: 'destructive' }),
    }),
  );
  const data = state.data;
  if (!data?.personalised) return null;
  const r = data.render;
  return (
    <div className="rounded-box bg-base-100 p-2" data-testid="version-own" data-state={r?.status ?? 'none'}>
      <p className="text-xs text-base-content/60">{B.ownVideo()}</p>
      {r?.status === 'completed' && r.videoUrl ? (
        <video className="mt-1 w-full rounded" src={r.videoUrl} controls preload="metadata" data-testid="version-own-video">
          {r.captionsUrl && <track kind="captions" src={r.captionsUrl} srcLang={locale} label={B.ownVideo()} default />}
        </video>
      ) : r?.status === 'pending' ? (
        <div className="mt-1" data-testid="version-own-progress">
          <progress className="progress progress-primary w-full" value={r.progress} max={100} aria-label={B.ownVideo()} />
          <p className="text-xs text-base-content/70">{B.rendering({ percent: r.progress })}</p>
        </div>
      ) : (
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <VersionAction
            action={start}
            input={input}
            pendingLabel={B.renderStarting()}
            icon={<Clapperboard className="size-4" aria-hidden />}
            testId="version-render"
          >
            {B.renderOwn()}
          </VersionAction>
          <span className="text-xs text-base-content/60" data-testid="version-render-credit">
            {B.renderNoCredit()}
          </span>
        </div>
      )}
      {r?.status === 'failed' && (
        <p className="mt-1 text-xs text-error" data-testid="version-own-failed">
          {B.renderFailed()} {r.error}
        </p>
      )}
    </div>
  );
}
