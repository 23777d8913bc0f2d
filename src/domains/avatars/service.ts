import { and, desc, eq } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderAvatarThumbnail, stockAvatar } from '../../media/avatar-art';
import { detectFaces, isPictureRefusal, pickFace } from '../../media/face';
import { checkClip } from '../../media/video-check';
import type { Db } from '../../server/db/client';
import { AppError, invalidInput, notFound } from '../../server/http/app-error';
import type { JobQueue } from '../../server/jobs/queue';
import type { StorageProvider } from '../../server/providers/storage/types';
import type { WorkspaceProviders } from '../../server/providers/workspace';
import { newId } from '../../shared/ids';
import { assertStorageRoom } from '../billing/limits';
import { deleteFiles, keyFromUrl, storeUpload } from '../files/service';
import { files } from '../files/tables';
import { serveCachedAsset } from '../files/assets';
import { stableJobId } from '../../server/jobs/job-ids';
import type { Language } from '../settings/schemas';
import { AVATAR_SOURCE_MAX_BYTES, AVATAR_SOURCE_TYPES } from './constants';
import { type ProviderAvatarItem, providerAvatars, resolveProviderAvatar } from './provider-avatars';
import { roleLabel } from './roles';
import { AVATAR_MESSAGES, type TCreateCustomAvatar, type TListAvatars } from './schemas';
import { findStock, parseStockAvatarId, stockLibrary, type AvatarItem } from './stock';
import { customAvatars, type CustomAvatarRow, type CustomAvatarStatus } from './tables';
import { createdIn, inWorkspace, type Scope } from '../../server/scope';

export const PREPARE_AVATAR_JOB = 'prepare-custom-avatar';
export const SOURCE_KIND = 'custom-avatar-src';
export const CUSTOM_PREFIX = 'custom-avatar-';

