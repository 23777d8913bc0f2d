// The final screen (PRODUCT.md §1: the real progress of renders and deliveries).

export type Progress = {
  renders: { total: number; done: number; failed: number };
  deliveries: { total: number; sent: number; failed: number; deferred: number; pending: number };
  done: boolean;
};

/** Polled every 2 s until every render and delivery has settled. */
export const PROGRESS_POLL_MS = 2000;

export type Phase = 'rendering' | 'sending' | 'completed';

export function phaseOf(p: Progress): Phase {
  if (p.done) return 'completed';
  if (p.renders.total > 0 && p.renders.done + p.renders.failed < p.renders.total) return 'rendering';
  return 'sending';
}

const pct = (part: number, total: number) => (total > 0 ? Math.min(100, Math.round((part / total) * 100)) : 100);

/** Percentages of the two bars: renders finished (either way), deliveries settled (sent, failed or deferred). */
export function percents(p: Progress) {
  const d = p.deliveries;
  return {
    renders: pct(p.renders.done + p.renders.failed, p.renders.total),
    deliveries: pct(d.sent + d.failed + d.deferred, d.total),
  };
}
