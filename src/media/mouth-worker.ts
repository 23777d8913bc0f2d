// Worker thread entry of the talking photo's mouth drawing: a render asks for up to a hundred mouth
// poses, each a few tens of milliseconds of per-pixel work (mesh-mouth.ts), before ffmpeg can start.
// Split over the cores (mouth-pool.ts), they no longer hold the render up (issue 20's speed goal).
import { join } from 'node:path';
import { mouthGeometry, readMouth } from './mesh-geometry.ts';
import { drawMouth } from './mesh-mouth.ts';
import { encodePamRgba, featherEdges } from './rig.ts';
import type { Box } from './rig.ts';
import type { MouthPose } from './visemes.ts';

declare const self: Worker;

export interface MouthJob {
  /** The picture the patches are cut from (RGBA), shared with the other workers. */
  pixels: SharedArrayBuffer;
  width: number;
  height: number;
  mesh: [number, number][];
  box: Box;
  feather: number;
  workDir: string;
  items: { name: string; pose: MouthPose }[];
}

export type MouthAnswer = { ok: true } | { ok: false; message: string };

self.onmessage = async (event: MessageEvent<MouthJob>) => {
  const job = event.data;
  try {
    const image = { width: job.width, height: job.height, pixels: new Uint8Array(job.pixels) };
    const g = mouthGeometry(job.mesh);
    const source = readMouth(image, g);
    for (const item of job.items) {
      await Bun.write(join(job.workDir, item.name), encodePamRgba(featherEdges(drawMouth(image, g, source, job.box, item.pose), job.feather)));
    }
    self.postMessage({ ok: true } satisfies MouthAnswer);
  } catch (e) {
    self.postMessage({ ok: false, message: e instanceof Error ? e.message : String(e) } satisfies MouthAnswer);
  }
};
