import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { notFound } from '../../server/http/app-error';
import { toPublicUser } from './service';
import { users } from './tables';
import { DEFAULT_SETTINGS, mergeSettings, ZUserSettings, type TSettingsPatch } from '../settings/schemas';

/** One service behind PATCH /api/settings and PATCH /api/users/{id}/settings. */
export async function updateSettings(opts: { db: Db; userId: string; patch: TSettingsPatch }) {
  const { db, userId, patch } = opts;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!row) throw notFound('User not found');
    const current = ZUserSettings.safeParse(row.settings);
    const settings = mergeSettings(current.success ? current.data : DEFAULT_SETTINGS, patch);
    const [updated] = await tx.update(users).set({ settings, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
    return toPublicUser(updated);
  });
}

export async function resetSettings(opts: { db: Db; userId: string }) {
  const [updated] = await opts.db.update(users).set({ settings: DEFAULT_SETTINGS, updatedAt: new Date() }).where(eq(users.id, opts.userId)).returning();
  if (!updated) throw notFound('User not found');
  return toPublicUser(updated);
}
