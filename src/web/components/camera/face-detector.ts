// The in-browser face detector (decision 176): Human's small blazeface model, loaded on demand (a
// dynamic import: its own chunk, never in the main bundle), its model and WebAssembly served by
// this app (src/app/web-face-assets.ts), nothing fetched from elsewhere.
import type { Config, Human } from '@vladmandic/human';
import type { FaceBox } from './face-hints';

export type FaceDetector = {
  /** 'wasm', or 'cpu' where WebAssembly may not run. */
  backend: string;
  /** The faces in a picture (a video frame, an image, a canvas) of the given size, in its pixels. */
  detect: (source: CanvasImageSource, width: number, height: number) => Promise<FaceBox[]>;
};

const ASSETS = import.meta.env.VITE_FACE_ASSETS ?? '/assets/human/';
/** The detector's input side: pictures are letterboxed into a square this size (blazeface sees 256 × 256). */
const SIDE = 256;
const MIN_SCORE = 0.5;

function config(backend: 'wasm' | 'cpu'): Partial<Config> {
  const off = { enabled: false };
  return {
    backend,
    modelBasePath: ASSETS,
    wasmPath: ASSETS,
    // The HTTP cache keeps the files (versioned path); no IndexedDB copy, no warm-up picture.
    cacheModels: false,
    warmup: 'none',
    debug: false,
    // Every frame is looked at afresh (the hints follow the person).
    cacheSensitivity: 0,
    skipAllowed: false,
    // The image filters run on WebGL, which a headless or old browser may lack.
    filter: { enabled: false },
    face: {
      enabled: true,
      // scale 1: the face itself, not the enlarged crop the mesh would need.
      detector: { modelPath: 'blazeface.json', rotation: false, maxDetected: 4, minConfidence: MIN_SCORE, scale: 1, return: false, skipFrames: 0, skipTime: 0 },
      mesh: off,
      iris: off,
      emotion: off,
      description: off,
      antispoof: off,
      liveness: off,
      attention: off,
    },
    body: off,
    hand: off,
    object: off,
    gesture: off,
    segmentation: off,
  };
}

/** The smallest valid WebAssembly module: compiling it fails where the page's CSP forbids WebAssembly. */
const EMPTY_WASM = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
function wasmAllowed(): boolean {
  try {
    new WebAssembly.Module(EMPTY_WASM);
    return true;
  } catch {
    return false;
  }
}

let loading: Promise<FaceDetector> | null = null;

/** The detector, loaded once per page (a failed load is tried again next time). */
export function loadFaceDetector(): Promise<FaceDetector> {
  loading ??= open().catch((e: unknown) => {
    loading = null;
    throw e;
  });
  return loading;
}

async function open(): Promise<FaceDetector> {
  const { Human } = await import('@vladmandic/human');
  const human: Human = new Human(config(typeof WebAssembly === 'object' && wasmAllowed() ? 'wasm' : 'cpu'));
  await human.load();
  // WebAssembly that would not start leaves tfjs on another backend (WebGL, slow without a GPU): plain JavaScript instead.
  if (human.tf.getBackend() !== 'wasm' && human.tf.getBackend() !== 'cpu') {
    human.config.backend = 'cpu';
    await human.init();
  }
  const canvas = document.createElement('canvas');
  canvas.width = SIDE;
  canvas.height = SIDE;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('No 2D canvas');
  const look = async (source: CanvasImageSource, width: number, height: number): Promise<FaceBox[]> => {
    if (!width || !height) return [];
    // Letterboxed, so a wide frame is not squeezed (the model was trained on undistorted faces).
    const k = SIDE / Math.max(width, height);
    const ox = (SIDE - width * k) / 2;
    const oy = (SIDE - height * k) / 2;
    ctx.fillStyle = '#000';
    ctx.fillRect(0, 0, SIDE, SIDE);
    ctx.drawImage(source, ox, oy, width * k, height * k);
    const result = await human.detect(canvas);
    return result.face
      .filter((f) => f.score >= MIN_SCORE)
      .map((f) => ({ x: (f.box[0] - ox) / k, y: (f.box[1] - oy) / k, w: f.box[2] / k, h: f.box[3] / k, score: f.score }));
  };
  // One picture at a time: the live hints and a photo's preview share the canvas.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    backend: human.tf.getBackend(),
    detect(source, width, height) {
      const next = queue.then(() => look(source, width, height));
      queue = next.catch(() => undefined);
      return next;
    },
  };
}
