import type { Db } from '../../server/db/client';
import { serveFile } from '../files/serve';
import type { StorageProvider } from '../../server/providers/storage/types';
import { findFile, keyFromUrl } from './service';
import { files } from './tables';

// Derived public assets (stock avatar cards, voice samples, template thumbnails and backgrounds):
// rendered on the first request, then kept in storage under a versioned, deterministic key and
// served from there. They are no user's data, so the files row has no workspace.

const inflight = new Map<string, Promise<void>>();

export async function ensureCachedAsset(opts: {
  db: Db;
  storage: StorageProvider;
  key: string;
  contentType: string;
  produce: () => Promise<Uint8Array> | Uint8Array;
}): Promise<void> {
  const { db, storage, key, contentType } = opts;
  if ((await findFile(db, key)) && (await storage.open(key))) return;
  // Concurrent first requests share one render.
  let pending = inflight.get(key);
  if (!pending) {
    pending = (async () => {
      const bytes = await opts.produce();
      await storage.put(key, bytes, contentType);
      await db.insert(files).values({ key, workspaceId: null, kind: 'cache', contentType, size: bytes.byteLength }).onConflictDoNothing();
    })().finally(() => inflight.delete(key));
    inflight.set(key, pending);
  }
  await pending;
}

/** Ensures the asset exists and serves it with ranges, nosniff and a year of public caching. */
export async function serveCachedAsset(opts: Parameters<typeof ensureCachedAsset>[0] & { request: Request }): Promise<Response> {
  await ensureCachedAsset(opts);
  const res = await serveFile(opts.db, opts.storage, opts.key, opts.request);
  if (res.ok) res.headers.set('cache-control', 'public, max-age=31536000, immutable');
  return res;
}

/** Copies a stored file (/files/<key>) to a local path: renders need real files, storage may be S3. */
export async function copyStoredFile(storage: StorageProvider, url: string, path: string): Promise<boolean> {
  const key = keyFromUrl(url);
  const obj = key ? await storage.open(key) : null;
  if (!obj) return false;
  await Bun.write(path, obj);
  return true;
}
