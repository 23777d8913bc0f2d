import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import type { StorageProvider } from '../../server/providers/storage/types';
import { deleteFiles, keyFromUrl, storeUpload } from '../files/service';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, LOGO_MAX_BYTES, LOGO_MESSAGES, LOGO_TYPES } from '../users/schemas';
import { toPublicUser } from '../users/service';
import { users } from '../users/tables';
import { personalScope } from '../../server/scope';

// The user's two pictures: the profile photo and the landing pages' logo (its colour is a profile
// field, PATCH /api/users/{id}). Both are checked by their bytes and stored as the user's files, in their
// personal workspace (a picture is the person's, whichever workspace they act in).

type Opts = { db: Db; storage: StorageProvider; userId: string };
type ImageColumn = 'avatarUrl' | 'brandLogoUrl';

/** Points the user at the new picture (or none), then removes the old one's file. */
async function swapImage(opts: Opts & { column: ImageColumn; url: string | null }) {
  const { db, storage, userId, column } = opts;
  const [before] = await db.select({ url: users[column] }).from(users).where(eq(users.id, userId));
  const [row] = await db
    .update(users)
    .set({ [column]: opts.url, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  await deleteFiles({ db, storage, scope: personalScope(userId), keys: [keyFromUrl(before?.url)] });
  return toPublicUser(row);
}

export async function uploadAvatar(opts: Opts & { file: Blob }) {
  const stored = await storeUpload({
    ...opts,
    scope: personalScope(opts.userId),
    kind: 'avatar',
    allowed: AVATAR_TYPES,
    maxBytes: AVATAR_MAX_BYTES,
    typeMessage: 'Only image files (PNG, JPEG, WebP or GIF) are allowed',
    sizeMessage: 'Image must be 5MB or smaller',
  });
  return { ...(await swapImage({ ...opts, column: 'avatarUrl', url: stored.url })), avatarUrl: stored.url };
}

export async function uploadLogo(opts: Opts & { file: Blob }) {
  const stored = await storeUpload({
    ...opts,
    scope: personalScope(opts.userId),
    kind: 'logo',
    allowed: LOGO_TYPES,
    maxBytes: LOGO_MAX_BYTES,
    typeMessage: LOGO_MESSAGES.type,
    sizeMessage: LOGO_MESSAGES.size,
  });
  return swapImage({ ...opts, column: 'brandLogoUrl', url: stored.url });
}

/** Removes the logo and its file; the landing pages show the sender's name instead. Idempotent. */
export const deleteLogo = (opts: Opts) => swapImage({ ...opts, column: 'brandLogoUrl', url: null });
