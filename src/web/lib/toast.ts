import { useSyncExternalStore } from 'react';

// A tiny toast store (spec part 1 §9): one toast visible at a time, shown for 5 s by default.
export type ToastVariant = 'default' | 'success' | 'destructive';
export type Toast = { id: number; title: string; description?: string; variant: ToastVariant; duration: number };

export const TOAST_DURATION_MS = 5000;

let current: Toast | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
let remaining = 0;
let startedAt = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

function schedule(ms: number) {
  clearTimeout(timer);
  remaining = ms;
  startedAt = Date.now();
  timer = setTimeout(dismissToast, ms);
}

export function toast(input: { title: string; description?: string; variant?: ToastVariant; duration?: number }): number {
  current = { id: nextId++, variant: 'default', duration: TOAST_DURATION_MS, ...input };
  schedule(current.duration);
  emit();
  return current.id;
}

export function dismissToast() {
  clearTimeout(timer);
  if (!current) return;
  current = null;
  emit();
}

/** Hovering or focusing the toast pauses its timer, so it can be read. */
export function pauseToast() {
  clearTimeout(timer);
  remaining = Math.max(0, remaining - (Date.now() - startedAt));
}

export function resumeToast() {
  if (current) schedule(Math.max(remaining, 1000));
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const useToast = () =>
  useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
