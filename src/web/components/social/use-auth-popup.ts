import { useCallback, useEffect, useRef, useState } from 'react';
import { popupFeatures } from '@/web/lib/platforms';

/** Spec part 2 §9: the popup's closure is polled every second. */
export const POPUP_POLL_MS = 1000;
/** Social Profiles refetches the profile list 5 s after a popup opens. */
export const PROFILE_REFETCH_MS = 5000;

type Options = {
  width: number;
  height: number;
  /** Called once when the popup is found closed. */
  onClosed: () => void;
  /** Called once, `afterOpenMs` after the popup opened (if it is still open or not). */
  afterOpen?: { ms: number; run: () => void };
};

/**
 * Opens an authorization page in a centred popup and watches it: its closure is polled every
 * second. The popup keeps `window.opener` (the sandbox and hosted pages close themselves through
 * it). Returns false when the browser blocked the popup.
 */
export function useAuthPopup({ width, height, onClosed, afterOpen }: Options) {
  const popup = useRef<Window | null>(null);
  const timers = useRef<{ poll?: ReturnType<typeof setInterval>; after?: ReturnType<typeof setTimeout> }>({});
  const closedRef = useRef(onClosed);
  closedRef.current = onClosed;
  const afterRef = useRef(afterOpen);
  afterRef.current = afterOpen;
  const [open, setOpen] = useState(false);

  const stop = useCallback(() => {
    clearInterval(timers.current.poll);
    clearTimeout(timers.current.after);
    timers.current = {};
  }, []);

  useEffect(() => stop, [stop]);

  const openPopup = useCallback(
    (url: string): boolean => {
      stop();
      const screen = {
        width: window.outerWidth || window.innerWidth,
        height: window.outerHeight || window.innerHeight,
        left: window.screenX ?? 0,
        top: window.screenY ?? 0,
      };
      const w = window.open(url, 'social-connect', popupFeatures(width, height, screen));
      if (!w) return false;
      popup.current = w;
      setOpen(true);
      w.focus?.();
      timers.current.poll = setInterval(() => {
        if (!popup.current || popup.current.closed) {
          stop();
          popup.current = null;
          setOpen(false);
          closedRef.current();
        }
      }, POPUP_POLL_MS);
      const after = afterRef.current;
      if (after) timers.current.after = setTimeout(after.run, after.ms);
      return true;
    },
    [width, height, stop],
  );

  return { open: openPopup, isOpen: open };
}
