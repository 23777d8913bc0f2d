import type { MouthAnswer, MouthJob } from './mouth-worker.ts';
import type { RgbaImage } from './rig.ts';
import { toolLimits } from './tools.ts';

/** Below this many poses a worker's start-up (module load, ~0.1 s) costs more than it saves. */
export const MIN_POSES_FOR_WORKERS = 12;

/** The picture's pixels in shared memory, made once per rig: every worker reads the same bytes. */
export function sharedPixels(image: RgbaImage): SharedArrayBuffer {
  const shared = new SharedArrayBuffer(image.pixels.byteLength);
  new Uint8Array(shared).set(image.pixels);
  return shared;
}

function runWorker(job: MouthJob): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./mouth-worker.ts', import.meta.url).href, { smol: true });
    const end = (settle: () => void) => {
      void worker.terminate();
      settle();
    };
    worker.onmessage = (event: MessageEvent<MouthAnswer>) => end(() => (event.data.ok ? resolve() : reject(new Error(`mouth drawing: ${event.data.message}`))));
    worker.onerror = (event) => end(() => reject(new Error(`mouth drawing: ${event.message}`)));
    worker.postMessage(job);
  });
}

/**
 * Draws the mouth patches `items` into `workDir` off the event loop (a render's hundred poses held a
 * server's requests for seconds), split over the render's share of the cores (RENDER_THREADS),
 * interleaved so each thread gets as many open (costly) and closed poses as the others.
 */
export async function drawMouthsInWorkers(base: Omit<MouthJob, 'items'>, items: MouthJob['items'], workers = toolLimits().threads): Promise<void> {
  const n = Math.max(1, Math.min(workers, items.length));
  const shares = Array.from({ length: n }, (_, k) => items.filter((_, i) => i % n === k));
  await Promise.all(shares.map((share) => runWorker({ ...base, items: share })));
}