export function toCustomAvatar(row: CustomAvatarRow): AvatarItem & {
  type: 'custom';
  status: CustomAvatarStatus;
  errorMessage: string | null;
  imageUrl: string | null;
  sourceUrl: string;
  mimeType: string;
  createdAt: string;
  updatedAt: string;
} {
  const sourceIsImage = row.sourceType.startsWith('image/');
  const picture = row.thumbnailUrl ?? (sourceIsImage ? row.sourceUrl : '');
  return {
    id: row.id,
    name: row.name,
    thumbnail: picture,
    url: row.imageUrl ?? row.sourceUrl,
    gender: row.gender,
    category: 'custom',
    type: 'custom',
    provider: 'default',
    status: row.status,
    errorMessage: row.errorMessage,
    imageUrl: row.imageUrl,
    sourceUrl: row.sourceUrl,
    mimeType: row.sourceType,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const matches = (a: Pick<AvatarItem, 'gender' | 'name' | 'id'>, q: TListAvatars, needle: string) =>
  (!q.gender || q.gender === 'all' || a.gender === q.gender) && (!needle || a.name.toLowerCase().includes(needle) || a.id.toLowerCase().includes(needle));

/**
 * The workspace's custom avatars first, then its video providers' (when one is connected: `providers`),
 * then the stock library; filtered in memory, then paged.
 */
export async function listAvatars(opts: { db: Db; scope: Scope; query: TListAvatars; language?: Language; providers?: Pick<WorkspaceProviders, 'clouds'> }) {
  const { db, scope, query } = opts;
  const lang = opts.language ?? 'en';
  const needle = (query.search ?? '').toLowerCase();
  const category = query.category ?? 'all';
  const type = query.type ?? 'all';
  const wantCustom = (category === 'all' || category === 'custom') && (type === 'all' || type === 'custom');
  const wantVendor = (category === 'all' || category === 'provider') && (type === 'all' || type === 'provider');
  const wantStock = (category === 'all' || category === 'office' || category === 'casual') && (type === 'all' || type === 'stock');
  const custom = wantCustom
    ? (await db.select().from(customAvatars).where(inWorkspace(customAvatars, scope)).orderBy(desc(customAvatars.createdAt), desc(customAvatars.id)))
        .map(toCustomAvatar)
        .filter((a) => matches(a, query, needle))
    : [];
  const vendor = wantVendor && opts.providers ? (await providerAvatars(opts.providers.clouds)).filter((a) => matches(a, query, needle)) : [];
  const stock = wantStock ? stockLibrary().filter((a) => (category === 'all' || a.category === category) && matches(a, query, needle)) : [];
  const all: readonly (readonly (AvatarItem | ProviderAvatarItem)[])[] = [custom, vendor, stock];
  const total = custom.length + vendor.length + stock.length;
  const start = (query.page - 1) * query.limit;
  const end = start + query.limit;
  const page: (AvatarItem | ProviderAvatarItem)[] = [];
  let offset = 0;
  for (const list of all) {
    page.push(...list.slice(Math.max(0, start - offset), Math.max(0, end - offset)));
    offset += list.length;
  }
  const avatars: (AvatarItem | ProviderAvatarItem)[] = page.map((a) => ({
    ...a,
    categoryLabel: a.category === 'provider' ? (a as { providerName: string }).providerName : roleLabel(a.category, lang),
  }));
  const totalPages = Math.ceil(total / query.limit);
  return { avatars, pagination: { total, page: query.page, limit: query.limit, totalPages, hasNext: query.page < totalPages } };
}

/** A stock avatar's library card, rendered on first request and kept in storage. */
export function stockThumbnailResponse(opts: { db: Db; storage: StorageProvider; id: string; request: Request }) {
  const index = parseStockAvatarId(opts.id);
  if (index === undefined) throw notFound(AVATAR_MESSAGES.notFound);
  return serveCachedAsset({
    db: opts.db,
    storage: opts.storage,
    request: opts.request,
    // v2: the flat brows that frowned are drawn relaxed (cards rendered before keep the old face otherwise).
    key: `cache/avatar-thumb/v2/stock-${index}.png`,
    contentType: 'image/png',
    produce: () => renderAvatarThumbnail(stockAvatar(index), 256),
  });
}

/**
 * A photo must show one face, large enough to animate, in a picture that is not a pixel bomb; a clip
 * must show one in most of its frames (about ten looked at) and last at most a minute: refused here,
 * at upload, with a message a person understands.
 */
export async function checkPortrait(bytes: Uint8Array, contentType: string): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'avatar-check-'));
  try {
    await Bun.write(join(dir, 'picture'), bytes);
    if (contentType.startsWith('video/')) await checkClip(join(dir, 'picture'), dir);
    else pickFace((await detectFaces(join(dir, 'picture'), dir)).faces);
  } catch (e) {
    if (isPictureRefusal(e)) throw invalidInput(e.message);
    throw e;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** POST /api/avatars/upload: an image or a consent video, checked by its content. */
export async function uploadAvatarSource(opts: { db: Db; storage: StorageProvider; scope: Scope; file: unknown }) {
  if (!(opts.file instanceof Blob)) throw invalidInput(AVATAR_MESSAGES.noFile);
  if (opts.file.size <= AVATAR_SOURCE_MAX_BYTES) await assertStorageRoom({ db: opts.db, scope: opts.scope, bytes: opts.file.size });
  const stored = await storeUpload({
    db: opts.db,
    storage: opts.storage,
    scope: opts.scope,
    file: opts.file,
    kind: SOURCE_KIND,
    allowed: AVATAR_SOURCE_TYPES,
    maxBytes: AVATAR_SOURCE_MAX_BYTES,
    typeMessage: AVATAR_MESSAGES.fileType,
    sizeMessage: AVATAR_MESSAGES.fileSize,
    check: checkPortrait,
  });
  return { url: stored.url, mimeType: stored.contentType };
}

export async function createCustomAvatar(opts: { db: Db; queue: JobQueue; scope: Scope; input: TCreateCustomAvatar }) {
  const { db, queue, scope, input } = opts;
  const sourceUrl = (input.imageUrl || input.consentVideo) as string;
  const key = keyFromUrl(sourceUrl);
  const [file] = key
    ? await db
        .select()
        .from(files)
        .where(and(eq(files.key, key), inWorkspace(files, scope)))
    : [];
  if (!file || !(AVATAR_SOURCE_TYPES as readonly string[]).includes(file.contentType)) throw invalidInput(AVATAR_MESSAGES.notYourUpload);
  const id = `${CUSTOM_PREFIX}${newId()}`;
  const [row] = await db
    .insert(customAvatars)
    .values({ id, ...createdIn(scope), name: input.name || 'My avatar', gender: input.gender, status: 'processing', sourceUrl, sourceType: file.contentType })
    .returning();
  await queue.send(PREPARE_AVATAR_JOB, { avatarId: id }, { id: stableJobId(PREPARE_AVATAR_JOB, id) });
  return { ...toCustomAvatar(row), taskId: id };
}

export async function findCustomAvatar(opts: { db: Db; scope: Pick<Scope, 'workspaceId'>; id: string }) {
  const { db, scope, id } = opts;
  const [row] = await db
    .select()
    .from(customAvatars)
    .where(and(eq(customAvatars.id, id), inWorkspace(customAvatars, scope)));
  return row ?? null;
}

export async function getCustomAvatar(opts: { db: Db; scope: Scope; id: string }) {
  const row = await findCustomAvatar({ db: opts.db, scope: opts.scope, id: opts.id });
  if (!row) throw notFound(AVATAR_MESSAGES.notFound);
  return toCustomAvatar(row);
}

/** Custom avatars only: the row and every file made for it. Stock presenters are not the workspace's to delete. */
export async function deleteAvatar(opts: { db: Db; storage: StorageProvider; scope: Scope; id: string }) {
  const { db, storage, scope, id } = opts;
  if (findStock(id)) throw invalidInput(AVATAR_MESSAGES.stockDelete);
  const [row] = await db
    .delete(customAvatars)
    .where(and(eq(customAvatars.id, id), inWorkspace(customAvatars, scope)))
    .returning();
  if (!row) throw notFound(AVATAR_MESSAGES.notFound);
  await deleteFiles({ db, storage, scope, keys: [row.sourceUrl, row.imageUrl, row.thumbnailUrl, row.rigUrl, row.clipUrl].map(keyFromUrl) });
  return { ok: true as const, id: row.id };
}

/** What a render needs to know about the chosen avatar; 404 for an unknown or foreign id. */
export async function resolveAvatar(opts: { db: Db; scope: Pick<Scope, 'workspaceId'>; id: string; providers?: Pick<WorkspaceProviders, 'cloud'> }) {
  const vendor = await resolveProviderAvatar(opts.providers, opts.id);
  if (vendor) return vendor;
  const stock = parseStockAvatarId(opts.id);
  if (stock !== undefined) {
    const a = stockAvatar(stock);
    return { kind: 'stock' as const, id: a.id, index: stock, gender: a.gender };
  }
  const row = await findCustomAvatar({ db: opts.db, scope: opts.scope, id: opts.id });
  if (!row) throw notFound(AVATAR_MESSAGES.notFound);
  if (row.status === 'failed') throw new AppError('INVALID_INPUT', `${AVATAR_MESSAGES.failed}: ${row.errorMessage ?? 'unknown error'}`);
  if (row.status !== 'done') throw invalidInput(AVATAR_MESSAGES.notReady);
  // A talking photo's face (version 2 rig): the render checks it is large enough for the resolution.
  const face = row.rig?.version === 2 ? row.rig.face : undefined;
  return { kind: 'custom' as const, id: row.id, gender: row.gender, face };
}
