import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../server/context';
import type { SecretBox } from '../../server/crypto';
import type { Db } from '../../server/db/client';
import { AppError, limitExceeded, notFound } from '../../server/http/app-error';
import type { Logger } from '../../server/log';
import {
  MessagingError,
  PLATFORM_NAMES,
  type AccountStatus,
  type MessagingPlatform,
  type MessagingProvider,
  type ProviderAccount,
} from '../../server/providers/messaging/types';
import { entitlements } from '../../shared/limits';
import { PLANS } from '../../shared/plans';
import { newId } from '../../shared/ids';
import { limitMessage } from '../billing/limits';
import type { UsageCounter } from '../billing/service';
import { subscriptions } from '../billing/tables';
import { likePattern } from '../contacts/service';
import type { TSocialContactsQuery } from './schemas';
import { socialContacts, socialProfiles, type SocialProfileRow } from './tables';

/** What every social service needs: the database, the provider chosen at start-up, the app's secret box. */
export type SocialDeps = { db: Db; messaging: MessagingProvider; box: SecretBox; log?: Logger };

/** The social deps from the app's (REST handlers, tRPC, job handlers alike). */
export function socialDepsOf(deps: Pick<AppDeps, 'db' | 'providers' | 'box' | 'log'>): SocialDeps {
  return { db: deps.db, messaging: deps.providers.messaging, box: deps.box, log: deps.log };
}

export const PROFILE_NOT_FOUND = 'Social profile not found';
const CONTACTS_MAX_AGE_MS = 10 * 60_000;

/** Subscription usage counts the user's connected profiles (passed to billing by createDeps). */
export const countActiveProfiles: UsageCounter = async (db, userId) => {
  const [r] = await db
    .select({ n: count() })
    .from(socialProfiles)
    .where(and(eq(socialProfiles.userId, userId), eq(socialProfiles.status, 'active')));
  return Number(r?.n ?? 0);
};

const aad = (row: { id: string; userId: string }) => `social_profile:${row.id}:${row.userId}`;
const refOf = (box: SecretBox, provider: string, accountId: string) => box.mac(`${provider}:${accountId}`, 'social-account');

/** The provider account id of a profile (decrypted; the row binds it to its owner). */
export function accountIdOf(box: SecretBox, row: SocialProfileRow): Promise<string> {
  return box.decrypt(row.accountIdEnc, aad(row));
}

