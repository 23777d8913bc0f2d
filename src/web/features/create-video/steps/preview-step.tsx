import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CircleAlert, CircleCheck, Clapperboard, Clock, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { hasVariables, previewLabel } from '@/shared/variables';
import { useFormat } from '../../../lib/format';
import { useStepLabel } from '../stepper';
import { previewText, textValues, type StepId } from '../steps';
import { updateRender, useWizard } from '../store';
import { useStartRender } from '../use-render';
import { useVariables } from '../use-variables';
import { PlanLimitNotice } from '@/web/components/plan-limit';
import { AvatarImage } from './avatar-step';
import { Tooltip } from '../../../components/tooltip';
import { useTrpc } from '@/web/lib/trpc';
import { Notice } from '@/web/components/notice';
import { StepHeader } from './step-parts';
import { VideoPlayer } from '@/web/components/videos/video-player-dialog';

const MY_VIDEOS: string = '/my-videos';
export const resolutionName = (r: string | undefined) => (r === '2160p' ? '4K (2160p)' : (r ?? '—'));

/** Generation, progress and playback (spec part 2 §2.1, §4). */
export function PreviewStep({ onGoTo }: { onGoTo: (step: StepId) => void }) {
  const { LL } = useI18nContext();
  const P = LL.createVideo.preview;
  const trpc = useTrpc();
  const stepLabel = useStepLabel();
  const f = useFormat();
  const s = useWizard((x) => x);
  const { fields, values, fallbacks, template } = useVariables();
  const { start, pending } = useStartRender(fields, values, fallbacks);
  // The render greets the preview's values, not a recipient: say so (never burned into the video).
  const recipientValues = textValues(
    fields.filter((f) => f.role === 'recipient'),
    values,
  );
  const previewName = previewLabel(s.script, recipientValues);
  const voices = useQuery({ ...trpc.voices.list.queryOptions({ avatarId: s.avatar?.id }), staleTime: 5 * 60 * 1000 });
  const subscription = useQuery({ ...trpc.billing.subscription.queryOptions(), staleTime: 0 });
  const voice = voices.data?.voices.find((v) => v.id === (s.voiceId ?? voices.data?.defaultVoiceId));
  const render = s.render;
  const busy = pending || render?.status === 'processing';
  // The plan's limits (videos this month, storage, trial): Generate is disabled and says why.
  const block = subscription.data?.renderBlock ?? null;
  const credits = subscription.data?.usage.videosThisMonth;
  const missing: { text: string; step: StepId }[] = [];
  if (!s.script.trim()) missing.push({ text: P.missingScript(), step: 'script' });
  if (!s.avatar) missing.push({ text: P.missingAvatar(), step: 'avatar' });
  const seconds = render?.finishedAt ? ((render.finishedAt - render.startedAt) / 1000).toFixed(1) : null;

  return (
    <div className="space-y-4">
      <StepHeader title={P.title()} hint={P.hint()} />

      <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
        <aside className="space-y-3 rounded-box bg-base-200 p-4 text-sm" data-testid="preview-summary">
          <h3 className="font-semibold">{P.summary()}</h3>
          <Row label={P.avatar()}>
            {s.avatar ? (
              <span className="flex items-center justify-end gap-2">
                <AvatarImage src={s.avatar.thumbnail} className="size-6 rounded-full" />
                {s.avatar.name}
              </span>
            ) : (
              '—'
            )}
          </Row>
          <Row label={P.voice()}>
            {s.voiceRecording ? (
              // The rep's recording; the chosen voice says the sentences with variables (decision 221).
              <span data-testid="summary-voice">
                {P.yourRecording()}
                {hasVariables(s.script) && <span className="block text-xs text-base-content/60">{P.personalVoice({ voice: voice?.name ?? '—' })}</span>}
              </span>
            ) : (
              (voice?.name ?? '—')
            )}
          </Row>
          <Row label={P.template()}>{template?.name ?? LL.createVideo.template.none()}</Row>
          <Row label={P.background()}>{s.background ? P.uploaded() : template ? template.name : P.plain()}</Row>
          <Row label={P.resolution()}>{resolutionName(subscription.data?.renderTier.resolution)}</Row>
          <div>
            <p className="text-base-content/60">{P.script()}</p>
            <p className="mt-1 line-clamp-6 whitespace-pre-wrap" data-testid="preview-script">
              {s.script ? previewText(s.script, fields, values, fallbacks) : '—'}
            </p>
          </div>
        </aside>

        <div className="space-y-3">
          {missing.length > 0 && (
            <ul className="space-y-2">
              {missing.map((m) => (
                <li key={m.step} role="alert" className="alert alert-warning alert-soft flex flex-wrap justify-between">
                  <span>{m.text}</span>
                  <button type="button" className="btn btn-sm" onClick={() => onGoTo(m.step)}>
                    {P.goTo({ step: stepLabel(m.step) })}
                  </button>
                </li>
              ))}
            </ul>
          )}

          <div
            className="relative flex aspect-video w-full items-center justify-center overflow-hidden rounded-box bg-neutral text-neutral-content"
            data-testid="preview-stage"
          >
            {render?.status === 'ready' && render.url ? (
              <>
                <VideoPlayer url={render.url} poster={render.thumbnail} className="size-full bg-black object-contain" testId="preview-video" />
                {previewName && (
                  <Tooltip content={P.previewNote()}>
                    <button
                      type="button"
                      className="badge badge-neutral absolute top-2 left-2 cursor-default border-white/30 bg-black/70 text-white"
                      data-testid="preview-for"
                    >
                      {P.previewFor({ name: previewName })}
                    </button>
                  </Tooltip>
                )}
              </>
            ) : render?.status === 'processing' || pending ? (
              <div className="flex w-2/3 flex-col items-center gap-3 text-center" data-testid="preview-progress">
                <span className="loading loading-spinner loading-lg" />
                <p>{render && render.progress > 0 ? P.rendering() : P.waiting()}</p>
                <progress className="progress progress-primary w-full" value={render?.progress ?? 0} max={100} />
                <p className="text-sm opacity-80">{P.progress({ progress: render?.progress ?? 0 })}</p>
              </div>
            ) : (
              <div className="flex flex-col items-center gap-2 p-6 text-center opacity-80">
                <Clapperboard className="size-10" aria-hidden />
                <p>{P.idle()}</p>
              </div>
            )}
          </div>

          {render?.status === 'ready' && (
            <Notice
              tone="success"
              icon={CircleCheck}
              title={P.ready()}
              testId="preview-ready"
              action={
                <Link to={MY_VIDEOS} className="btn btn-sm">
                  {P.openMyVideos()}
                </Link>
              }
            >
              <p className="text-sm">
                {seconds && P.readyIn({ seconds: f.number(Number(seconds)) })}
                {s.savedVideoId === render.videoId && ` · ${P.saved()}`}
              </p>
              {previewName && <p className="text-sm opacity-80">{P.previewNote()}</p>}
            </Notice>
          )}
          {render?.status === 'failed' && (
            <Notice tone="error" icon={CircleAlert} title={P.failedTitle()} testId="preview-failed">
              <p className="text-sm">{P.failedText()}</p>
              {render.error && <p className="text-xs opacity-80">{render.error}</p>}
            </Notice>
          )}
          {render?.status === 'timeout' && (
            <Notice
              tone="warning"
              icon={Clock}
              title={P.timeoutTitle()}
              testId="preview-timeout"
              action={
                <button type="button" className="btn btn-sm" onClick={() => updateRender({ status: 'processing' })} data-testid="preview-check-again">
                  <RefreshCw className="size-4" aria-hidden /> {P.checkAgain()}
                </button>
              }
            >
              <p className="text-sm">{P.timeoutText()}</p>
            </Notice>
          )}

          {block && !busy && <PlanLimitNotice block={block} />}
          <div className="flex flex-wrap items-center justify-end gap-3">
            {credits && !block && (
              // Every render counts as one video of the month, a preview too (docs/decisions/120).
              <p className="text-sm text-base-content/70" data-testid="preview-credit">
                {credits.limit === null ? P.usesCreditUnlimited() : P.usesCredit({ left: Math.max(0, credits.limit - credits.used) })}
              </p>
            )}
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy || missing.length > 0 || !!block}
              onClick={() => void start()}
              data-testid="preview-generate"
            >
              {busy && <span className="loading loading-spinner loading-sm" />}
              {pending
                ? P.starting()
                : render?.status === 'processing'
                  ? P.generate()
                  : render
                    ? render.status === 'failed'
                      ? P.tryAgain()
                      : P.regenerate()
                    : P.generate()}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <span className="text-base-content/60">{label}</span>
      <span className="text-right font-medium">{children}</span>
    </div>
  );
}
