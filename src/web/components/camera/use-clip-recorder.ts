import { useEffect, useRef, useState } from 'react';

export const CLIP_MIN_SECONDS = 10;
export const CLIP_MAX_SECONDS = 60;
/** 1 Mbit/s: a 60 s clip stays under the 10MB upload cap (≈ 7.5 MB), a webcam's face stays sharp. */
export const CLIP_BITS_PER_SECOND = 1_000_000;
/** What Chromium and Firefox record; WebM is what the server accepts from a camera (decision 176). */
const CLIP_TYPES = ['video/webm;codecs=vp8', 'video/webm;codecs=vp9', 'video/webm'];

/** The first WebM flavour the browser records, or undefined when it records none. */
export function clipMimeType(isSupported: (type: string) => boolean): string | undefined {
  return CLIP_TYPES.find((t) => isSupported(t));
}

/** A clip may stop once it is long enough. */
export const canStop = (elapsedMs: number) => elapsedMs >= CLIP_MIN_SECONDS * 1000;

export type Recording = { status: 'idle' } | { status: 'recording'; elapsedMs: number } | { status: 'done'; clip: File; seconds: number; autoStopped: boolean };

/** Records the stream into a WebM clip of 10–60 s: a running timer, an automatic stop at 60 s. */
export function useClipRecorder(stream: MediaStream | null) {
  const [recording, setRecording] = useState<Recording>({ status: 'idle' });
  const recorder = useRef<MediaRecorder | null>(null);
  const started = useRef(0);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const autoStopped = useRef(false);

  const finish = (auto: boolean) => {
    clearInterval(timer.current);
    autoStopped.current = auto;
    const r = recorder.current;
    if (r && r.state !== 'inactive') r.stop();
  };

  const start = (): boolean => {
    const type = typeof MediaRecorder === 'undefined' ? undefined : clipMimeType((t) => MediaRecorder.isTypeSupported(t));
    if (!stream || !type) return false;
    const chunks: Blob[] = [];
    const r = new MediaRecorder(stream, { mimeType: type, videoBitsPerSecond: CLIP_BITS_PER_SECOND });
    r.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    r.onstop = () => {
      const seconds = Math.min(CLIP_MAX_SECONDS, (performance.now() - started.current) / 1000);
      const clip = new File(chunks, 'camera-clip.webm', { type: 'video/webm' });
      if (recorder.current === r) setRecording({ status: 'done', clip, seconds, autoStopped: autoStopped.current });
    };
    recorder.current = r;
    // Data every second, so a clip stopped by the timer loses nothing.
    r.start(1000);
    started.current = performance.now();
    setRecording({ status: 'recording', elapsedMs: 0 });
    timer.current = setInterval(() => {
      const elapsedMs = performance.now() - started.current;
      if (elapsedMs >= CLIP_MAX_SECONDS * 1000) finish(true);
      else setRecording({ status: 'recording', elapsedMs });
    }, 250);
    return true;
  };

  /** Stops the clip; false (and recording goes on) while it is shorter than the minimum. */
  const stop = (): boolean => {
    if (!canStop(performance.now() - started.current)) return false;
    finish(false);
    return true;
  };

  const reset = () => {
    clearInterval(timer.current);
    const r = recorder.current;
    recorder.current = null;
    if (r && r.state !== 'inactive') r.stop();
    setRecording({ status: 'idle' });
  };

  // Leaving the panel drops a clip being recorded.
  useEffect(
    () => () => {
      clearInterval(timer.current);
      const r = recorder.current;
      recorder.current = null;
      if (r && r.state !== 'inactive') r.stop();
    },
    [],
  );

  return { recording, start, stop, reset };
}
