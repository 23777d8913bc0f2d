// Builds the web app when dist/ is missing or older than its sources (`bun run start` calls this).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dir, '../..');
const index = join(root, 'dist/index.html');

// Everything the bundle is made from: the web code, the dictionaries, and the shared code it imports.
const SOURCES = ['src/web', 'locales', 'src/shared', 'index.html', 'vite.config.ts', '.typesafe-i18n.json'];
const isSchema = (path: string) => path.startsWith(join(root, 'src/domains')) && path.endsWith('schemas.ts');

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
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const full = join(entry.parentPath, entry.name);
    if (entry.isFile() && isSchema(full)) max = Math.max(max, statSync(full).mtimeMs);
  }
  return max;
}

const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map((s) => newest(join(root, s))), existsSync(join(root, 'src/domains')) ? newestSchema(join(root, 'src/domains')) : 0);

if (builtAt > 0 && builtAt >= sourcesAt) {
  console.log('web app is up to date (dist/)');
} else {
  console.log(builtAt === 0 ? 'web app not built yet: building…' : 'web sources changed: rebuilding…');
  const proc = Bun.spawnSync(['bun', 'run', 'build'], { cwd: root, stdout: 'inherit', stderr: 'inherit' });
  if (proc.exitCode !== 0) {
    console.error('web build failed');
    process.exit(proc.exitCode ?? 1);
  }
}
