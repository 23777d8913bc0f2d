import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Mic, Play, Square } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { FormField, LabelledField } from '@/web/components/form-field';
import { PendingButton } from '@/web/components/pending-button';
import { api, errorMessage } from '@/web/lib/rest';
import { toast } from '@/web/lib/toast';
import { useTrpc } from '@/web/lib/trpc';
import { useObjectUrl } from '@/web/lib/use-object-url';
import { SettingsCard } from '../settings-card';
import { useIntegrationMessage } from './messages';

/** The server takes 20 s to 3 min; the recorder stops itself at the upper bound. */
const MIN_SECONDS = 20;
const MAX_SECONDS = 180;

function stopRecording(r: { recorder: MediaRecorder; timer: ReturnType<typeof setInterval> } | null) {
  if (!r) return;
  clearInterval(r.timer);
  if (r.recorder.state !== 'inactive') r.recorder.stop();
}

type Recorder = { state: 'idle' | 'recording' | 'denied'; seconds: number; start: () => void; stop: () => void };

/** The microphone through MediaRecorder: a sample in whatever the browser records (WebM/Opus, Ogg, MP4). */
function useRecorder(onDone: (sample: Blob, seconds: number) => void): Recorder {
  const [state, setState] = useState<Recorder['state']>('idle');
  const [seconds, setSeconds] = useState(0);
  const rec = useRef<{ recorder: MediaRecorder; stream: MediaStream; timer: ReturnType<typeof setInterval>; startedAt: number } | null>(null);
  const stop = () => stopRecording(rec.current);
  // Leaving the page ends a recording (and frees the microphone).
  useEffect(() => () => stopRecording(rec.current), []);
  const start = async () => {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
    } catch {
      setState('denied');
      return;
    }
    const recorder = new MediaRecorder(stream);
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => e.data.size && chunks.push(e.data);
    recorder.onstop = () => {
      const r = rec.current;
      for (const track of stream.getTracks()) track.stop();
      rec.current = null;
      setState('idle');
      if (r) onDone(new Blob(chunks, { type: recorder.mimeType || 'audio/webm' }), Math.round((Date.now() - r.startedAt) / 1000));
    };
    const startedAt = Date.now();
    const timer = setInterval(() => {
      const s = Math.floor((Date.now() - startedAt) / 1000);
      setSeconds(s);
      if (s >= MAX_SECONDS) stop();
    }, 250);
    rec.current = { recorder, stream, timer, startedAt };
    setSeconds(0);
    setState('recording');
    recorder.start(1000);
  };
  return { state, seconds, start: () => void start(), stop };
}

/**
 * "Clone my voice" (ElevenLabs' instant voice cloning): the user reads the text shown for 30 to 60
 * seconds, or uploads a recording; the server sends it to the workspace's own ElevenLabs account and
 * the voice joins the workspace's voice list.
 */
export function CloneVoice() {
  const { LL } = useI18nContext();
  const t = LL.settings.integrations.clone;
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const message = useIntegrationMessage();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [sample, setSample] = useState<{ blob: Blob; fileName: string; seconds?: number } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const recorder = useRecorder((blob, seconds) => setSample({ blob, fileName: blob.type.includes('mp4') ? 'recording.m4a' : 'recording.webm', seconds }));
  const url = useObjectUrl(sample?.blob ?? null);
  const clone = useMutation({
    mutationFn: (v: { name: string; blob: Blob; fileName: string }) => {
      const form = new FormData();
      form.set('name', v.name);
      form.set('sample', v.blob, v.fileName);
      return api.post('/api/integrations/elevenlabs/voices', form);
    },
    onSuccess: (r) => {
      toast({ title: t.done(), description: t.doneText({ name: r.name }), variant: 'success' });
      setSample(null);
      setName('');
      if (fileInput.current) fileInput.current.value = '';
      void queryClient.invalidateQueries({ queryKey: trpc.voices.list.queryKey() });
    },
    onError: (e) => toast({ title: LL.settings.integrations.actionFailed(), description: message(errorMessage(e)), variant: 'destructive' }),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setNameError(LL.settings.integrations.errors.voiceNameRequired());
    setNameError(undefined);
    if (sample) clone.mutate({ name: name.trim(), blob: sample.blob, fileName: sample.fileName });
  };
  const short = sample?.seconds !== undefined && sample.seconds < MIN_SECONDS;

  return (
    <SettingsCard title={t.title()} icon={Mic} hint={t.hint()} testId="clone-voice">
      <blockquote className="rounded-box border-l-4 border-primary bg-base-200 p-3 text-sm leading-relaxed" data-testid="clone-voice-text">
        {t.readThis()}
      </blockquote>
      <form className="mt-3 space-y-3" onSubmit={onSubmit} noValidate>
        <div className="flex flex-wrap items-center gap-2">
          {recorder.state === 'recording' ? (
            <button type="button" className="btn btn-error btn-sm" onClick={recorder.stop} data-testid="clone-voice-stop">
              <Square className="size-4" aria-hidden /> {t.stop()}
            </button>
          ) : (
            <button type="button" className="btn btn-outline btn-sm" onClick={recorder.start} disabled={clone.isPending} data-testid="clone-voice-record">
              <Mic className="size-4" aria-hidden /> {sample ? t.again() : t.record()}
            </button>
          )}
          <span className="text-sm text-base-content/70" aria-live="polite" data-testid="clone-voice-state">
            {recorder.state === 'recording'
              ? t.recording({ seconds: recorder.seconds })
              : sample?.seconds !== undefined
                ? t.recorded({ seconds: sample.seconds })
                : ''}
          </span>
        </div>
        {recorder.state === 'denied' && (
          <p role="alert" className="text-sm text-error">
            {t.noMicrophone()}
          </p>
        )}
        {short && <p className="text-sm text-warning">{t.tooShort()}</p>}
        {url && (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => void new Audio(url).play().catch(() => undefined)}
            data-testid="clone-voice-listen"
          >
            <Play className="size-4" aria-hidden /> {t.listen()}
          </button>
        )}
        <LabelledField label={t.upload()}>
          {(id) => (
            <input
              id={id}
              ref={fileInput}
              type="file"
              accept="audio/*,.wav,.mp3,.m4a,.webm,.ogg"
              className="file-input file-input-sm w-full max-w-md"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) setSample({ blob: file, fileName: file.name });
              }}
              data-testid="clone-voice-file"
            />
          )}
        </LabelledField>
        <div className="flex flex-wrap items-end gap-3">
          <FormField
            className="min-w-56 flex-1 py-0"
            label={t.name()}
            placeholder={t.namePlaceholder()}
            value={name}
            maxLength={60}
            onChange={(e) => setName(e.target.value)}
            error={nameError}
            data-testid="clone-voice-name"
          />
          <PendingButton
            pending={clone.isPending}
            disabled={!sample || short || recorder.state === 'recording'}
            pendingLabel={t.submitting()}
            className="btn-primary mb-1"
            testId="clone-voice-submit"
          >
            {t.submit()}
          </PendingButton>
        </div>
      </form>
    </SettingsCard>
  );
}
