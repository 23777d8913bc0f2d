/**
 * Standalone face detector process (spawned by face.ts): the TensorFlow.js runtime and its WASM backend
 * take ~300–500 MB while they run, so they live and die in their own process, never in the app.
 * Models are face-api's own (SSD MobileNet v1 + 68-point landmarks), read from the npm package:
 * nothing is downloaded. Protocol: stdin `{ rgbPath, width, height }` (raw RGB24) → stdout
 * `{ faces: [{ score, box: { x, y, w, h }, landmarks: [x, y][] }] }`, coordinates in that raw image.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

interface Net {
  loadFromWeightMap(map: unknown): Promise<void>;
}

async function main(): Promise<void> {
  const request = JSON.parse(await Bun.stdin.text()) as { rgbPath: string; width: number; height: number };
  const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js');
  const wasm = require('@tensorflow/tfjs-backend-wasm');
  wasm.setWasmPaths(`${join(dirname(require.resolve('@tensorflow/tfjs-backend-wasm')), '')}/`);
  // One thread: the machine's cores belong to the renders.
  wasm.setThreadsCount?.(1);
  const tf = faceapi.tf;
  await tf.setBackend('wasm');
  await tf.ready();
  const models = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  const load = async (net: Net, name: string) => {
    const manifest = (await Bun.file(join(models, `${name}-weights_manifest.json`)).json()) as { weights: unknown[] }[];
    const bin = await Bun.file(join(models, `${name}.bin`)).arrayBuffer();
    await net.loadFromWeightMap(
      tf.io.decodeWeights(
        bin,
        manifest.flatMap((g) => g.weights),
      ),
    );
  };
  await load(faceapi.nets.ssdMobilenetv1, 'ssd_mobilenetv1_model');
  await load(faceapi.nets.faceLandmark68Net, 'face_landmark_68_model');
  const rgb = new Uint8Array(await Bun.file(request.rgbPath).arrayBuffer());
  const input = tf.tensor3d(rgb, [request.height, request.width, 3], 'int32');
  const found = await faceapi.detectAllFaces(input, new faceapi.SsdMobilenetv1Options({ minConfidence: 0.5 })).withFaceLandmarks();
  const faces = (
    found as {
      detection: { score: number; box: { x: number; y: number; width: number; height: number } };
      landmarks: { positions: { x: number; y: number }[] };
    }[]
  ).map((f) => ({
    score: Math.round(f.detection.score * 1000) / 1000,
    box: { x: f.detection.box.x, y: f.detection.box.y, w: f.detection.box.width, h: f.detection.box.height },
    landmarks: f.landmarks.positions.map((p) => [Math.round(p.x * 10) / 10, Math.round(p.y * 10) / 10]),
  }));
  process.stdout.write(`${JSON.stringify({ faces })}\n`);
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
