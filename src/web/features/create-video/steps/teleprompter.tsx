import { Mic, Play, RotateCcw, Square } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { prompterLines } from '@/shared/sentences';
import { api, errorMessage } from '../../../lib/rest';
import { toast } from '../../../lib/toast';
import type { VoiceRecording } from '../store';
import { METER_FLOOR_DB, useMicrophone, type Take } from '../use-microphone';

// "Record my voice" (decision 221): the script, sentence by sentence; the rep records each sentence
// without a variable, can play it back and redo any one; "Use my recording" uploads the takes. The
// sentences with variables are not read by the rep: the chosen voice says them for each recipient.

const PLACEHOLDER = /(\{\{?\s*[A-Za-z_][A-Za-z0-9_]*\s*(?:\|[^{}]*)?\}\}?)/g;

/** A sentence with its placeholders marked. */
function Sentence({ text }: { text: string }) {
  let at = 0;
  const parts = text.split(PLACEHOLDER).map((part, n) => {
    const piece = { part, at, variable: n % 2 === 1 };
    at += part.length;
    return piece;
  });
  return (
    <>
      {parts.map((p) =>
        p.variable ? (
          <mark key={p.at} className="rounded bg-warning/30 px-1 text-base-content" data-testid="prompter-variable">
            {p.part}
          </mark>
        ) : (
          <span key={p.at}>{p.part}</span>
        ),
      )}
    </>
  );
}

