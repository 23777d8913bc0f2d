import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { fillTemplate } from '@/shared/templates';
import { useI18nContext } from '@locales/i18n-react';
import { errorMessage } from '../../lib/rest';
import { useRefreshSubscription } from '@/web/components/plan-limit';
import { toast } from '../../lib/toast';
import { pollUntilDone } from './polling';
import { fallbackValues, textValues, type VariableField } from './steps';
import { getWizard, updateRender, updateWizard, useWizard } from './store';
import { useTrpc } from '@/web/lib/trpc';

/**
 * Follows the render of the wizard's current video (spec part 2 §4): polls its status on the
 * spec's schedule, and once it is ready saves it to My Videos as completed. Mounted by the wizard
 * page, so it keeps going while the user moves between steps.
 */
export function useRenderPoller() {
  const { LL } = useI18nContext();
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const P = useRef(LL.createVideo.preview);
  P.current = LL.createVideo.preview;
  const saveVideo = useMutation(trpc.videos.update.mutationOptions());
  const saveRef = useRef(saveVideo.mutateAsync);
  saveRef.current = saveVideo.mutateAsync;
  const render = useWizard((s) => s.render);
  const videoId = render?.status === 'processing' ? render.videoId : null;

  useEffect(() => {
    if (!videoId) return;
    let cancelled = false;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          timers.delete(t);
          resolve();
        }, ms);
        timers.add(t);
      });

    const save = async () => {
      try {
        // The render made the video row; saving marks it completed in My Videos (spec §4).
        await saveRef.current({ id: videoId, patch: { status: 'completed' } });
        if (getWizard().render?.videoId === videoId) updateWizard({ savedVideoId: videoId });
        void queryClient.invalidateQueries({ queryKey: trpc.videos.pathKey() });
      } catch {
        toast({ title: P.current.noteTitle(), description: P.current.noteText() });
      }
    };

    void pollUntilDone({
      sleep,
      isCancelled: () => cancelled,
      check: () => queryClient.fetchQuery({ ...trpc.generation.videoStatus.queryOptions({ id: videoId }), staleTime: 0, gcTime: 0 }),
      onReply: (reply) => updateRender({ progress: reply.progress ?? 0, message: reply.message ?? null, thumbnail: reply.thumbnail ?? null }),
      onRetry: (_e, _attempt, delay) => toast({ title: P.current.delayedTitle(), description: P.current.delayedText({ seconds: Math.round(delay / 1000) }) }),
    }).then(async (result) => {
      if (cancelled || getWizard().render?.videoId !== videoId) return;
      if (result.kind === 'ready') {
        updateRender({ status: 'ready', url: result.url, progress: 100, finishedAt: Date.now() });
        await save();
      } else if (result.kind === 'failed') {
        updateRender({ status: 'failed', error: result.error });
        toast({ title: P.current.failedTitle(), description: P.current.failedText(), variant: 'destructive' });
      } else if (result.kind === 'timeout') {
        updateRender({ status: 'timeout' });
        toast({ title: P.current.timeoutTitle(), description: P.current.timeoutText(), variant: 'destructive', duration: 10_000 });
      }
    });
    return () => {
      cancelled = true;
      for (const t of timers) clearTimeout(t);
    };
  }, [videoId, queryClient, trpc]);
}

/**
 * Starts the render: the template's generate call when a template is chosen, otherwise a talk.
 * The script keeps its recipient variables; the values typed are the preview's (issue 10 §1).
 */
export function useStartRender(fields: readonly VariableField[], values: Record<string, string>, fallbackInputs: Record<string, string>) {
  const { LL } = useI18nContext();
  const trpc = useTrpc();
  const P = LL.createVideo.preview;
  const talk = useMutation(trpc.generation.talk.mutationOptions());
  const fromTemplate = useMutation(trpc.templates.generate.mutationOptions());
  // A render uses one of the month's videos; a refusal means the screen's view of usage was stale.
  const refreshSubscription = useRefreshSubscription();

  const start = async () => {
    const s = getWizard();
    if (!s.avatar) return;
    const vars = textValues(fields, values);
    const fallbacks = fallbackValues(fields, fallbackInputs);
    const recipient = new Set(fields.filter((f) => f.role === 'recipient').map((f) => f.name));
    const preview = Object.fromEntries(Object.entries(vars).filter(([k]) => recipient.has(k)));
    const content = Object.fromEntries(Object.entries(vars).filter(([k]) => !recipient.has(k)));
    const voiceRecordingId = s.voiceRecording?.id;
    const look = { ...s.look, voiceId: s.voiceId ?? undefined, backgroundId: s.background?.id, voiceRecordingId };
    try {
      const started = s.templateId
        ? await fromTemplate.mutateAsync({
            id: s.templateId,
            input: {
              variables: vars,
              fallbacks,
              script: s.script,
              avatarId: s.avatar.id,
              voiceId: s.voiceId ?? undefined,
              backgroundId: s.background?.id,
              options: { ...s.look, voiceRecordingId },
            },
          })
        : // The sender's own words are filled in; the recipient's stay placeholders, previewed with the typed values.
          await talk.mutateAsync({
            ...look,
            avatarId: s.avatar.id,
            avatarType: s.avatar.type,
            script: fillTemplate(s.script, content),
            previewValues: preview,
            fallbacks,
          });
      if (!started?.videoId) {
        toast({ title: P.failedTitle(), description: P.failedText(), variant: 'destructive' });
        return;
      }
      updateWizard({
        savedVideoId: null,
        render: {
          videoId: started.videoId,
          taskId: started.taskId ?? null,
          status: 'processing',
          url: null,
          thumbnail: null,
          progress: 0,
          message: null,
          error: null,
          startedAt: Date.now(),
          finishedAt: null,
        },
      });
    } catch (e) {
      toast({ title: P.startFailed(), description: errorMessage(e), variant: 'destructive' });
    } finally {
      refreshSubscription();
    }
  };
  return { start, pending: talk.isPending || fromTemplate.isPending };
}
