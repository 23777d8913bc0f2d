import { constants } from 'node:fs';
import { access, mkdir, rm, copyFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { StorageProvider } from './types';

const KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/;

export function createLocalStorage(rootDir: string): StorageProvider {
  const root = resolve(rootDir);
  const pathOf = (key: string) => {
    if (!KEY.test(key) || key.includes('..')) throw new Error(`Invalid storage key`);
    const p = resolve(join(root, key));
    if (!p.startsWith(root + sep)) throw new Error(`Invalid storage key`);
    return p;
  };
  return {
    name: 'local',
    async put(key, data) {
      const p = pathOf(key);
      await mkdir(dirname(p), { recursive: true });
      await Bun.write(p, data);
    },
    async putFile(key, path) {
      const p = pathOf(key);
      await mkdir(dirname(p), { recursive: true });
      await copyFile(path, p);
    },
    async open(key) {
      const f = Bun.file(pathOf(key));
      return (await f.exists()) ? f : null;
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async check() {
      await mkdir(root, { recursive: true });
      await access(root, constants.R_OK | constants.W_OK);
    },
  };
}
