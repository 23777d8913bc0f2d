import { and, eq, gt } from 'drizzle-orm';
import { cleanLine, isId } from '../../shared/zod-text';
import { safeEqual, type SecretBox } from '../../server/crypto';
import { AppError, invalidInput, notFound } from '../../server/http/app-error';
import { isSandboxMessaging } from '../../server/providers/messaging/sandbox';
import { MessagingError, PLATFORM_NAMES, type ConnectResult, type MessagingPlatform } from '../../server/providers/messaging/types';
import { newId, newToken } from '../../shared/ids';
import { sameOriginPath } from '../../shared/same-origin-path';
import { SOCIAL_MESSAGES, type TCheckpoint, type TLinkedInDirect, type TWhatsAppDirect } from './schemas';
import { accountIdOf, assertProfileAllowance, getOwnedProfile, profilesByAccount, saveProfile, setProfileStatus, type SocialDeps } from './profiles';
import { trySyncContacts } from './social-contacts';
import { socialConnectRequests, type ConnectRequestRow } from './tables';
import { createdIn, type Scope } from '../../server/scope';

const REQUEST_TTL_MS = 30 * 60_000;
export const CONNECT_LINK_EXPIRED = 'This connection link has expired or was already used';

const sha256 = (s: string) => new Bun.CryptoHasher('sha256').update(s).digest('hex');

/** The secret the provider's webhook URL carries (derived, so nothing else to configure). */
export const webhookSecret = (box: SecretBox) => box.mac('unipile', 'webhook-secret');

/**
 * A redirect target must stay on this app (see sameOriginPath): stored as its path, so the
 * pages that follow it never leave the origin. Anything else would make the flow an open redirect.
 */
export function checkRedirect(redirectUri: string | undefined, origin: string | undefined): string | null {
  if (!redirectUri) return null;
  // Without a known origin only paths can be judged (an absolute URL then resolves elsewhere).
  const path = sameOriginPath(redirectUri, origin ?? 'http://origin.invalid');
  if (!path) throw invalidInput(SOCIAL_MESSAGES.redirectUri);
  return path;
}

/**
 * POST /api/social-connections/auth-url and /hosted-auth: a pending request and the provider's
 * authorisation link (the sandbox's local consent page, or Unipile's hosted wizard).
 * `origin` is the app's public origin, needed by hosted providers for their callbacks.
 */
export async function createAuthLink(deps: SocialDeps & { scope: Scope; platform: MessagingPlatform | null; redirectUri?: string; origin?: string }) {
  const { db, messaging, box, scope, platform } = deps;
  const redirectUri = checkRedirect(deps.redirectUri, deps.origin);
  if (!messaging.sandbox && !deps.origin)
    throw new AppError('INTERNAL', 'Could not generate authentication URL: APP_URL must be set for the messaging provider to call back');
  await assertProfileAllowance({ db, scope });
  const token = newToken();
  const id = newId();
  const expiresAt = new Date(Date.now() + REQUEST_TTL_MS);
  await db.insert(socialConnectRequests).values({ id, ...createdIn(scope), platform, tokenHash: sha256(token), redirectUri, expiresAt });
  const origin = deps.origin ?? '';
  const back = `${origin}/social/connected?request=${id}`;
  try {
    const { url } = await messaging.createAuthLink({
      requestId: id,
      token,
      platform,
      expiresAt,
      successUrl: back,
      failureUrl: `${back}&error=1`,
      notifyUrl: `${origin}/api/webhooks/unipile?secret=${await webhookSecret(box)}`,
    });
    return { authUrl: url, url, requestId: id, expiresAt: expiresAt.toISOString(), sandbox: messaging.sandbox };
  } catch (e) {
    if (e instanceof MessagingError) throw new AppError('UNAVAILABLE', `Could not generate authentication URL: ${e.message}`, { retryable: e.retryable });
    throw e;
  }
}

/**
 * Saves a profile for an account the provider has just connected. Refused past the plan's allowance
 * (another connection took the last slot meanwhile: saveProfile decides, under the workspace's lock),
 * the account is removed from the provider again unless a profile somewhere still holds it, so a
 * refused connection leaves nothing linked behind.
 */
async function saveNewAccount(deps: SocialDeps, input: Parameters<typeof saveProfile>[1]) {
  try {
    return await saveProfile(deps, input);
  } catch (e) {
    if (e instanceof AppError && e.code === 'LIMIT_EXCEEDED' && !(await profilesByAccount(deps, input.accountId)).length)
      await deps.messaging
        .deleteAccount(input.accountId)
        .catch((err: unknown) =>
          deps.log?.warn('provider account deletion failed after a refused connection', { error: err instanceof Error ? err.message : String(err) }),
        );
    throw e;
  }
}

