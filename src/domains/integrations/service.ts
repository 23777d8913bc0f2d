import { and, eq } from 'drizzle-orm';
import type { SecretBox } from '../../server/crypto';
import type { Db } from '../../server/db/client';
import type { Env } from '../../server/env';
import { invalidInput, notFound } from '../../server/http/app-error';
import { checkServerAddress, testConnection, type Connection } from '../../server/providers/connections';
import type { StoredConnection } from '../../server/providers/workspace';
import { createdIn, inWorkspace, requireRole, type Scope } from '../../server/scope';
import { newId } from '../../shared/ids';
import { INTEGRATION_PROVIDERS, INTEGRATIONS, type IntegrationProvider } from '../../shared/integrations';
import { INTEGRATION_MESSAGES, type IntegrationView, type TSaveIntegration } from './schemas';
import { workspaceIntegrations, type WorkspaceIntegrationRow } from './tables';

// Settings → Integrations (docs/decisions/220): a workspace's keys for voice and video providers.
// Only its owner and admins read or change them (403 for members); every query is scoped to the
// workspace (another workspace's connections are not there to find); keys are stored encrypted,
// bound to their row, and never answered.

export type IntegrationDeps = { db: Db; box: SecretBox; env: Env; scope: Scope };

/** What is encrypted: the credentials, nothing else. */
type Secret = { apiKey?: string; apiId?: string };

const hint = (value: string | undefined) => (value ? `•••• ${value.slice(-4)}` : null);

async function secretOf(box: SecretBox, row: WorkspaceIntegrationRow): Promise<Secret | null> {
  try {
    return JSON.parse(await box.decrypt(row.secretEncrypted, row.id)) as Secret;
  } catch {
    return null; // ENCRYPTION_KEY changed: the key must be entered again
  }
}

function connectionOf(row: WorkspaceIntegrationRow, s: Secret): Connection | null {
  switch (row.provider) {
    case 'openai-speech':
      return row.baseUrl ? { provider: 'openai-speech', baseUrl: row.baseUrl, apiKey: s.apiKey || undefined, model: row.model ?? undefined } : null;
    case 'creatify':
      return s.apiId && s.apiKey ? { provider: 'creatify', apiId: s.apiId, apiKey: s.apiKey } : null;
    default:
      return s.apiKey ? { provider: row.provider, apiKey: s.apiKey } : null;
  }
}

/** Whether the server's env supplies this provider as every workspace's default. */
function envDefault(env: Env, p: IntegrationProvider): boolean {
  const tts = env.TTS_PROVIDER ?? (env.ELEVENLABS_API_KEY ? 'elevenlabs' : env.TTS_BASE_URL ? 'openai' : 'local');
  if (p === 'elevenlabs') return tts === 'elevenlabs';
  if (p === 'openai-speech') return tts === 'openai';
  return env.VIDEO_PROVIDER === (p === 'd-id' ? 'did' : p);
}

async function view(
  deps: Pick<IntegrationDeps, 'box' | 'env'>,
  provider: IntegrationProvider,
  row: WorkspaceIntegrationRow | undefined,
): Promise<IntegrationView> {
  const info = INTEGRATIONS[provider];
  const base = { provider, name: info.name, kind: info.kind, envDefault: envDefault(deps.env, provider) };
  if (!row) return { ...base, connection: null };
  const secret = await secretOf(deps.box, row);
  return {
    ...base,
    connection: {
      keyHint: secret ? hint(secret.apiKey) : null,
      apiIdHint: secret ? hint(secret.apiId) : null,
      baseUrl: row.baseUrl,
      model: row.model,
      status: secret === null ? 'failed' : row.lastTestOk === null ? 'untested' : row.lastTestOk ? 'connected' : 'failed',
      message: secret === null ? 'The stored key can no longer be read: enter it again' : row.lastTestOk === false ? row.lastTestMessage : null,
      count: row.lastTestOk ? row.lastTestCount : null,
      testedAt: row.lastTestedAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
    },
  };
}

const rowOf = async (db: Db, scope: Pick<Scope, 'workspaceId'>, provider: IntegrationProvider) =>
  (
    await db
      .select()
      .from(workspaceIntegrations)
      .where(and(inWorkspace(workspaceIntegrations, scope), eq(workspaceIntegrations.provider, provider)))
  )[0];

/** Every provider the app knows, with the workspace's connection to it when there is one. Admins only. */
export async function listIntegrations(deps: IntegrationDeps) {
  requireRole(deps.scope, 'admin');
  const rows = await deps.db.select().from(workspaceIntegrations).where(inWorkspace(workspaceIntegrations, deps.scope));
  return {
    integrations: await Promise.all(
      INTEGRATION_PROVIDERS.map((p) =>
        view(
          deps,
          p,
          rows.find((r) => r.provider === p),
        ),
      ),
    ),
  };
}

