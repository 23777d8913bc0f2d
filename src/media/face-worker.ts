/**
 * Standalone face-mesh process (spawned by face.ts): the TensorFlow.js runtime and its WASM backend
 * take ~300–500 MB while they run, so they live and die in their own process, never in the app.
 * The models are Human's own (BlazeFace detector, 468-point face mesh, iris), read from the npm
 * package: nothing is downloaded (decision 217). One process serves every frame of a request (a
 * clip's frames reuse the previous frame's face box, so only the mesh runs per frame).
 * Protocol: stdin `{ rawPath, width, height, frames }` (raw RGB24, `frames` pictures one after the
 * other) → stdout `{ frames: [[{ score, box: { x, y, w, h }, mesh: [x, y, z][] }]] }`, picture pixels.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

interface HumanFace {
  score: number;
  faceScore: number;
  box: [number, number, number, number];
  mesh: [number, number, number][];
}

async function main(): Promise<void> {
  const request = JSON.parse(await Bun.stdin.text()) as { rawPath: string; width: number; height: number; frames?: number };
  const wasm = require('@tensorflow/tfjs-backend-wasm');
  const wasmDir = `${dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}/`;
  wasm.setWasmPaths(wasmDir);
  // One thread: the machine's cores belong to the renders.
  wasm.setThreadsCount?.(1);
  // The package's export map spells its WASM build without "./": reach the file from the package root.
  const root = dirname(require.resolve('@vladmandic/human/package.json'));
  const { Human } = require(join(root, 'dist', 'human.node-wasm.js'));
  const models = join(root, 'models');
  const frames = Math.max(1, request.frames ?? 1);
  const human = new Human({
    backend: 'wasm',
    wasmPath: wasmDir,
    modelBasePath: `file://${models}/`,
    debug: false,
    // Every frame is a new picture to read, never "the same as before".
    cacheSensitivity: 0,
    face: {
      enabled: true,
      detector: { rotation: true, maxDetected: 5, minConfidence: 0.4, return: false, skipFrames: frames > 1 ? 4 : 0, skipTime: frames > 1 ? 60_000 : 0 },
      mesh: { enabled: true },
      iris: { enabled: true },
      attention: { enabled: false },
      description: { enabled: false },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
    filter: { enabled: false },
  });
  await human.load();
  const raw = new Uint8Array(await Bun.file(request.rawPath).arrayBuffer());
  const size = request.width * request.height * 3;
  const out: unknown[] = [];
  const round = (v: number) => Math.round(v * 10) / 10;
  for (let i = 0; i < frames; i++) {
    const input = human.tf.tensor4d(raw.subarray(i * size, (i + 1) * size), [1, request.height, request.width, 3], 'int32');
    const result = (await human.detect(input)) as { face: HumanFace[] };
    input.dispose();
    out.push(
      result.face
        .filter((f) => f.mesh?.length >= 468)
        .map((f) => ({
          score: Math.round((f.faceScore || f.score) * 1000) / 1000,
          box: { x: f.box[0], y: f.box[1], w: f.box[2], h: f.box[3] },
          mesh: f.mesh.map(([x, y, z]) => [round(x), round(y), round(z)]),
        })),
    );
  }
  process.stdout.write(`${JSON.stringify({ frames: out })}\n`);
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
