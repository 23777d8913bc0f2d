import { eq } from 'drizzle-orm';
import type { User } from 'lucia';
import type { Db } from '../../server/db/client';
import { notFound } from '../../server/http/app-error';
import { DEFAULT_SETTINGS, ZUserSettings } from '../settings/schemas';
import type { PublicUser, TUpdateProfile } from './schemas';
import { users, type UserRow } from './tables';

type UserLike = Pick<
  UserRow,
  | 'id'
  | 'username'
  | 'fullName'
  | 'email'
  | 'emailVerifiedAt'
  | 'companyName'
  | 'position'
  | 'phoneNumber'
  | 'avatarUrl'
  | 'brandLogoUrl'
  | 'brandColor'
  | 'createdAt'
  | 'settings'
>;

/** The user as clients see it: never any password material. */
export function toPublicUser(u: UserLike | User): PublicUser {
  const settings = ZUserSettings.safeParse(u.settings);
  return {
    id: u.id,
    username: u.username,
    fullName: u.fullName,
    email: u.email,
    emailVerified: u.emailVerifiedAt != null,
    companyName: u.companyName ?? null,
    position: u.position ?? null,
    phoneNumber: u.phoneNumber ?? null,
    avatarUrl: u.avatarUrl ?? null,
    brandLogoUrl: u.brandLogoUrl ?? null,
    brandColor: u.brandColor ?? null,
    createdAt: new Date(u.createdAt).toISOString(),
    settings: settings.success ? settings.data : DEFAULT_SETTINGS,
  };
}

/** Users act only on themselves: any other id answers 404, as if it did not exist. */
export function assertSelf(actorId: string, targetId: string) {
  if (actorId !== targetId) throw notFound('User not found');
}

export async function getUser(opts: { db: Db; userId: string }): Promise<PublicUser> {
  const { db, userId } = opts;
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw notFound('User not found');
  return toPublicUser(row);
}

/** The profile's plain fields. The e-mail address changes only through its link (auth/email-verification.ts). */
export async function updateProfile(opts: { db: Db; userId: string; input: Omit<TUpdateProfile, 'email' | 'currentPassword'> }): Promise<PublicUser> {
  const { db, userId, input } = opts;
  if (Object.keys(input).length === 0) return getUser({ db, userId });
  const [row] = await db
    .update(users)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw notFound('User not found');
  return toPublicUser(row);
}
