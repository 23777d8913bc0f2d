import type { FrameAct } from './performance.ts';
import { ANGLE_STEP } from './rig.ts';
import type { Box, Rig } from './rig.ts';

export interface FramePlacement {
  /** Which pre-turned head to show (× ANGLE_STEP degrees). */
  step: number;
  head: { x: number; y: number };
  mouth: { x: number; y: number };
  upper: { x: number; y: number };
}

/**
 * Where each layer goes in each frame. A head turned by θ about its sprite's centre is shifted so the
 * neck pivot stays put (plus the act's sway and nod): it tilts about the neck, not about its nose. The
 * mouth and eye patches follow their own centres through the same turn.
 */
export function placements(acts: FrameAct[], rig: Rig, origin: { x: number; y: number }): FramePlacement[] {
  const cx = rig.head.w / 2;
  const cy = rig.head.h / 2;
  const turn = (x: number, y: number, cos: number, sin: number) => ({ x: cx + (x - cx) * cos - (y - cy) * sin, y: cy + (x - cx) * sin + (y - cy) * cos });
  return acts.map((act) => {
    const step = Math.round((act.angle * rig.motionScale) / ANGLE_STEP);
    const theta = (step * ANGLE_STEP * Math.PI) / 180;
    const cos = Math.cos(theta);
    const sin = Math.sin(theta);
    const pivot = turn(rig.pivot.x, rig.pivot.y, cos, sin);
    const hx = origin.x + rig.head.x + (rig.pivot.x - pivot.x) + act.dx * rig.motionScale * rig.size;
    const hy = origin.y + rig.head.y + (rig.pivot.y - pivot.y) + act.dy * rig.motionScale * rig.size;
    const patch = (b: Box) => {
      const c = turn(b.x + b.w / 2, b.y + b.h / 2, cos, sin);
      return { x: Math.round(hx + c.x - b.w / 2), y: Math.round(hy + c.y - b.h / 2) };
    };
    return { step, head: { x: Math.round(hx), y: Math.round(hy) }, mouth: patch(rig.mouth), upper: patch(rig.upper) };
  });
}

/** sendcmd script moving the three overlays, one line per frame where something moved. */
export function motionCommands(frames: FramePlacement[], fps: number): string {
  const lines: string[] = [];
  let previous: FramePlacement | undefined;
  for (const [i, f] of frames.entries()) {
    const parts: string[] = [];
    for (const layer of ['head', 'mouth', 'upper'] as const) {
      if (f[layer].x !== previous?.[layer].x) parts.push(`overlay@${layer} x ${f[layer].x}`);
      if (f[layer].y !== previous?.[layer].y) parts.push(`overlay@${layer} y ${f[layer].y}`);
    }
    if (parts.length) lines.push(`${(i / fps).toFixed(3)} ${parts.join(', ')};`);
    previous = f;
  }
  return `${lines.join('\n')}\n`;
}
