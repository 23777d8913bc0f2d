import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../server/context';
import type { SecretBox } from '../../server/crypto';
import type { Db } from '../../server/db/client';
import { limitExceeded, notFound } from '../../server/http/app-error';
import type { Logger } from '../../server/log';
import { PLATFORM_NAMES, type AccountStatus, type MessagingPlatform, type MessagingProvider } from '../../server/providers/messaging/types';
import { entitlements } from '../../shared/limits';
import { newId } from '../../shared/ids';
import { limitMessage } from '../billing/limits';
import { workspaceSubscription, type UsageCounter } from '../billing/service';
import { socialProfiles, type SocialProfileRow } from './tables';
import { inWorkspace, requireRole, type Scope } from '../../server/scope';
import { workspaces } from '../workspaces/tables';

/** What every social service needs: the database, the provider chosen at start-up, the app's secret box. */
export type SocialDeps = { db: Db; messaging: MessagingProvider; box: SecretBox; log?: Logger };

/** The social deps from the app's (REST handlers, tRPC, job handlers alike). */
export function socialDepsOf(deps: Pick<AppDeps, 'db' | 'providers' | 'box' | 'log'>): SocialDeps {
  return { db: deps.db, messaging: deps.providers.messaging, box: deps.box, log: deps.log };
}

export const PROFILE_NOT_FOUND = 'Social profile not found';

/** Who looks at the workspace's profiles: a member (a job acting without one sees the shared profiles only). */
export type ProfileViewer = Pick<Scope, 'workspaceId'> & { userId?: string | null };

/**
 * THE visibility rule of social profiles: of the viewer's workspace, and shared with its members or
 * connected by the viewer. Every read that lists, gets or sends through a profile uses it; a profile
 * the viewer cannot see is not found (404). The plan allowance still counts them all.
 */
export function visibleProfile(viewer: ProfileViewer): SQL {
  const mine = viewer.userId ? eq(socialProfiles.createdBy, viewer.userId) : undefined;
  return and(inWorkspace(socialProfiles, viewer), mine ? or(eq(socialProfiles.shared, true), mine) : eq(socialProfiles.shared, true)) as SQL;
}

/** Subscription usage counts the workspace's connected profiles (passed to billing by createDeps). */
export const countActiveProfiles: UsageCounter = async (db, workspaceId) => {
  const [r] = await db
    .select({ n: count() })
    .from(socialProfiles)
    .where(and(inWorkspace(socialProfiles, { workspaceId }), eq(socialProfiles.status, 'active')));
  return Number(r?.n ?? 0);
};

// Bound to the row and its workspace (the column was its user's before workspaces: the same id, since a
// personal workspace's id is its user's, so profiles encrypted then still open).
const aad = (row: { id: string; workspaceId: string }) => `social_profile:${row.id}:${row.workspaceId}`;
const refOf = (box: SecretBox, provider: string, accountId: string) => box.mac(`${provider}:${accountId}`, 'social-account');

/** The provider account id of a profile (decrypted; the row binds it to its workspace). */
export function accountIdOf(box: SecretBox, row: SocialProfileRow): Promise<string> {
  return box.decrypt(row.accountIdEnc, aad(row));
}

