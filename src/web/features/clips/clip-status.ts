// Clip statuses (spec part 2 §4): done/completed succeed, created/started/processing spin,
// error/rejected fail. Reuse is enabled only for a finished clip.
export type ClipTone = 'success' | 'pending' | 'failure' | 'unknown';

const TONES: Record<string, ClipTone> = {
  done: 'success',
  completed: 'success',
  created: 'pending',
  started: 'pending',
  processing: 'pending',
  error: 'failure',
  rejected: 'failure',
};

export const clipTone = (status: string): ClipTone => TONES[status.toLowerCase()] ?? 'unknown';
export const canReuseClip = (status: string) => clipTone(status) === 'success';
export const isClipPending = (status: string) => clipTone(status) === 'pending';
