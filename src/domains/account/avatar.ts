import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import type { StorageProvider } from '../../server/providers/storage/types';
import { deleteFiles, keyFromUrl, storeUpload } from '../files/service';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '../users/schemas';
import { toPublicUser } from '../users/service';
import { users } from '../users/tables';

/** Stores the new picture, points the user at it, then removes the old one. */
export async function uploadAvatar(opts: { db: Db; storage: StorageProvider; userId: string; file: Blob }) {
  const { db, storage, userId, file } = opts;
  const stored = await storeUpload({
    db,
    storage,
    userId,
    file,
    kind: 'avatar',
    allowed: AVATAR_TYPES,
    maxBytes: AVATAR_MAX_BYTES,
    typeMessage: 'Only image files (PNG, JPEG, WebP or GIF) are allowed',
    sizeMessage: 'Image must be 5MB or smaller',
  });
  const [before] = await db.select({ avatarUrl: users.avatarUrl }).from(users).where(eq(users.id, userId));
  const [row] = await db.update(users).set({ avatarUrl: stored.url, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
  await deleteFiles({ db, storage, userId, keys: [keyFromUrl(before?.avatarUrl)] });
  return { ...toPublicUser(row), avatarUrl: stored.url };
}
