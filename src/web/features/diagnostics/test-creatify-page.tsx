import { useMutation, useQuery } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Clock, ExternalLink, Play, Search, Square } from 'lucide-react';
import { useId, useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { FormField, LabelledField } from '../../components/form-field';
import { PageHeader } from '../../components/page-header';
import { api, errorMessage } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { PlanLimitNotice, useRefreshSubscription, useSubscription } from '@/web/components/plan-limit';
import { POLL_MAX_ATTEMPTS } from './poll-schedule';
import { useTalkPoll, type PollPhase } from './use-talk-poll';
import { useTrpc } from '@/web/lib/trpc';
import { PendingButton } from '@/web/components/pending-button';

const PHASE_TONE: Record<PollPhase, string> = {
  idle: 'badge-ghost',
  polling: 'badge-info',
  ready: 'badge-success',
  failed: 'badge-error',
  timeout: 'badge-warning',
};

export function TestCreatifyPage() {
  const { LL } = useI18nContext();
  const T = LL.diagnostics.creatify;
  const trpc = useTrpc();
  const voices = useQuery(trpc.voices.list.queryOptions());
  const scriptId = useId();
  const voiceList = useId();
  const [script, setScript] = useState('');
  const [avatarId, setAvatarId] = useState('');
  const [voiceId, setVoiceId] = useState('');
  const [taskId, setTaskId] = useState('');
  const block = useSubscription().data?.renderBlock ?? null;
  const refreshSubscription = useRefreshSubscription();
  const poll = useTalkPoll((e) => toast({ title: T.checkFailed(), description: errorMessage(e), variant: 'destructive' }));

  const generate = useMutation({
    mutationFn: () => api.post('/api/avatars/talk', { script, avatarId: avatarId.trim(), voiceId: voiceId.trim() || undefined }),
    onSuccess: (r) => {
      const id = r.taskId;
      setTaskId(id);
      if (id) poll.start(id);
    },
    onError: (e) => toast({ title: T.generateFailed(), description: errorMessage(e), variant: 'destructive' }),
    onSettled: refreshSubscription,
  });

  const check = () => {
    const id = taskId.trim();
    if (!id) {
      toast({ title: T.noVideoId(), description: T.noVideoIdText(), variant: 'destructive' });
      return;
    }
    poll.start(id, { immediate: true });
  };

  const { phase, attempts, nextDelayMs, reply, error } = poll.state;
  const url = phase === 'ready' ? (reply?.result_url ?? reply?.processed_url ?? null) : null;
  const progress = reply?.progress;

  return (
    <div data-testid="test-creatify">
      <PageHeader title={T.title()} subtitle={T.subtitle()} />
      <div className="grid gap-6 lg:grid-cols-2">
        <form
          className="card border border-base-300 bg-base-100"
          onSubmit={(e) => {
            e.preventDefault();
            if (!generate.isPending && !block) generate.mutate();
          }}
        >
          <div className="card-body gap-2 p-5">
            <LabelledField label={T.script()} htmlFor={scriptId}>
              <textarea
                id={scriptId}
                className="textarea h-32 w-full"
                value={script}
                onChange={(e) => setScript(e.target.value)}
                placeholder={T.scriptPlaceholder()}
                maxLength={5000}
                data-testid="talk-script"
              />
            </LabelledField>
            <FormField
              label={T.avatarId()}
              value={avatarId}
              onChange={(e) => setAvatarId(e.target.value)}
              placeholder="stock-0"
              autoComplete="off"
              spellCheck={false}
              hint={<p className="label whitespace-normal">{T.avatarIdHint()}</p>}
              data-testid="talk-avatar-id"
            />
            <FormField
              label={T.voiceId()}
              value={voiceId}
              onChange={(e) => setVoiceId(e.target.value)}
              list={voiceList}
              autoComplete="off"
              spellCheck={false}
              hint={<p className="label whitespace-normal">{T.voiceIdHint()}</p>}
              data-testid="talk-voice-id"
            />
            <datalist id={voiceList}>
              {voices.data?.voices.map((v) => (
                <option key={v.id} value={v.id}>
                  {`${v.name} (${v.languageName}, ${v.gender})`}
                </option>
              ))}
            </datalist>
            {block && <PlanLimitNotice block={block} />}
            <div className="card-actions mt-2 justify-end">
              <PendingButton
                pending={generate.isPending}
                disabled={!!block}
                icon={<Play className="size-4" aria-hidden />}
                pendingLabel={T.generating()}
                testId="talk-generate"
              >
                {T.generate()}
              </PendingButton>
            </div>
          </div>
        </form>

        <section className="card border border-base-300 bg-base-100" data-testid="talk-status-panel">
          <div className="card-body gap-4 p-5">
            <form
              className="flex flex-col gap-2 sm:flex-row sm:items-end"
              onSubmit={(e) => {
                e.preventDefault();
                check();
              }}
            >
              <FormField
                label={T.taskId()}
                value={taskId}
                onChange={(e) => setTaskId(e.target.value)}
                autoComplete="off"
                spellCheck={false}
                className="flex-1"
                data-testid="talk-task-id"
              />
              {phase === 'polling' ? (
                <button type="button" className="btn btn-outline sm:mb-1" onClick={poll.stop} data-testid="talk-stop">
                  <Square className="size-4" aria-hidden /> {T.stop()}
                </button>
              ) : (
                <button type="submit" className="btn btn-outline sm:mb-1" data-testid="talk-check">
                  <Search className="size-4" aria-hidden /> {T.checkStatus()}
                </button>
              )}
            </form>

            <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
              <dt className="text-base-content/70">{T.status()}</dt>
              <dd className="flex flex-wrap items-center gap-2">
                <span className={`badge gap-1 ${PHASE_TONE[phase]}`} data-testid="talk-phase" data-phase={phase}>
                  {phase === 'polling' && <span className="loading loading-spinner loading-xs" aria-hidden />}
                  {phase === 'ready' && <CircleCheck className="size-3.5" aria-hidden />}
                  {phase === 'failed' && <CircleAlert className="size-3.5" aria-hidden />}
                  {phase === 'timeout' && <Clock className="size-3.5" aria-hidden />}
                  {T.phase[phase]()}
                </span>
                {reply?.status && (
                  <code className="rounded bg-base-200 px-1.5 py-0.5 text-xs" data-testid="talk-status">
                    {reply.status}
                  </code>
                )}
              </dd>
              {attempts > 0 && (
                <>
                  <dt className="text-base-content/70">{T.progress()}</dt>
                  <dd className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    {typeof progress === 'number' && (
                      <progress className="progress progress-primary w-32" value={progress} max={100} aria-label={T.progress()} />
                    )}
                    <span data-testid="talk-attempts">{T.attempt({ n: attempts, max: POLL_MAX_ATTEMPTS })}</span>
                    {phase === 'polling' && nextDelayMs !== null && (
                      <span className="text-base-content/60" data-testid="talk-next">
                        {T.nextCheck({ seconds: (nextDelayMs / 1000).toFixed(1) })}
                      </span>
                    )}
                  </dd>
                </>
              )}
            </dl>
            {error && (phase === 'failed' || phase === 'polling') && (
              <p className="text-sm text-error" role="alert" data-testid="talk-error">
                {error}
              </p>
            )}
            {phase === 'timeout' && (
              <p className="text-sm text-warning" data-testid="talk-timeout">
                {T.timeoutText()}
              </p>
            )}
            {url && (
              <div className="flex flex-col gap-2" data-testid="talk-result">
                <h2 className="font-semibold">{T.result()}</h2>
                <video
                  src={url}
                  poster={reply?.thumbnail ?? undefined}
                  controls
                  playsInline
                  className="aspect-video w-full rounded-box bg-black"
                  data-testid="talk-video"
                />
                <a href={url} target="_blank" rel="noreferrer" className="link link-hover inline-flex items-center gap-1 self-end text-sm">
                  <ExternalLink className="size-3.5" aria-hidden /> {T.openVideo()}
                </a>
              </div>
            )}
          </div>
        </section>
      </div>
    </div>
  );
}
