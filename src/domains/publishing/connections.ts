import { createHash } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { SecretBox } from '../../server/crypto';
import type { Db } from '../../server/db/client';
import { AppError, invalidInput } from '../../server/http/app-error';
import type { PublishingProviders } from '../../server/providers/publishing';
import { PUBLISH_PLATFORMS, PublishError, type PublishPlatform, type PublishToken } from '../../server/providers/publishing/types';
import { createdIn, inWorkspace, requireRole, type Scope } from '../../server/scope';
import { newId, newToken } from '../../shared/ids';
import { CALLBACK_PATH, STATE_TTL_MS } from './constants';
import { PUBLISHING_MESSAGES as M } from './messages';
import { publishingConnections, publishingStates, type PublishingConnectionRow } from './tables';

// Connecting a workspace to a platform (docs/decisions/229): an OAuth state kept server-side (its hash),
// single use, expiring; the token stored only encrypted, bound to the connection's row.

export type ConnectDeps = { db: Db; box: SecretBox; providers: { publishing: PublishingProviders } };

const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');
export const callbackUri = (origin: string) => `${origin}${CALLBACK_PATH}`;

/** The three platforms, each with its state here (disconnected when there is no row). */
export async function listConnections(deps: ConnectDeps & { scope: Scope }) {
  const rows = await deps.db.select().from(publishingConnections).where(inWorkspace(publishingConnections, deps.scope));
  return PUBLISH_PLATFORMS.map((platform) => {
    const row = rows.find((r) => r.platform === platform);
    return {
      platform,
      sandbox: deps.providers.publishing[platform].sandbox,
      status: row ? row.status : ('disconnected' as const),
      targets: row ? row.targets.map((t) => ({ id: t.id, name: t.name })) : [],
      connectedAt: row ? row.connectedAt.toISOString() : null,
    };
  });
}

/** Where to send the user to grant access: the platform's authorize URL with a fresh state. */
export async function startConnect(deps: ConnectDeps & { scope: Scope; platform: PublishPlatform; origin: string }) {
  requireRole(deps.scope, 'admin');
  const state = newToken();
  await deps.db.insert(publishingStates).values({
    id: newId(),
    ...createdIn(deps.scope),
    platform: deps.platform,
    stateHash: hashOf(state),
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  return { url: deps.providers.publishing[deps.platform].authorizeUrl({ platform: deps.platform, state, redirectUri: callbackUri(deps.origin) }) };
}

/**
 * The OAuth callback: the state must be this workspace's, unused and unexpired (it is used up here,
 * whatever follows); the code is exchanged and the token stored encrypted with the targets.
 */
export async function completeConnect(deps: ConnectDeps & { scope: Scope; state: string; code: string; origin: string }) {
  const [used] = await deps.db
    .update(publishingStates)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(publishingStates.stateHash, hashOf(deps.state)),
        inWorkspace(publishingStates, deps.scope),
        isNull(publishingStates.usedAt),
        gt(publishingStates.expiresAt, new Date()),
      ),
    )
    .returning({ platform: publishingStates.platform });
  if (!used) throw invalidInput(M.stateInvalid);
  const { platform } = used;
  const provider = deps.providers.publishing[platform];
  let granted: Awaited<ReturnType<typeof provider.exchangeCode>>;
  try {
    granted = await provider.exchangeCode({ platform, code: deps.code, redirectUri: callbackUri(deps.origin) });
  } catch (e) {
    if (e instanceof PublishError) throw invalidInput(M.connectFailed);
    throw e;
  }
  const id = newId();
  const now = new Date();
  await deps.db
    .insert(publishingConnections)
    .values({
      id,
      ...createdIn(deps.scope),
      platform,
      provider: provider.name,
      tokenEncrypted: await deps.box.encrypt(JSON.stringify(granted.token), id),
      targets: granted.targets,
      status: 'connected',
      connectedAt: now,
    })
    .onConflictDoNothing({ target: [publishingConnections.workspaceId, publishingConnections.platform] });
  // A reconnection replaces the grant of the row already there (its id stays: the ciphertext is bound to it).
  const [row] = await deps.db
    .select()
    .from(publishingConnections)
    .where(and(inWorkspace(publishingConnections, deps.scope), eq(publishingConnections.platform, platform)));
  if (row && row.id !== id) {
    await deps.db
      .update(publishingConnections)
      .set({
        provider: provider.name,
        tokenEncrypted: await deps.box.encrypt(JSON.stringify(granted.token), row.id),
        targets: granted.targets,
        status: 'connected',
        connectedAt: now,
        updatedAt: now,
      })
      .where(eq(publishingConnections.id, row.id));
  }
  return { platform };
}

export async function disconnect(deps: ConnectDeps & { scope: Scope; platform: PublishPlatform }) {
  requireRole(deps.scope, 'admin');
  await deps.db.delete(publishingConnections).where(and(inWorkspace(publishingConnections, deps.scope), eq(publishingConnections.platform, deps.platform)));
  return { ok: true as const };
}

export async function connectionOf(db: Db, workspaceId: string, platform: PublishPlatform) {
  const [row] = await db
    .select()
    .from(publishingConnections)
    .where(and(eq(publishingConnections.workspaceId, workspaceId), eq(publishingConnections.platform, platform)));
  return row ?? null;
}

/** The connection's token; a ciphertext that no longer decrypts (the key changed) asks to reconnect. */
export async function tokenOf(box: SecretBox, row: PublishingConnectionRow): Promise<PublishToken> {
  try {
    return JSON.parse(await box.decrypt(row.tokenEncrypted, row.id)) as PublishToken;
  } catch {
    throw new PublishError(M.expired, 'reauth');
  }
}

/** Keeps a refreshed token (encrypted, bound to the row). */
export async function saveToken(deps: { db: Db; box: SecretBox }, row: PublishingConnectionRow, token: PublishToken) {
  await deps.db
    .update(publishingConnections)
    .set({ tokenEncrypted: await deps.box.encrypt(JSON.stringify(token), row.id), updatedAt: new Date() })
    .where(eq(publishingConnections.id, row.id));
}

/** The platform refused the grant: the connection shows "expired" until the user reconnects. */
export async function markExpired(db: Db, connectionId: string) {
  await db.update(publishingConnections).set({ status: 'expired', updatedAt: new Date() }).where(eq(publishingConnections.id, connectionId));
}

/** A 403 for a state of another workspace would tell it exists: every refusal of the callback reads alike. */
export const isConnectRefusal = (e: unknown) => e instanceof AppError && (e.code === 'INVALID_INPUT' || e.code === 'FORBIDDEN');