/** A pending, unexpired request by its consent token (sandbox page). */
export async function requestByToken(deps: { db: SocialDeps['db'] }, token: string): Promise<ConnectRequestRow | null> {
  const [row] = await deps.db
    .select()
    .from(socialConnectRequests)
    .where(
      and(eq(socialConnectRequests.tokenHash, sha256(token)), eq(socialConnectRequests.status, 'pending'), gt(socialConnectRequests.expiresAt, new Date())),
    );
  return row ?? null;
}

export async function requestById(deps: { db: SocialDeps['db'] }, id: string): Promise<ConnectRequestRow | null> {
  const [row] = await deps.db.select().from(socialConnectRequests).where(eq(socialConnectRequests.id, id));
  return row ?? null;
}

async function finishRequest(deps: SocialDeps, requestId: string, status: 'completed' | 'cancelled', profileId: string | null) {
  await deps.db
    .update(socialConnectRequests)
    .set({ status, profileId, completedAt: new Date() })
    .where(and(eq(socialConnectRequests.id, requestId), eq(socialConnectRequests.status, 'pending')));
}

/**
 * The request when the scope made it: the member who asked for the link, acting in the workspace
 * the profile will belong to. Anyone else (another member, or the same user in another workspace)
 * is answered as if the link had expired.
 */
export const requestOf = (request: ConnectRequestRow | null, scope: Pick<Scope, 'workspaceId' | 'userId'>) =>
  request && request.workspaceId === scope.workspaceId && request.createdBy === scope.userId ? request : null;

/** The sandbox consent page's Allow: the account is authorised and becomes an active profile. */
export async function allowSandboxConsent(deps: SocialDeps & { scope: Scope; token: string; platform: MessagingPlatform; accountName: string }) {
  const { messaging } = deps;
  if (!isSandboxMessaging(messaging)) throw notFound();
  const request = requestOf(await requestByToken(deps, deps.token), deps.scope);
  if (!request) throw notFound(CONNECT_LINK_EXPIRED);
  const platform = request.platform ?? deps.platform;
  const account = messaging.authorize({ platform, name: cleanLine(deps.accountName, 120) || PLATFORM_NAMES[platform] });
  const row = await saveNewAccount(deps, {
    ...createdIn(deps.scope),
    accountId: account.id,
    platform,
    profileName: account.name,
    status: 'active',
    providerStatus: account.providerStatus,
  });
  await finishRequest(deps, request.id, 'completed', row.id);
  await trySyncContacts(deps, row);
  return { profileId: row.id, platform, redirectUri: request.redirectUri };
}

export async function cancelConsent(deps: SocialDeps & { scope: Scope; token: string }) {
  const request = requestOf(await requestByToken(deps, deps.token), deps.scope);
  if (!request) throw notFound(CONNECT_LINK_EXPIRED);
  await finishRequest(deps, request.id, 'cancelled', null);
  return { redirectUri: request.redirectUri };
}

function providerFailure(what: string, e: unknown): never {
  if (e instanceof MessagingError) {
    if (e.retryable) throw new AppError('UNAVAILABLE', `${what}: the messaging service is unavailable, please try again`);
    throw invalidInput(`${what}: ${e.message.replace(/^Unipile: /, '')}`);
  }
  throw e;
}

async function recordConnect(deps: SocialDeps & { scope: Scope }, platform: MessagingPlatform, name: string, result: ConnectResult) {
  if (result.status === 'connected') {
    const row = await saveNewAccount(deps, {
      ...createdIn(deps.scope),
      accountId: result.account.id,
      platform,
      profileName: result.account.name || name,
      status: result.account.status === 'pending' ? 'pending' : 'active',
      providerStatus: result.account.providerStatus,
    });
    if (row.status === 'active') await trySyncContacts(deps, row);
    return { profileId: row.id, status: row.status, checkpoint: null, sandbox: deps.messaging.sandbox };
  }
  const row = await saveNewAccount(deps, {
    ...createdIn(deps.scope),
    accountId: result.accountId,
    platform,
    profileName: name,
    status: 'pending',
    checkpointType: result.checkpoint.type,
  });
  return { profileId: row.id, status: row.status, checkpoint: result.checkpoint, sandbox: deps.messaging.sandbox };
}

