import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import type { StorageProvider } from '../../server/providers/storage/types';
import { deleteFiles, keyFromUrl, storeUpload } from '../files/service';
import { LOGO_MAX_BYTES, LOGO_MESSAGES, LOGO_TYPES } from '../users/schemas';
import { toPublicUser } from '../users/service';
import { users } from '../users/tables';

// The landing pages' logo. The colour is a profile field (PATCH /api/users/{id}).

/** Stores the new logo (checked by its bytes), points the user at it, then removes the old one. */
export async function uploadLogo(opts: { db: Db; storage: StorageProvider; userId: string; file: Blob }) {
  const { db, storage, userId, file } = opts;
  const stored = await storeUpload({
    db,
    storage,
    userId,
    file,
    kind: 'logo',
    allowed: LOGO_TYPES,
    maxBytes: LOGO_MAX_BYTES,
    typeMessage: LOGO_MESSAGES.type,
    sizeMessage: LOGO_MESSAGES.size,
  });
  const [before] = await db.select({ url: users.brandLogoUrl }).from(users).where(eq(users.id, userId));
  const [row] = await db.update(users).set({ brandLogoUrl: stored.url, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
  await deleteFiles({ db, storage, userId, keys: [keyFromUrl(before?.url)] });
  return toPublicUser(row);
}

/** Removes the logo and its file; the landing pages show the sender's name instead. Idempotent. */
export async function deleteLogo(opts: { db: Db; storage: StorageProvider; userId: string }) {
  const { db, storage, userId } = opts;
  const [before] = await db.select({ url: users.brandLogoUrl }).from(users).where(eq(users.id, userId));
  const [row] = await db.update(users).set({ brandLogoUrl: null, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
  await deleteFiles({ db, storage, userId, keys: [keyFromUrl(before?.url)] });
  return toPublicUser(row);
}
