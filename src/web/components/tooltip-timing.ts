/** The spec's open delay for a hover tooltip (keyboard focus opens at once). */
export const TOOLTIP_DELAY_MS = 700;

type Timers = { set: (fn: () => void, ms: number) => unknown; clear: (handle: unknown) => void };

/**
 * When a tooltip shows: hover waits TOOLTIP_DELAY_MS, focus shows at once, leaving, blur and Escape
 * hide it (and cancel a pending hover). Plain logic, so it is tested without a DOM.
 */
export function tooltipTiming(
  onChange: (open: boolean) => void,
  timers: Timers = { set: (fn, ms) => setTimeout(fn, ms), clear: (h) => clearTimeout(h as number) },
) {
  let pending: unknown;
  let open = false;
  const set = (next: boolean) => {
    if (pending !== undefined) timers.clear(pending);
    pending = undefined;
    if (next !== open) {
      open = next;
      onChange(next);
    }
  };
  return {
    hover() {
      if (open || pending !== undefined) return;
      pending = timers.set(() => {
        pending = undefined;
        set(true);
      }, TOOLTIP_DELAY_MS);
    },
    focus: () => set(true),
    hide: () => set(false),
    dispose() {
      if (pending !== undefined) timers.clear(pending);
      pending = undefined;
    },
  };
}
