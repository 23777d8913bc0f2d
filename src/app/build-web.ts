// Builds the web app when dist/ is missing or older than its sources (`bun run start` and the
// Playwright web server call it). Several processes may call it at once on one checkout, and a
// server may be serving dist/ meanwhile: the build goes to a temporary directory, keeps the
// previous build's hashed assets (pages already open still load their lazy chunks), and replaces
// dist/ by rename, under a lock so that two callers never build at the same time.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dir, '../..');
const dist = join(root, 'dist');
const index = join(dist, 'index.html');
// Lock and scratch directories sit in node_modules/.cache: ignored by git, same filesystem as dist/.
const work = join(root, 'node_modules/.cache/web-build');
const lock = join(work, 'lock');

// Everything the bundle is made from: the web code, the dictionaries, and the shared code it imports.
const SOURCES = ['src/web', 'locales', 'src/shared', 'index.html', 'vite.config.ts', 'src/app/web-face-assets.ts', '.typesafe-i18n.json'];

function newest(path: string): number {
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'routeTree.gen.ts') continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

function newestSchema(dir: string): number {
  let max = 0;
  if (!existsSync(dir)) return 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name === 'schemas.ts') max = Math.max(max, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return max;
}

const upToDate = () => {
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map((s) => newest(join(root, s))), newestSchema(join(root, 'src/domains')));
  return builtAt > 0 && builtAt >= sourcesAt;
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

function takeLock(): boolean {
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    const holder = Number(readFileSync(lock, 'utf8') || 0);
    if (!holder || !alive(holder)) {
      rmSync(lock, { force: true });
      return takeLock();
    }
    return false;
  }
}

function run(cmd: string[]) {
  const proc = Bun.spawnSync(cmd, { cwd: root, stdout: 'inherit', stderr: 'inherit' });
  if (proc.exitCode !== 0) {
    console.error(`web build failed: ${cmd.join(' ')}`);
    process.exit(proc.exitCode ?? 1);
  }
}

async function main() {
  mkdirSync(work, { recursive: true });
  const started = Date.now();
  while (!takeLock()) {
    if (Date.now() - started > 180_000) throw new Error('another web build has held the lock for 3 minutes');
    await Bun.sleep(500);
  }
  try {
    if (upToDate()) {
      console.log('web app is up to date (dist/)');
      return;
    }
    console.log(existsSync(index) ? 'web sources changed: rebuilding…' : 'web app not built yet: building…');
    const tmp = join(work, `new-${process.pid}`);
    const old = join(work, `old-${process.pid}`);
    rmSync(tmp, { recursive: true, force: true });
    run(['bun', 'run', 'i18n']);
    run(['bunx', 'vite', 'build', '--outDir', tmp, '--emptyOutDir']);
    // Keep the previous build's content-hashed files (and versioned folders) next to the new ones.
    if (existsSync(join(dist, 'assets'))) {
      mkdirSync(join(tmp, 'assets'), { recursive: true });
      for (const f of readdirSync(join(dist, 'assets'))) {
        if (!existsSync(join(tmp, 'assets', f))) cpSync(join(dist, 'assets', f), join(tmp, 'assets', f), { recursive: true });
      }
    }
    if (existsSync(dist)) renameSync(dist, old);
    renameSync(tmp, dist);
    rmSync(old, { recursive: true, force: true });
  } finally {
    rmSync(lock, { force: true });
  }
}

await main();
