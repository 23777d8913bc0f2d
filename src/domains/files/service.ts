import { and, eq, inArray } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../server/db/client';
import { AppError } from '../../server/http/app-error';
import type { StorageProvider } from '../../server/providers/storage/types';
import { newToken } from '../../shared/ids';
import { pictureRefusal } from '../../media/picture-size';
import { PICTURE_UNREADABLE } from '../../shared/pictures';
import { inWorkspace, type Scope } from '../../server/scope';
import { files } from './tables';

/**
 * Where a stored file is recorded: its workspace (storage usage and clean-up count per workspace)
 * and who uploaded it. A request's `scope` fits; a job passes the row's workspace and creator.
 * null: no one's (derived public assets).
 */
export type FileOwner = Pick<Scope, 'workspaceId'> & { userId?: string | null };

const ownerColumns = (owner: FileOwner | null) => ({ workspaceId: owner?.workspaceId ?? null, createdBy: owner?.userId ?? null });

export const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
  'audio/wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/flac': 'flac',
  'text/csv': 'csv',
  'application/zip': 'zip',
  'text/vtt': 'vtt',
};

/** The type as told by the bytes, never by the name or the client's header. */
export async function sniffType(bytes: Uint8Array): Promise<string | null> {
  const t = await fileTypeFromBuffer(bytes);
  if (!t) return null;
  if (t.mime === 'audio/wav' || t.mime === 'audio/x-wav' || t.mime === 'audio/vnd.wave') return 'audio/wav';
  return t.mime;
}

export const fileUrl = (key: string) => `/files/${key}`;

/**
 * Kinds stored for their owner alone, never served by the public /files route nor counted in the
 * plan's storage: data exports (an archive of the whole account, downloaded through its own route).
 */
export const PRIVATE_KINDS: readonly string[] = ['export'];
export const keyFromUrl = (url: string | null | undefined) => (url?.startsWith('/files/') ? url.slice('/files/'.length) : null);

/**
 * Checks an upload by its content and size, stores it under a random key and
 * records its workspace and uploader. Messages are the caller's so each screen keeps the spec's wording.
 */
export async function storeUpload(opts: {
  db: Db;
  storage: StorageProvider;
  scope: FileOwner | null;
  file: Blob;
  kind: string;
  allowed: readonly string[];
  maxBytes: number;
  typeMessage: string;
  sizeMessage: string;
  /** Further checks of the content (throw AppError to refuse it) before anything is stored. */
  check?: (bytes: Uint8Array, contentType: string) => Promise<void>;
}) {
  const { db, storage, scope, file, kind, allowed, maxBytes } = opts;
  if (file.size === 0) throw new AppError('INVALID_INPUT', opts.typeMessage);
  if (file.size > maxBytes) throw new AppError('TOO_LARGE', opts.sizeMessage);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const contentType = await sniffType(bytes);
  if (!contentType || !allowed.includes(contentType)) throw new AppError('INVALID_INPUT', opts.typeMessage);
  // Every image upload (profile picture, logo, background, avatar photo …): the pixel cap from the
  // header, before anything decodes it or serves it to a browser.
  if (contentType.startsWith('image/')) {
    const refusal = pictureRefusal(bytes);
    if (refusal) throw new AppError('INVALID_INPUT', refusal === 'unreadable' ? PICTURE_UNREADABLE : refusal);
  }
  await opts.check?.(bytes, contentType);
  return storeBytes({ db, storage, scope, bytes, contentType, kind });
}

export async function storeBytes(opts: { db: Db; storage: StorageProvider; scope: FileOwner | null; bytes: Uint8Array; contentType: string; kind: string }) {
  const key = `${opts.kind}/${newToken()}.${EXTENSIONS[opts.contentType] ?? 'bin'}`;
  await opts.storage.put(key, opts.bytes, opts.contentType);
  await opts.db.insert(files).values({ key, ...ownerColumns(opts.scope), kind: opts.kind, contentType: opts.contentType, size: opts.bytes.byteLength });
  return { key, url: fileUrl(key), contentType: opts.contentType, size: opts.bytes.byteLength };
}

/** Stores a file from disk (renders) without loading it into memory. */
export async function storePath(opts: { db: Db; storage: StorageProvider; scope: FileOwner | null; path: string; contentType: string; kind: string }) {
  const key = `${opts.kind}/${newToken()}.${EXTENSIONS[opts.contentType] ?? 'bin'}`;
  const size = Bun.file(opts.path).size;
  await opts.storage.putFile(key, opts.path, opts.contentType);
  await opts.db.insert(files).values({ key, ...ownerColumns(opts.scope), kind: opts.kind, contentType: opts.contentType, size });
  return { key, url: fileUrl(key), contentType: opts.contentType, size };
}

export async function findFile(db: Db, key: string) {
  const [row] = await db.select().from(files).where(eq(files.key, key));
  return row ?? null;
}

/** Deletes stored objects (and their rows) that belong to the workspace. Others' keys are ignored. */
export async function deleteFiles(opts: { db: Db; storage: StorageProvider; scope: Pick<Scope, 'workspaceId'>; keys: (string | null)[] }) {
  const keys = opts.keys.filter((k): k is string => !!k);
  if (keys.length === 0) return;
  const owned = await opts.db
    .delete(files)
    .where(and(inWorkspace(files, opts.scope), inArray(files.key, keys)))
    .returning({ key: files.key });
  await Promise.all(owned.map((f) => opts.storage.delete(f.key).catch(() => undefined)));
}

/** Deletes every stored file of the workspace (of the given kinds). Returns how many. */
export async function deleteAllFilesOf(opts: { db: Db; storage: StorageProvider; scope: Pick<Scope, 'workspaceId'>; kinds?: string[] }) {
  const where = opts.kinds ? and(inWorkspace(files, opts.scope), inArray(files.kind, opts.kinds)) : inWorkspace(files, opts.scope);
  const gone = await opts.db.delete(files).where(where).returning({ key: files.key });
  await Promise.all(gone.map((f) => opts.storage.delete(f.key).catch(() => undefined)));
  return gone.length;
}
