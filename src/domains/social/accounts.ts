import { and, desc, eq } from 'drizzle-orm';
import { AppError } from '../../server/http/app-error';
import { MessagingError, type AccountStatus, type ProviderAccount } from '../../server/providers/messaging/types';
import { accountIdOf, getOwnedProfile, setProfileStatus, toUnipileAccount, visibleProfile, type SocialDeps } from './profiles';
import { trySyncContacts } from './social-contacts';
import { socialProfiles, type SocialProfileRow } from './tables';
import { inWorkspace, type Scope } from '../../server/scope';

// The workspace's accounts as the messaging provider sees them now: read, refreshed, disconnected.

const CONTACTS_MAX_AGE_MS = 10 * 60_000;

/** Each profile the scope may see, with the status its provider gives it now. Asks the provider, writes nothing. */
async function providerStates(deps: SocialDeps & { scope: Scope }) {
  const { db, scope } = deps;
  const rows = await db.select().from(socialProfiles).where(visibleProfile(scope)).orderBy(desc(socialProfiles.createdAt));
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
export async function readAccounts(deps: SocialDeps & { scope: Scope }) {
  return (await providerStates(deps)).map(({ row, status }) => toUnipileAccount({ ...row, status }));
}

/** The Refresh button (a mutation): records what the provider says and refreshes stale contacts. */
export async function refreshAccounts(deps: SocialDeps & { scope: Scope }) {
  const out: SocialProfileRow[] = [];
  for (const { row, status, providerStatus } of await providerStates(deps)) {
    if (status !== row.status || providerStatus !== row.providerStatus) await setProfileStatus(deps.db, row.id, status, providerStatus);
    const fresh = { ...row, status };
    if (status === 'active' && (!row.contactsSyncedAt || Date.now() - row.contactsSyncedAt.getTime() > CONTACTS_MAX_AGE_MS)) await trySyncContacts(deps, fresh);
    out.push(fresh);
  }
  return out.map(toUnipileAccount);
}

/** Any member may disconnect a profile they can see (shared with the workspace's members, or their own). */
export async function disconnectProfile(deps: SocialDeps & { scope: Scope; id: string }) {
  const row = await getOwnedProfile({ db: deps.db, scope: deps.scope, id: deps.id });
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
  await deps.db.delete(socialProfiles).where(and(eq(socialProfiles.id, row.id), inWorkspace(socialProfiles, deps.scope)));
  return { success: true as const, id: row.id };
}
