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

export interface FrameCamera {
  /** Top-left of the frame inside the photo layer (even: the crop works on 4:2:0 pictures). */
  cam: { x: number; y: number };
  mouth: { x: number; y: number };
  upper: { x: number; y: number };
}

/**
 * A photo filling the frame moves as a whole, a few pixels with the acting's sway and nods (a tilt
 * becomes a sideways drift: a turned full-frame picture would read as a tilted camera). The frame is
 * cropped from the layer at `cam`; the patches, placed in the layer, follow.
 */
export function framePlacements(acts: FrameAct[], rig: Rig): FrameCamera[] {
  const margin = rig.frame?.margin ?? 0;
  const limit = Math.max(0, margin - 2);
  const even = (v: number) => Math.round(v / 2) * 2;
  const clamp = (v: number) => Math.max(-limit, Math.min(limit, v));
  return acts.map((act) => {
    const dx = clamp((act.dx + act.angle * 0.004) * rig.motionScale * rig.size);
    const dy = clamp(act.dy * rig.motionScale * rig.size);
    const cam = { x: even(margin - dx), y: even(margin - dy) };
    return { cam, mouth: { x: rig.mouth.x - cam.x, y: rig.mouth.y - cam.y }, upper: { x: rig.upper.x - cam.x, y: rig.upper.y - cam.y } };
  });
}

/** sendcmd script for a full-frame photo: the crop offset and the two patches, one line per frame where something moved. */
export function frameCommands(frames: FrameCamera[], fps: number): string {
  const lines: string[] = [];
  let previous: FrameCamera | undefined;
  for (const [i, f] of frames.entries()) {
    const parts: string[] = [];
    if (f.cam.x !== previous?.cam.x) parts.push(`crop@cam x ${f.cam.x}`);
    if (f.cam.y !== previous?.cam.y) parts.push(`crop@cam y ${f.cam.y}`);
    for (const layer of ['mouth', 'upper'] as const) {
      if (f[layer].x !== previous?.[layer].x) parts.push(`overlay@${layer} x ${f[layer].x}`);
      if (f[layer].y !== previous?.[layer].y) parts.push(`overlay@${layer} y ${f[layer].y}`);
    }
    if (parts.length) lines.push(`${(i / fps).toFixed(3)} ${parts.join(', ')};`);
    previous = f;
  }
  return `${lines.join('\n')}\n`;
}