/** Runs "Test connection" on the row's connection and records the outcome. */
async function testRow(deps: IntegrationDeps, row: WorkspaceIntegrationRow): Promise<WorkspaceIntegrationRow> {
  const secret = await secretOf(deps.box, row);
  const connection = secret && connectionOf(row, secret);
  const check = connection
    ? await testConnection(deps.env, connection)
    : { ok: false as const, message: 'The stored key can no longer be read: enter it again' };
  const [updated] = await deps.db
    .update(workspaceIntegrations)
    .set({
      lastTestOk: check.ok,
      lastTestMessage: check.ok ? null : check.message.slice(0, 500),
      lastTestCount: check.ok ? check.count : null,
      lastTestedAt: new Date(),
    })
    .where(eq(workspaceIntegrations.id, row.id))
    .returning();
  return updated!;
}

/** Adds or replaces the workspace's connection to a provider, then tests it (a failing test still saves: the vendor may be down). */
export async function saveIntegration(deps: IntegrationDeps & { input: TSaveIntegration }) {
  requireRole(deps.scope, 'admin');
  const { input } = deps;
  if (input.provider === 'openai-speech') {
    const refused = await checkServerAddress(deps.env, input.baseUrl ?? '');
    if (refused) throw invalidInput(refused);
  }
  const secret: Secret = { apiKey: input.apiKey || undefined, ...(input.provider === 'creatify' ? { apiId: input.apiId } : {}) };
  const existing = await rowOf(deps.db, deps.scope, input.provider);
  const id = existing?.id ?? newId();
  const values = {
    // Bound to the row: a ciphertext copied to another workspace's row does not decrypt.
    secretEncrypted: await deps.box.encrypt(JSON.stringify(secret), id),
    baseUrl: input.provider === 'openai-speech' ? input.baseUrl!.replace(/\/+$/, '') : null,
    model: input.provider === 'openai-speech' ? input.model || null : null,
    lastTestOk: null,
    lastTestMessage: null,
    lastTestCount: null,
    lastTestedAt: null,
    updatedAt: new Date(),
  };
  const [row] = existing
    ? await deps.db.update(workspaceIntegrations).set(values).where(eq(workspaceIntegrations.id, id)).returning()
    : await deps.db
        .insert(workspaceIntegrations)
        .values({ id, ...createdIn(deps.scope), provider: input.provider, ...values })
        .returning();
  return view(deps, input.provider, await testRow(deps, row!));
}

export async function testIntegration(deps: IntegrationDeps & { provider: IntegrationProvider }) {
  requireRole(deps.scope, 'admin');
  const row = await rowOf(deps.db, deps.scope, deps.provider);
  if (!row) throw notFound(INTEGRATION_MESSAGES.notFound);
  return view(deps, deps.provider, await testRow(deps, row));
}

/** Removes the connection: the provider's voices and avatars leave this workspace's pickers (env's default, if any, takes over). */
export async function removeIntegration(deps: IntegrationDeps & { provider: IntegrationProvider }) {
  requireRole(deps.scope, 'admin');
  const row = await rowOf(deps.db, deps.scope, deps.provider);
  if (!row) throw notFound(INTEGRATION_MESSAGES.notFound);
  await deps.db.delete(workspaceIntegrations).where(eq(workspaceIntegrations.id, row.id));
  return view(deps, deps.provider, undefined);
}

/** Marks the connection changed (a voice was added to its account): every process reads the provider's lists again. */
export async function touchIntegration(db: Db, workspaceId: string, provider: IntegrationProvider) {
  await db
    .update(workspaceIntegrations)
    .set({ updatedAt: new Date() })
    .where(and(eq(workspaceIntegrations.workspaceId, workspaceId), eq(workspaceIntegrations.provider, provider)));
}

/**
 * The workspace's connections, decrypted, for the providers it renders with (wired in src/app/deps.ts).
 * A row whose key no longer decrypts is left out: env's default (or the offline voices) stands in.
 */
export async function loadConnections(deps: { db: Db; box: SecretBox; workspaceId: string }): Promise<StoredConnection[]> {
  const rows = await deps.db.select().from(workspaceIntegrations).where(eq(workspaceIntegrations.workspaceId, deps.workspaceId));
  const out: StoredConnection[] = [];
  for (const row of rows) {
    const secret = await secretOf(deps.box, row);
    const connection = secret && connectionOf(row, secret);
    if (connection) out.push({ connection, version: row.updatedAt.toISOString() });
  }
  return out;
}