/**
 * Direct LinkedIn login. The credentials go to the provider in this call and nowhere else:
 * not to the database, not to the log, not into an error message.
 */
export async function connectLinkedInDirect(deps: SocialDeps & { scope: Scope; input: TLinkedInDirect }) {
  await assertProfileAllowance({ db: deps.db, scope: deps.scope });
  let result: ConnectResult;
  try {
    result = await deps.messaging.connectLinkedIn({ username: deps.input.username, password: deps.input.password });
  } catch (e) {
    providerFailure('Failed to connect LinkedIn account', e);
  }
  return recordConnect(deps, 'linkedin', deps.input.username, result);
}

export async function connectWhatsAppDirect(deps: SocialDeps & { scope: Scope; input: TWhatsAppDirect }) {
  await assertProfileAllowance({ db: deps.db, scope: deps.scope });
  let result: ConnectResult;
  try {
    result = await deps.messaging.connectWhatsApp({ phoneNumber: deps.input.phoneNumber });
  } catch (e) {
    providerFailure('Failed to connect WhatsApp account', e);
  }
  return recordConnect(deps, 'whatsapp', deps.input.phoneNumber, result);
}

/** The code of a pending profile's 2FA / OTP checkpoint. */
export async function solveCheckpoint(deps: SocialDeps & { scope: Scope; input: TCheckpoint }) {
  const row = await getOwnedProfile({ db: deps.db, scope: deps.scope, id: deps.input.profileId });
  if (row.status !== 'pending') throw invalidInput('This profile is not waiting for a verification code');
  let result: ConnectResult;
  try {
    result = await deps.messaging.solveCheckpoint({ accountId: await accountIdOf(deps.box, row), platform: row.platform, code: deps.input.code });
  } catch (e) {
    providerFailure(`Failed to connect ${PLATFORM_NAMES[row.platform]} account`, e);
  }
  return recordConnect(deps, row.platform, row.profileName, result);
}

/**
 * POST /api/webhooks/unipile?secret=…: hosted-auth completions and account status changes.
 * Authenticated by the secret in the URL the app itself handed to the provider.
 */
export async function handleProviderWebhook(deps: SocialDeps & { secret: string | undefined; body: unknown }) {
  if (!deps.secret || !safeEqual(deps.secret, await webhookSecret(deps.box))) throw new AppError('UNAUTHENTICATED', 'Invalid webhook secret');
  const event = deps.messaging.parseWebhook(deps.body);
  // Ids the provider names are looked up: one that no id of ours or theirs can be is ignored.
  if (!event || !isId(event.accountId) || (event.kind === 'connected' && event.requestId && !isId(event.requestId)))
    return { ok: true as const, handled: false };

  if (event.kind === 'connected' && event.requestId) {
    const request = await requestById(deps, event.requestId);
    if (request && request.status === 'pending') {
      const account = await deps.messaging.getAccount(event.accountId).catch(() => null);
      const platform = account?.platform ?? request.platform ?? event.platform;
      if (!platform) return { ok: true as const, handled: false };
      // The profile goes to the workspace the request was made in, connected by the member who made it;
      // past the plan's allowance (the slots were taken since the link was made) the request is cancelled.
      const row = await saveNewAccount(deps, {
        workspaceId: request.workspaceId,
        createdBy: request.createdBy,
        accountId: event.accountId,
        platform,
        profileName: account?.name || PLATFORM_NAMES[platform],
        status: 'active',
        providerStatus: account?.providerStatus,
      }).catch(async (e: unknown) => {
        if (!(e instanceof AppError && e.code === 'LIMIT_EXCEEDED')) throw e;
        await finishRequest(deps, request.id, 'cancelled', null);
        return null;
      });
      if (!row) return { ok: true as const, handled: false };
      await finishRequest(deps, request.id, 'completed', row.id);
      await trySyncContacts(deps, row);
      return { ok: true as const, handled: true };
    }
  }

  const rows = await profilesByAccount(deps, event.accountId);
  const status = event.kind === 'connected' ? 'active' : event.status;
  const providerStatus = event.kind === 'connected' ? 'CREATION_SUCCESS' : event.providerStatus;
  for (const row of rows) {
    await setProfileStatus(deps.db, row.id, status, providerStatus);
    if (status === 'active' && row.status !== 'active') await trySyncContacts(deps, { ...row, status });
  }
  return { ok: true as const, handled: rows.length > 0 };
}
