import { useCallback, useEffect, useRef, useState } from 'react';

// The teleprompter's microphone: one stream for the panel's life (the level meter shows the room
// before a take starts), a MediaRecorder per take on it. Released when the panel closes. The render
// levels and trims every take (decision 221), so the browser's automatic gain is turned off: it
// would pump the level inside a sentence.

export type MicProblem = 'denied' | 'missing' | 'busy' | 'unsupported' | 'failed';
export type MicState = 'off' | 'starting' | 'live' | 'recording';
export type Take = { blob: Blob; url: string; durationSec: number };

const CONSTRAINTS: MediaTrackConstraints = { echoCancellation: false, noiseSuppression: true, autoGainControl: false, channelCount: 1 };
/** What the browser can record, the server's favourite first (all are decoded there). */
const TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/mp4'];
/** The meter's floor (dBFS): quieter is shown as nothing. */
export const METER_FLOOR_DB = -60;

export function micProblemOf(e: unknown): MicProblem {
  const name = e instanceof Error || (typeof e === 'object' && e && 'name' in e) ? String((e as { name: unknown }).name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'missing';
  if (name === 'NotReadableError' || name === 'AbortError' || name === 'TrackStartError') return 'busy';
  return 'failed';
}

export function useMicrophone() {
  const [state, setState] = useState<MicState>('off');
  const [problem, setProblem] = useState<MicProblem | null>(null);
  const [level, setLevel] = useState(METER_FLOOR_DB);
  const stream = useRef<MediaStream | null>(null);
  const audio = useRef<AudioContext | null>(null);
  const meter = useRef<ReturnType<typeof setInterval> | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const startedAt = useRef(0);

  const release = useCallback(() => {
    if (meter.current) clearInterval(meter.current);
    meter.current = null;
    if (recorder.current?.state === 'recording') recorder.current.stop();
    recorder.current = null;
    for (const t of stream.current?.getTracks() ?? []) t.stop();
    stream.current = null;
    void audio.current?.close().catch(() => undefined);
    audio.current = null;
    setLevel(METER_FLOOR_DB);
    setState('off');
  }, []);

  useEffect(() => release, [release]);

  /** Asks for the microphone (the browser's prompt) and starts the meter; false with `problem` set when refused. */
  const open = useCallback(async (): Promise<boolean> => {
    if (stream.current) return true;
    setProblem(null);
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      setProblem('unsupported');
      return false;
    }
    setState('starting');
    try {
      const s = await navigator.mediaDevices.getUserMedia({ audio: CONSTRAINTS });
      stream.current = s;
      const ctx = new AudioContext();
      audio.current = ctx;
      await ctx.resume().catch(() => undefined);
      const analyser = ctx.createAnalyser();
      analyser.fftSize = 2048;
      ctx.createMediaStreamSource(s).connect(analyser);
      const buf = new Float32Array(analyser.fftSize);
      meter.current = setInterval(() => {
        analyser.getFloatTimeDomainData(buf);
        let sum = 0;
        for (const v of buf) sum += v * v;
        const db = Math.max(METER_FLOOR_DB, Math.round(10 * Math.log10(sum / buf.length + 1e-12)));
        setLevel((old) => (old === db ? old : db));
      }, 50);
      setState('live');
      return true;
    } catch (e) {
      release();
      setProblem(micProblemOf(e));
      return false;
    }
  }, [release]);

  /** Starts a take on the open stream. */
  const record = useCallback(() => {
    const s = stream.current;
    if (!s || recorder.current?.state === 'recording') return;
    const mimeType = TYPES.find((t) => MediaRecorder.isTypeSupported?.(t));
    const r = new MediaRecorder(s, mimeType ? { mimeType } : undefined);
    chunks.current = [];
    r.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.current.push(e.data);
    };
    recorder.current = r;
    startedAt.current = performance.now();
    r.start();
    setState('recording');
  }, []);

  /** Ends the take: its audio, as the browser recorded it. */
  const finish = useCallback(async (): Promise<Take | null> => {
    const r = recorder.current;
    if (r?.state !== 'recording') return null;
    const stopped = new Promise<void>((resolve) => {
      r.onstop = () => resolve();
    });
    r.stop();
    await stopped;
    recorder.current = null;
    setState(stream.current ? 'live' : 'off');
    const blob = new Blob(chunks.current, { type: r.mimeType || 'audio/webm' });
    return { blob, url: URL.createObjectURL(blob), durationSec: (performance.now() - startedAt.current) / 1000 };
  }, []);

  return { state, problem, level, open, record, finish, close: release };
}
