import { and, eq } from 'drizzle-orm';
import type { DistDeps } from './service';
import { personalRenders } from './tables';

/**
 * A batch's progress on its pending renders, for whoever watches one (a recipient's video rendered from
 * the send step, recipient-render.ts): started at 2 % once its job runs, then only forward, at most one
 * write a second, never failing the render.
 */
export function progressWriter(deps: Pick<DistDeps, 'db'>, distributionId: string, batch: number) {
  let shown = 0;
  let at = 0;
  const write = (percent: number) => {
    const p = Math.min(99, Math.round(percent));
    if (p <= shown || Date.now() - at < 1000) return;
    shown = p;
    at = Date.now();
    const pending = and(eq(personalRenders.distributionId, distributionId), eq(personalRenders.batch, batch), eq(personalRenders.status, 'pending'));
    deps.db
      .update(personalRenders)
      .set({ progress: p })
      .where(pending)
      .catch(() => {});
  };
  write(2);
  return write;
}
