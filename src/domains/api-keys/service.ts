import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { notFound } from '../../server/http/app-error';
import { newId, newToken } from '../../shared/ids';
import type { Scope } from '../../server/scope';
import type { ApiKeyScope } from '../../shared/api-key-scopes';
import { apiKeys } from './tables';

const PREFIX = 'avs_';
export const hashKey = (secret: string) => new Bun.CryptoHasher('sha256').update(secret).digest('hex');

/**
 * Returns the secret once; only its hash is kept. The key is its user's and acts in the scope's workspace.
 * `scopes`: what it may do beyond the data routes, chosen now and never widened later ('billing': spend).
 */
export async function createApiKey(opts: { db: Db; scope: Scope; name: string; scopes?: readonly ApiKeyScope[] }) {
  const secret = `${PREFIX}${newToken()}${newToken()}`;
  const row = {
    id: newId(),
    userId: opts.scope.userId,
    workspaceId: opts.scope.workspaceId,
    name: opts.name,
    prefix: secret.slice(0, PREFIX.length + 6),
    hash: hashKey(secret),
    scopes: [...new Set(opts.scopes ?? [])],
  };
  await opts.db.insert(apiKeys).values(row);
  return { id: row.id, name: row.name, prefix: row.prefix, scopes: row.scopes, key: secret };
}

/** The user's own live keys in the scope's workspace (keys made in another workspace are listed there). */
export async function listApiKeys(opts: { db: Db; scope: Scope }) {
  const rows = await opts.db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      scopes: apiKeys.scopes,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, opts.scope.userId), eq(apiKeys.workspaceId, opts.scope.workspaceId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), lastUsedAt: r.lastUsedAt?.toISOString() ?? null }));
}

/** Revokes one of the user's own keys of the scope's workspace; any other key is 404. */
export async function revokeApiKey(opts: { db: Db; scope: Scope; id: string }) {
  const [row] = await opts.db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, opts.id), eq(apiKeys.userId, opts.scope.userId), eq(apiKeys.workspaceId, opts.scope.workspaceId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (!row) throw notFound('API key not found');
  return { ok: true as const };
}

/** Every live key of the user, in every workspace, stops working (password reset, account reset, on request at a password change). */
export async function revokeAllApiKeys(opts: { db: Db; userId: string; now?: Date }): Promise<number> {
  const gone = await opts.db
    .update(apiKeys)
    .set({ revokedAt: opts.now ?? new Date() })
    .where(and(eq(apiKeys.userId, opts.userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return gone.length;
}

/** The key's user, the workspace it acts in and its scopes; null for an unknown or revoked key. */
export async function resolveApiKey(db: Db, secret: string): Promise<{ userId: string; workspaceId: string; scopes: ApiKeyScope[] } | null> {
  if (!secret.startsWith(PREFIX)) return null;
  const [row] = await db
    .update(apiKeys)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(apiKeys.hash, hashKey(secret)), isNull(apiKeys.revokedAt)))
    .returning({ userId: apiKeys.userId, workspaceId: apiKeys.workspaceId, scopes: apiKeys.scopes });
  return row ?? null;
}