export function Teleprompter({
  script,
  voiceName,
  onDone,
  onCancel,
}: {
  script: string;
  voiceName: string;
  onDone: (r: VoiceRecording) => void;
  onCancel: () => void;
}) {
  const { LL } = useI18nContext();
  const T = LL.createVideo.customize.ownVoice;
  const mic = useMicrophone();
  const lines = useMemo(() => prompterLines(script).map((line, index) => ({ ...line, index })), [script]);
  const [takes, setTakes] = useState<Map<number, Take>>(new Map());
  const [recording, setRecording] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  const playing = useRef<HTMLAudioElement | null>(null);
  const urls = useRef(new Set<string>());
  const { open } = mic;

  useEffect(() => {
    void open();
  }, [open]);
  useEffect(
    () => () => {
      playing.current?.pause();
      for (const u of urls.current) URL.revokeObjectURL(u);
    },
    [],
  );

  const toRecord = lines.flatMap((l, i) => (l.recorded ? [i] : []));
  const left = toRecord.filter((i) => !takes.has(i)).length;
  const current = recording ?? toRecord.find((i) => !takes.has(i)) ?? null;

  const start = async (i: number) => {
    playing.current?.pause();
    if (!(await mic.open())) return;
    mic.record();
    setRecording(i);
  };
  const stop = async () => {
    const take = await mic.finish();
    const i = recording;
    setRecording(null);
    if (!take || i === null) return;
    urls.current.add(take.url);
    setTakes((old) => new Map(old).set(i, take));
  };
  const play = (take: Take) => {
    playing.current?.pause();
    playing.current = new Audio(take.url);
    void playing.current.play().catch(() => undefined);
  };
  const use = async () => {
    const form = new FormData();
    for (const i of toRecord) {
      const take = takes.get(i) as Take;
      form.append('text', lines[i]?.text ?? '');
      form.append('take', take.blob, `take-${i + 1}.${take.blob.type.includes('mp4') ? 'm4a' : take.blob.type.includes('ogg') ? 'ogg' : 'webm'}`);
    }
    setUploading(true);
    try {
      const saved = await api.post('/api/voice-recordings', form);
      mic.close();
      onDone({ id: saved.id, durationSec: saved.durationSec, sentences: saved.sentences.map((s) => s.text) });
    } catch (e) {
      toast({ title: T.uploadFailed(), description: errorMessage(e), variant: 'destructive' });
    } finally {
      setUploading(false);
    }
  };

  const meter = Math.round(((mic.level - METER_FLOOR_DB) / -METER_FLOOR_DB) * 100);
  return (
    <section className="space-y-3 rounded-box border border-primary/40 bg-base-200/40 p-4" aria-labelledby="prompter-title" data-testid="teleprompter">
      <div>
        <h4 id="prompter-title" className="font-semibold">
          {T.panelTitle()}
        </h4>
        <p className="text-sm text-base-content/70">{T.panelHint()}</p>
      </div>
      {mic.problem ? (
        <div
          role="alert"
          className="alert alert-warning alert-soft flex flex-wrap justify-between text-sm"
          data-testid="mic-problem"
          data-problem={mic.problem}
        >
          <span>{T.problems[mic.problem]()}</span>
          <button type="button" className="btn btn-sm" onClick={() => void mic.open()}>
            {T.tryAgain()}
          </button>
        </div>
      ) : (
        <div className="flex items-center gap-2 text-sm">
          <Mic className={`size-4 ${mic.state === 'recording' ? 'text-error' : 'text-base-content/60'}`} aria-hidden />
          <progress
            className={`progress w-48 ${meter > 90 ? 'progress-error' : 'progress-success'}`}
            value={Math.max(0, meter)}
            max={100}
            aria-label={T.level()}
            data-testid="mic-level"
            data-level={mic.level}
            data-state={mic.state}
          />
        </div>
      )}
      {current !== null && lines[current] && (
        <p className="rounded-box bg-base-100 p-4 text-2xl leading-snug" aria-live="polite" data-testid="prompter-current">
          <Sentence text={lines[current].text} />
        </p>
      )}
      {toRecord.length === 0 && <p className="text-sm">{T.nothingToRecord()}</p>}
      <ol className="space-y-2">
        {lines.map((line) => {
          const i = line.index;
          const take = takes.get(i);
          return (
            <li
              key={line.index}
              className={`flex flex-wrap items-center gap-2 rounded-box p-2 ${i === current ? 'bg-primary/10' : 'bg-base-100'}`}
              data-testid="prompter-line"
              data-recorded={line.recorded ? (take ? 'yes' : 'no') : 'voice'}
            >
              <span className="min-w-0 flex-1">
                <Sentence text={line.text} />
                {!line.recorded && <span className="ml-2 badge badge-ghost badge-sm">{T.spokenBy({ voice: voiceName })}</span>}
                {take && <span className="ml-2 text-xs text-base-content/60">{T.recorded({ seconds: take.durationSec.toFixed(1) })}</span>}
              </span>
              {line.recorded &&
                (recording === i ? (
                  <button type="button" className="btn btn-error btn-sm" onClick={() => void stop()} data-testid="prompter-stop">
                    <Square className="size-3" aria-hidden /> {T.stop()}
                  </button>
                ) : (
                  <>
                    {take && (
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        onClick={() => play(take)}
                        disabled={recording !== null}
                        data-testid="prompter-play"
                      >
                        <Play className="size-3" aria-hidden /> {T.play()}
                      </button>
                    )}
                    <button
                      type="button"
                      className={`btn btn-sm ${take ? 'btn-ghost' : 'btn-primary'}`}
                      onClick={() => void start(i)}
                      disabled={recording !== null || uploading || mic.state === 'starting'}
                      data-testid={take ? 'prompter-redo' : 'prompter-record'}
                    >
                      {take ? <RotateCcw className="size-3" aria-hidden /> : <Mic className="size-3" aria-hidden />} {take ? T.redo() : T.record()}
                    </button>
                  </>
                ))}
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-center justify-end gap-2">
        {left > 0 && toRecord.length > 0 && <span className="text-sm text-base-content/60">{T.missingTakes({ count: left })}</span>}
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => {
            mic.close();
            onCancel();
          }}
        >
          {T.cancel()}
        </button>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={left > 0 || toRecord.length === 0 || recording !== null || uploading}
          onClick={() => void use()}
          data-testid="prompter-use"
        >
          {uploading && <span className="loading loading-spinner loading-xs" aria-hidden />}
          {uploading ? T.uploading() : T.confirm()}
        </button>
      </div>
    </section>
  );
}
