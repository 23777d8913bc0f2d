// The in-browser face detector's files (decision 176): Human's small face detector (blazeface) and
// the WebAssembly of the tfjs backend that Human bundles, copied from node_modules into the web
// build under a versioned path, so the browser never fetches them from a CDN. The web reads the
// path from `import.meta.env.VITE_FACE_ASSETS`.
import { copyFileSync, createReadStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

// Vite runs its config under Node: no import.meta.dir here.
const root = fileURLToPath(new URL('../..', import.meta.url));
const human = join(root, 'node_modules/@vladmandic/human');
const wasm = join(root, 'node_modules/@tensorflow/tfjs-backend-wasm');

const version = (dir: string) => (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;

/** Served name → file in node_modules. No threaded build: the app is not cross-origin isolated, so tfjs never asks for it. */
const FILES: Record<string, string> = {
  'blazeface.json': join(human, 'models/blazeface.json'),
  'blazeface.bin': join(human, 'models/blazeface.bin'),
  'tfjs-backend-wasm.wasm': join(wasm, 'dist/tfjs-backend-wasm.wasm'),
  'tfjs-backend-wasm-simd.wasm': join(wasm, 'dist/tfjs-backend-wasm-simd.wasm'),
};

export function faceAssets(): Plugin {
  // Human bundles its own tfjs; the WebAssembly copied must be the one its glue code was built for.
  // dist/tfjs.version.js reads: var r="4.22.0"; … "tfjs-backend-wasm":r …
  const versions = readFileSync(join(human, 'dist/tfjs.version.js'), 'utf8');
  const ref = /"tfjs-backend-wasm":(\w+)/.exec(versions)?.[1];
  const bundledWasm = ref ? new RegExp(`var ${ref}="([^"]+)"`).exec(versions)?.[1] : undefined;
  if (bundledWasm !== version(wasm)) {
    throw new Error(
      `@tensorflow/tfjs-backend-wasm ${version(wasm)} differs from the ${bundledWasm ?? 'unknown'} bundled in @vladmandic/human: pin them together`,
    );
  }
  // Under /assets/ (served immutable, decision 050); the version in the path renews the cache on upgrade.
  const dir = `assets/human-${version(human)}`;
  let outDir = 'dist';
  return {
    name: 'face-assets',
    config: () => ({ define: { 'import.meta.env.VITE_FACE_ASSETS': JSON.stringify(`/${dir}/`) } }),
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      mkdirSync(join(outDir, dir), { recursive: true });
      for (const [name, from] of Object.entries(FILES)) copyFileSync(from, join(outDir, dir, name));
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = req.url?.startsWith(`/${dir}/`) ? req.url.slice(dir.length + 2).split('?')[0] : undefined;
        const from = name ? FILES[name] : undefined;
        if (!from || !existsSync(from)) return next();
        res.setHeader('content-type', name?.endsWith('.wasm') ? 'application/wasm' : name?.endsWith('.json') ? 'application/json' : 'application/octet-stream');
        createReadStream(from).pipe(res);
      });
    },
  };
}