export function toProfile(row: SocialProfileRow, viewer?: Pick<ProfileViewer, 'userId'>) {
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
    shared: row.shared,
    mine: !!viewer?.userId && row.createdBy === viewer.userId,
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

/**
 * A profile the scope may see: one shared with the workspace's members, or one they connected.
 * Another workspace's profile, or another member's unshared one, answers 404.
 */
export async function getOwnedProfile(opts: { db: Db; scope: ProfileViewer; id: string }): Promise<SocialProfileRow> {
  const { db, scope, id } = opts;
  const [row] = await db
    .select()
    .from(socialProfiles)
    .where(and(eq(socialProfiles.id, id), visibleProfile(scope)));
  if (!row) throw notFound(PROFILE_NOT_FOUND);
  return row;
}

/** The workspace's profiles the scope may see: the shared ones, whoever connected them, and their own. */
export async function listProfiles(opts: { db: Db; scope: ProfileViewer }) {
  const rows = await opts.db.select().from(socialProfiles).where(visibleProfile(opts.scope)).orderBy(desc(socialProfiles.createdAt), desc(socialProfiles.id));
  return rows.map((row) => toProfile(row, opts.scope));
}

/**
 * Shares a profile with the workspace's members, or keeps it to its creator. Only its creator, or an
 * admin or the owner, may choose (403 for another member); a profile they cannot see is a 404.
 */
export async function setProfileShared(opts: { db: Db; scope: Scope; id: string; shared: boolean }) {
  const { db, scope } = opts;
  const row = await getOwnedProfile({ db, scope, id: opts.id });
  if (row.createdBy !== scope.userId) requireRole(scope, 'admin');
  const [updated] = await db
    .update(socialProfiles)
    .set({ shared: opts.shared, updatedAt: new Date() })
    .where(and(eq(socialProfiles.id, row.id), inWorkspace(socialProfiles, scope)))
    .returning();
  return toProfile(updated, scope);
}

/** Profiles that hold one of the plan's slots: connected, or waiting for a verification code. */
const HOLDS_A_SLOT: AccountStatus[] = ['active', 'pending'];

/** Refuses (402) when the workspace's profiles already fill the plan's allowance (2 / 5 / unlimited). */
async function assertRoom(db: Db, workspaceId: string) {
  const sub = await workspaceSubscription(db, workspaceId);
  if (!sub) return;
  const e = entitlements(sub);
  const limit = e.socialProfiles;
  if (limit === null) return;
  const [r] = await db
    .select({ n: count() })
    .from(socialProfiles)
    .where(and(inWorkspace(socialProfiles, { workspaceId }), inArray(socialProfiles.status, HOLDS_A_SLOT)));
  if (Number(r?.n ?? 0) >= limit) throw limitExceeded(limitMessage('socialProfiles', e), { limit: 'socialProfiles' });
}

/**
 * The early refusal, before the provider is asked to connect anything (counted per workspace; the
 * workspace's plan is its owner's subscription). Only a hint under concurrency: the slot itself is
 * taken by saveProfile, under the workspace row's lock.
 */
export async function assertProfileAllowance(opts: { db: Db; scope: Pick<Scope, 'workspaceId'> }) {
  await assertRoom(opts.db, opts.scope.workspaceId);
}

/**
 * Records the account as one of the workspace's profiles: the same provider account again updates
 * the existing profile (reconnecting never duplicates). `createdBy`: the member who connected it.
 *
 * A new profile takes one of the plan's slots atomically (docs/decisions/207): the workspace's row is
 * locked (FOR NO KEY UPDATE, so rows that merely reference the workspace are not held up), then the
 * profiles are counted and the new one inserted in the same transaction. Concurrent connections of
 * one workspace, on any number of app processes, queue on that lock, so exactly the free slots are
 * filled; the others are refused (402).
 */
export async function saveProfile(
  deps: SocialDeps,
  input: {
    workspaceId: string;
    createdBy: string | null;
    accountId: string;
    platform: MessagingPlatform;
    profileName: string;
    status: AccountStatus;
    providerStatus?: string | null;
    checkpointType?: string | null;
  },
): Promise<SocialProfileRow> {
  const { box, messaging } = deps;
  const accountRef = await refOf(box, messaging.name, input.accountId);
  const id = newId();
  const accountIdEnc = await box.encrypt(input.accountId, aad({ id, workspaceId: input.workspaceId }));
  const now = new Date();
  const fields = {
    platform: input.platform,
    profileName: input.profileName.slice(0, 200) || PLATFORM_NAMES[input.platform],
    status: input.status,
    providerStatus: input.providerStatus ?? null,
    checkpointType: input.status === 'pending' ? (input.checkpointType ?? null) : null,
    updatedAt: now,
  };
  return deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, input.workspaceId)).for('no key update');
    const [existing] = await tx
      .select()
      .from(socialProfiles)
      .where(and(inWorkspace(socialProfiles, input), eq(socialProfiles.accountRef, accountRef)));
    if (existing) {
      const [row] = await tx
        .update(socialProfiles)
        .set({ ...fields, connectedAt: input.status === 'active' ? (existing.connectedAt ?? now) : existing.connectedAt })
        .where(eq(socialProfiles.id, existing.id))
        .returning();
      return row!;
    }
    await assertRoom(tx, input.workspaceId);
    const [row] = await tx
      .insert(socialProfiles)
      .values({
        id,
        workspaceId: input.workspaceId,
        createdBy: input.createdBy,
        // A team workspace's new connection stays its creator's until they share it; a personal one is theirs anyway.
        shared: !input.createdBy || input.workspaceId === input.createdBy,
        provider: messaging.name,
        accountRef,
        accountIdEnc,
        ...fields,
        connectedAt: input.status === 'active' ? now : null,
        createdAt: now,
      })
      .returning();
    return row!;
  });
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

/** Profiles (of any workspace) holding this provider account: webhooks name accounts by id only. */
export async function profilesByAccount(deps: SocialDeps, accountId: string) {
  const ref = await refOf(deps.box, deps.messaging.name, accountId);
  return deps.db.select().from(socialProfiles).where(eq(socialProfiles.accountRef, ref));
}

/** The active profile the scope may send through for a platform: the one named, else the most recently connected. */
export async function activeProfileFor(opts: { db: Db; scope: ProfileViewer; platform: MessagingPlatform; profileId?: string }) {
  const { db, scope, platform, profileId } = opts;
  const [row] = await db
    .select()
    .from(socialProfiles)
    .where(
      and(
        visibleProfile(scope),
        eq(socialProfiles.platform, platform),
        eq(socialProfiles.status, 'active'),
        profileId ? eq(socialProfiles.id, profileId) : undefined,
      ),
    )
    .orderBy(desc(socialProfiles.connectedAt), desc(socialProfiles.createdAt))
    .limit(1);
  return row ?? null;
}
