import { useQuery } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Clapperboard, Megaphone, PartyPopper, Send } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';
import { useFormat } from '../../lib/format';
import { errorMessage } from '../../lib/rest';
import { percents, phaseOf, PROGRESS_POLL_MS } from './progress';
import { Recipients } from './recipients';
import { LandingAfterSend } from './recipient-view';
import { useTrpc } from '@/web/lib/trpc';
import { ErrorState } from '@/web/components/query-state';

/**
 * The final screen (PRODUCT.md §1): the real progress of the distribution's renders and
 * deliveries, polled every 2 s until all have settled, then the congratulation and Continue.
 */
export function DistributionProgress({
  videoId,
  distributionId,
  skipped,
  onContinue,
  onCampaigns,
}: {
  videoId: string | null;
  distributionId: string;
  skipped: number;
  onContinue: () => void;
  onCampaigns: () => void;
}) {
  const { LL } = useI18nContext();
  const P = LL.distribution.progress;
  const f = useFormat();
  const trpc = useTrpc();
  const progress = useQuery({
    ...trpc.distribution.progress.queryOptions({ id: distributionId }),
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.done || q.state.status === 'error' ? false : PROGRESS_POLL_MS),
  });
  const data = progress.data;
  const phase = data ? phaseOf(data) : 'sending';
  const pct = data ? percents(data) : { renders: 0, deliveries: 0 };
  const d = data?.deliveries;

  return (
    <div
      className="mx-auto flex max-w-xl flex-col items-center gap-5 py-6 text-center"
      data-testid="distribution-progress"
      data-phase={data ? phase : 'loading'}
    >
      <div className={`rounded-full p-4 ${phase === 'completed' ? 'bg-success/15 text-success' : 'bg-primary/10 text-primary'}`}>
        {phase === 'completed' ? (
          <PartyPopper className="size-10" aria-hidden />
        ) : phase === 'rendering' ? (
          <Clapperboard className="size-10 animate-pulse" aria-hidden />
        ) : (
          <Send className="size-10 animate-pulse" aria-hidden />
        )}
      </div>
      <div aria-live="polite">
        <h2 className="text-2xl font-bold" data-testid="progress-title">
          {phase === 'completed' ? P.doneTitle() : phase === 'rendering' ? P.rendering() : P.sending()}
        </h2>
        <p className="mt-1 text-base-content/70">{phase === 'completed' ? P.doneText() : P.wait()}</p>
      </div>

      {/* A poll that fails says so above the last progress read, which stays. */}
      {progress.isError && (
        <div className="w-full text-left">
          <ErrorState message={P.loadFailed()} detail={errorMessage(progress.error)} onRetry={() => void progress.refetch()} />
        </div>
      )}

      {data && (
        <div className="w-full space-y-4 text-left">
          {data.renders.total > 0 && (
            <div data-testid="progress-renders">
              <div className="mb-1 flex justify-between text-sm">
                <span className="font-medium">{P.renders()}</span>
                <span className="text-base-content/70">{P.rendered({ done: data.renders.done, total: data.renders.total })}</span>
              </div>
              <progress className="progress progress-primary w-full" value={pct.renders} max={100} aria-label={P.renders()} />
              {data.secondsLeft !== null && (
                <p className="text-xs text-base-content/70" data-testid="progress-time-left">
                  {data.secondsLeft < 60 ? P.timeLeftSeconds() : P.timeLeft({ minutes: Math.round(data.secondsLeft / 60) })}
                </p>
              )}
              {data.renders.failed > 0 && <p className="text-xs text-error">{P.renderFailed({ count: data.renders.failed })}</p>}
            </div>
          )}
          <div data-testid="progress-deliveries">
            <div className="mb-1 flex justify-between text-sm">
              <span className="font-medium">{P.deliveries()}</span>
              <span className="text-base-content/70">{P.settled({ done: d!.sent + d!.failed + d!.deferred, total: d!.total })}</span>
            </div>
            <progress
              className={`progress w-full ${phase === 'completed' ? 'progress-success' : 'progress-primary'}`}
              value={pct.deliveries}
              max={100}
              aria-label={P.deliveries()}
            />
          </div>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            <Stat label={P.sent()} value={f.number(d!.sent)} tone="text-success" testId="progress-sent" />
            <Stat label={P.pending()} value={f.number(d!.pending)} testId="progress-pending" />
            <Stat label={P.deferred()} value={f.number(d!.deferred)} tone={d!.deferred ? 'text-warning' : ''} testId="progress-deferred" />
            <Stat label={P.failed()} value={f.number(d!.failed)} tone={d!.failed ? 'text-error' : ''} testId="progress-failed" />
          </dl>
          {d!.deferred > 0 && <p className="text-sm text-base-content/70">{P.deferredHint()}</p>}
          {skipped > 0 && (
            <p className="flex items-center gap-1.5 text-sm text-base-content/70" data-testid="progress-skipped">
              <CircleAlert className="size-4 shrink-0" aria-hidden /> {P.skipped({ count: skipped })}
            </p>
          )}
        </div>
      )}

      {data && <Recipients distributionId={distributionId} version={progress.dataUpdatedAt} />}
      {videoId && <LandingAfterSend videoId={videoId} />}

      {phase === 'completed' && (
        <div className="flex flex-wrap justify-center gap-2">
          <button type="button" className="btn btn-primary" onClick={onContinue} data-testid="progress-continue">
            <CircleCheck className="size-4" aria-hidden /> {P.continue()}
          </button>
          <button type="button" className="btn btn-outline" onClick={onCampaigns}>
            <Megaphone className="size-4" aria-hidden /> {P.campaigns()}
          </button>
        </div>
      )}
    </div>
  );
}

function Stat({ label, value, tone = '', testId }: { label: string; value: string; tone?: string; testId: string }) {
  return (
    <div className="rounded-box border border-base-300 p-2 text-center">
      <dt className="text-xs text-base-content/60">{label}</dt>
      <dd className={`text-lg font-semibold ${tone}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
