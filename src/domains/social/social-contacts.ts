import { and, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { newId } from '../../shared/ids';
import { likePattern } from '../../server/db/like';
import { accountIdOf, visibleProfile, type ProfileViewer, type SocialDeps } from './profiles';
import type { TSocialContactsQuery } from './schemas';
import { socialContacts, socialProfiles, type SocialProfileRow } from './tables';
import { inWorkspace } from '../../server/scope';

// The people reachable through a workspace's connected accounts: synced from the provider, listed,
// searched and resolved for a distribution.

/** Replaces the profile's social contacts with what its provider returns now. */
export async function syncContacts(deps: SocialDeps, row: SocialProfileRow) {
  const accountId = await accountIdOf(deps.box, row);
  const people = await deps.messaging.listContacts({ accountId, platform: row.platform, limit: 2000 });
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    await tx.delete(socialContacts).where(eq(socialContacts.profileId, row.id));
    const seen = new Set<string>();
    const values = people
      .filter((p) => !seen.has(p.providerId) && seen.add(p.providerId))
      .map((p) => ({
        id: newId(),
        workspaceId: row.workspaceId,
        createdBy: row.createdBy,
        profileId: row.id,
        platform: row.platform,
        providerId: p.providerId,
        name: p.name.slice(0, 300),
        headline: p.headline,
        profileUrl: p.profileUrl,
        profilePictureUrl: p.profilePictureUrl,
        phone: p.phone,
        syncedAt: now,
      }));
    for (let i = 0; i < values.length; i += 1000) await tx.insert(socialContacts).values(values.slice(i, i + 1000));
    await tx.update(socialProfiles).set({ contactsSyncedAt: now }).where(eq(socialProfiles.id, row.id));
  });
  return people.length;
}

/** Contact sync is a convenience: a provider hiccup is logged, never fails the connection. */
export async function trySyncContacts(deps: SocialDeps, row: SocialProfileRow) {
  try {
    await syncContacts(deps, row);
  } catch (e) {
    deps.log?.warn('social contacts sync failed', { profileId: row.id, platform: row.platform, error: e instanceof Error ? e.message : String(e) });
  }
}

export function toSocialContact(r: typeof socialContacts.$inferSelect, provider: string) {
  return {
    id: r.id,
    name: r.name,
    platform: r.platform,
    headline: r.headline,
    profileUrl: r.profileUrl,
    profilePictureUrl: r.profilePictureUrl,
    phone: r.phone,
    connectionId: r.profileId,
    sandbox: provider === 'sandbox',
  };
}
export type SocialContact = ReturnType<typeof toSocialContact>;

/** Contacts reachable through the active profiles the scope may see; search over name, headline and profile URL. */
export async function listSocialContacts(opts: { db: Db; scope: ProfileViewer; query?: TSocialContactsQuery; ids?: string[] }) {
  const { db, scope, query = {} } = opts;
  const where: (SQL | undefined)[] = [inWorkspace(socialContacts, scope), visibleProfile(scope), eq(socialProfiles.status, 'active')];
  if (query.platforms?.length) where.push(inArray(socialContacts.platform, query.platforms));
  if (opts.ids) where.push(inArray(socialContacts.id, opts.ids.length ? opts.ids : ['']));
  if (query.search) {
    const p = likePattern(query.search);
    where.push(or(ilike(socialContacts.name, p), ilike(socialContacts.headline, p), ilike(socialContacts.profileUrl, p)));
  }
  const rows = await db
    .select({ c: socialContacts, provider: socialProfiles.provider })
    .from(socialContacts)
    .innerJoin(socialProfiles, eq(socialProfiles.id, socialContacts.profileId))
    .where(and(...where))
    .orderBy(socialContacts.name, socialContacts.id)
    .limit(5000);
  return rows.map((r) => toSocialContact(r.c, r.provider));
}

/**
 * Social contacts chosen for a distribution, with what sending needs (provider id, phone,
 * the profile they are reachable through). Other workspaces' ids and contacts of profiles that
 * are no longer active, or that the scope may not see, are left out.
 */
export async function resolveSocialRecipients(opts: { db: Db; scope: ProfileViewer; ids: string[] }) {
  if (!opts.ids.length) return [];
  const rows = await opts.db
    .select({ c: socialContacts })
    .from(socialContacts)
    .innerJoin(socialProfiles, eq(socialProfiles.id, socialContacts.profileId))
    .where(and(inWorkspace(socialContacts, opts.scope), visibleProfile(opts.scope), eq(socialProfiles.status, 'active'), inArray(socialContacts.id, opts.ids)));
  return rows.map(({ c }) => ({
    id: c.id,
    platform: c.platform,
    profileId: c.profileId,
    providerId: c.providerId,
    name: c.name,
    phone: c.phone,
    profileUrl: c.profileUrl,
  }));
}