export function toProfile(row: SocialProfileRow) {
  return {
    id: row.id,
    platform: row.platform,
    platformName: PLATFORM_NAMES[row.platform] ?? row.platform,
    profileName: row.profileName,
    status: row.status,
    provider: row.provider,
    sandbox: row.provider === 'sandbox',
    checkpoint: row.status === 'pending' && row.checkpointType ? { type: row.checkpointType } : null,
    connectedAt: row.connectedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
export type SocialProfile = ReturnType<typeof toProfile>;

/** The spec's Unipile account shape (GET /api/unipile/accounts). */
export const toUnipileAccount = (row: SocialProfileRow) => ({
  id: row.id,
  platform: row.platform,
  platform_name: PLATFORM_NAMES[row.platform] ?? row.platform,
  username: row.profileName,
  status: row.status,
  sandbox: row.provider === 'sandbox',
});

export async function getOwnedProfile(db: Db, userId: string, id: string): Promise<SocialProfileRow> {
  const [row] = await db
    .select()
    .from(socialProfiles)
    .where(and(eq(socialProfiles.id, id), eq(socialProfiles.userId, userId)));
  if (!row) throw notFound(PROFILE_NOT_FOUND);
  return row;
}

export async function listProfiles(opts: { db: Db; userId: string }) {
  const rows = await opts.db
    .select()
    .from(socialProfiles)
    .where(eq(socialProfiles.userId, opts.userId))
    .orderBy(desc(socialProfiles.createdAt), desc(socialProfiles.id));
  return rows.map(toProfile);
}

/** Refuses a new connection past the plan's social profile allowance (2 / 5 / unlimited). */
export async function assertProfileAllowance(db: Db, userId: string) {
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  if (!sub || !PLANS[sub.planId]) return;
  const e = entitlements(sub);
  const limit = e.socialProfiles;
  if (limit === null) return;
  const [r] = await db
    .select({ n: count() })
    .from(socialProfiles)
    .where(and(eq(socialProfiles.userId, userId), inArray(socialProfiles.status, ['active', 'pending'])));
  if (Number(r?.n ?? 0) >= limit) throw limitExceeded(limitMessage('socialProfiles', e), { limit: 'socialProfiles' });
}

/**
 * Records the account as one of the user's profiles: the same provider account again updates
 * the existing profile (reconnecting never duplicates).
 */
export async function saveProfile(
  deps: SocialDeps,
  input: {
    userId: string;
    accountId: string;
    platform: MessagingPlatform;
    profileName: string;
    status: AccountStatus;
    providerStatus?: string | null;
    checkpointType?: string | null;
  },
): Promise<SocialProfileRow> {
  const { db, box, messaging } = deps;
  const accountRef = await refOf(box, messaging.name, input.accountId);
  const now = new Date();
  const [existing] = await db
    .select()
    .from(socialProfiles)
    .where(and(eq(socialProfiles.userId, input.userId), eq(socialProfiles.accountRef, accountRef)));
  const fields = {
    platform: input.platform,
    profileName: input.profileName.slice(0, 200) || PLATFORM_NAMES[input.platform],
    status: input.status,
    providerStatus: input.providerStatus ?? null,
    checkpointType: input.status === 'pending' ? (input.checkpointType ?? null) : null,
    updatedAt: now,
  };
  if (existing) {
    const [row] = await db
      .update(socialProfiles)
      .set({ ...fields, connectedAt: input.status === 'active' ? (existing.connectedAt ?? now) : existing.connectedAt })
      .where(eq(socialProfiles.id, existing.id))
      .returning();
    return row;
  }
  const id = newId();
  const accountIdEnc = await box.encrypt(input.accountId, aad({ id, userId: input.userId }));
  const [row] = await db
    .insert(socialProfiles)
    .values({
      id,
      userId: input.userId,
      provider: messaging.name,
      accountRef,
      accountIdEnc,
      ...fields,
      connectedAt: input.status === 'active' ? now : null,
      createdAt: now,
    })
    .returning();
  return row;
}

export async function setProfileStatus(db: Db, id: string, status: AccountStatus, providerStatus?: string | null) {
  await db
    .update(socialProfiles)
    .set({
      status,
      providerStatus: providerStatus ?? null,
      updatedAt: new Date(),
      ...(status === 'active' ? { checkpointType: null, connectedAt: sql`coalesce(${socialProfiles.connectedAt}, now())` } : {}),
    })
    .where(eq(socialProfiles.id, id));
}

/** Profiles (of any user) holding this provider account: webhooks name accounts by id only. */
export async function profilesByAccount(deps: SocialDeps, accountId: string) {
  const ref = await refOf(deps.box, deps.messaging.name, accountId);
  return deps.db.select().from(socialProfiles).where(eq(socialProfiles.accountRef, ref));
}

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
        userId: row.userId,
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

/** Each profile with the status its provider gives it now. Asks the provider, writes nothing. */
async function providerStates(deps: SocialDeps & { userId: string }) {
  const { db, userId } = deps;
  const rows = await db.select().from(socialProfiles).where(eq(socialProfiles.userId, userId)).orderBy(desc(socialProfiles.createdAt));
  const out: { row: SocialProfileRow; status: AccountStatus; providerStatus: string | null }[] = [];
  for (const row of rows) {
    if (row.provider !== deps.messaging.name) {
      out.push({ row, status: row.status, providerStatus: row.providerStatus });
      continue;
    }
    let account: ProviderAccount | null;
    try {
      account = await deps.messaging.getAccount(await accountIdOf(deps.box, row));
    } catch (e) {
      if (e instanceof MessagingError) throw new AppError('UNAVAILABLE', `Failed to fetch UniPile accounts: ${e.message}`, { retryable: e.retryable });
      throw e;
    }
    // A pending profile (checkpoint) the provider does not know yet stays pending.
    const status: AccountStatus = account ? account.status : row.status === 'pending' ? 'pending' : 'disconnected';
    out.push({ row, status, providerStatus: account?.providerStatus ?? row.providerStatus });
  }
  return out;
}

/** GET /api/unipile/accounts: every account as the provider sees it now. A read: nothing is recorded. */
export async function readAccounts(deps: SocialDeps & { userId: string }) {
  return (await providerStates(deps)).map(({ row, status }) => toUnipileAccount({ ...row, status }));
}

/** The Refresh button (a mutation): records what the provider says and refreshes stale contacts. */
export async function refreshAccounts(deps: SocialDeps & { userId: string }) {
  const out: SocialProfileRow[] = [];
  for (const { row, status, providerStatus } of await providerStates(deps)) {
    if (status !== row.status || providerStatus !== row.providerStatus) await setProfileStatus(deps.db, row.id, status, providerStatus);
    const fresh = { ...row, status };
    if (status === 'active' && (!row.contactsSyncedAt || Date.now() - row.contactsSyncedAt.getTime() > CONTACTS_MAX_AGE_MS)) await trySyncContacts(deps, fresh);
    out.push(fresh);
  }
  return out.map(toUnipileAccount);
}

export async function disconnectProfile(deps: SocialDeps & { userId: string; id: string }) {
  const row = await getOwnedProfile(deps.db, deps.userId, deps.id);
  if (row.provider === deps.messaging.name) {
    try {
      await deps.messaging.deleteAccount(await accountIdOf(deps.box, row));
    } catch (e) {
      // A temporary outage must not leave a linked account we no longer know about.
      if (e instanceof MessagingError && e.retryable)
        throw new AppError('UNAVAILABLE', 'Disconnection failed: the messaging service is unavailable, please try again');
      deps.log?.warn('provider account deletion failed', { profileId: row.id, error: e instanceof Error ? e.message : String(e) });
    }
  }
  await deps.db.delete(socialProfiles).where(and(eq(socialProfiles.id, row.id), eq(socialProfiles.userId, deps.userId)));
  return { success: true as const, id: row.id };
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

/** Contacts reachable through the user's active profiles; search over name, headline and profile URL. */
export async function listSocialContacts(opts: { db: Db; userId: string; query?: TSocialContactsQuery; ids?: string[] }) {
  const { db, userId, query = {} } = opts;
  const where: (SQL | undefined)[] = [eq(socialContacts.userId, userId), eq(socialProfiles.status, 'active')];
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

/** Active profile for a platform: the one named, else the most recently connected. */
export async function activeProfileFor(db: Db, userId: string, platform: MessagingPlatform, profileId?: string) {
  const [row] = await db
    .select()
    .from(socialProfiles)
    .where(
      and(
        eq(socialProfiles.userId, userId),
        eq(socialProfiles.platform, platform),
        eq(socialProfiles.status, 'active'),
        profileId ? eq(socialProfiles.id, profileId) : undefined,
      ),
    )
    .orderBy(desc(socialProfiles.connectedAt), desc(socialProfiles.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Social contacts chosen for a distribution, with what sending needs (provider id, phone,
 * the profile they are reachable through). Other users' ids and contacts of profiles that
 * are no longer active are left out.
 */
export async function resolveSocialRecipients(opts: { db: Db; userId: string; ids: string[] }) {
  if (!opts.ids.length) return [];
  const rows = await opts.db
    .select({ c: socialContacts })
    .from(socialContacts)
    .innerJoin(socialProfiles, eq(socialProfiles.id, socialContacts.profileId))
    .where(and(eq(socialContacts.userId, opts.userId), eq(socialProfiles.status, 'active'), inArray(socialContacts.id, opts.ids)));
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
