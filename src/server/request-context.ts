import { eq } from 'drizzle-orm';
import type { Session, User } from 'lucia';
import { resolveApiKey } from '../domains/api-keys/service';
import { users } from '../domains/users/tables';
import { resolveScope } from '../domains/workspaces/membership';
import type { AppContext, AppDeps } from './context';
import { AppError } from './http/app-error';

type ServerLike = { requestIP(r: Request): { address: string } | null } | null | undefined;
const cache = new WeakMap<Request, Promise<AppContext>>();

/**
 * The client address. Behind `hops` trusted proxies it is the entry the outermost of them
 * appended to X-Forwarded-For: the `hops`-th from the right. Entries to its left are whatever
 * the client sent and are never used (rotating them must not lift any limit).
 */
export function forwardedClient(header: string | null | undefined, hops: number): string | null {
  if (hops <= 0 || !header) return null;
  const entries = header
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (!entries.length) return null;
  // Fewer entries than hops: every entry was written by a trusted proxy, the leftmost is the client.
  return entries[Math.max(0, entries.length - hops)]!.slice(0, 100);
}

export function clientIp(deps: AppDeps, request: Request, server?: ServerLike) {
  return forwardedClient(request.headers.get('x-forwarded-for'), deps.env.TRUST_PROXY) ?? server?.requestIP(request)?.address ?? 'unknown';
}

// API keys are credentials for the documented REST surface only; /trpc (the web app's own
// API, where keys and the account are managed) answers to the browser session alone.
const acceptsApiKey = (request: Request) => new URL(request.url).pathname.startsWith('/api/');

/** Account management (e-mail, password, keys, deletion) answers to the browser session, never to an API key. */
export function requireBrowserSession(ctx: AppContext) {
  if (ctx.via !== 'session') throw new AppError('FORBIDDEN', 'This needs a signed-in browser session: API keys cannot change the account');
}

export const SPENDING_NEEDS_SESSION =
  'Spending needs a signed-in browser session, or an API key created with the billing scope (Settings → Advanced → API keys)';

/** Whoever may spend the workspace's money (docs/decisions/207): the browser session, or a key given the billing scope at its creation. */
export const maySpend = (ctx: Pick<AppContext, 'via' | 'apiKeyScopes'>) =>
  ctx.via === 'session' || (ctx.via === 'api-key' && !!ctx.apiKeyScopes?.includes('billing'));

/** Anything that creates an invoice (a plan change, a render tier): 403 for an API key without the billing scope. */
export function requireSpending(ctx: AppContext) {
  if (!maySpend(ctx)) throw new AppError('FORBIDDEN', SPENDING_NEEDS_SESSION);
}

/** Who is asking: the session cookie, else a Bearer API key. Computed once per request. */
export function contextFor(deps: AppDeps, request: Request, ip: string): Promise<AppContext> {
  let p = cache.get(request);
  if (!p) {
    p = build(deps, request, ip);
    cache.set(request, p);
  }
  return p;
}

async function build(deps: AppDeps, request: Request, ip: string): Promise<AppContext> {
  const sessionId = sessionCookie(deps, request);
  if (sessionId) {
    const { user, session } = await deps.auth.validateSession(sessionId);
    if (user && session) {
      // The role came with the session (one query); only a session whose workspace was left reads again to fall back.
      const scope = session.role
        ? { workspaceId: session.workspaceId ?? user.id, userId: user.id, role: session.role }
        : await resolveScope({ db: deps.db, userId: user.id, workspaceId: session.workspaceId, fallBack: true });
      if (scope) return { ...deps, user, session, scope, via: 'session', ip };
    }
  }
  const bearer = request.headers.get('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer && acceptsApiKey(request)) {
    const key = await resolveApiKey(deps.db, bearer);
    // A key acts in the workspace it was made in, and only while its user is a member there.
    const scope = key ? await resolveScope({ db: deps.db, userId: key.userId, workspaceId: key.workspaceId, fallBack: false }) : null;
    const user = scope ? await loadUser(deps, scope.userId) : null;
    if (user && scope) return { ...deps, user, session: null as Session | null, scope, via: 'api-key', apiKeyScopes: key!.scopes, ip };
  }
  return { ...deps, user: null, session: null, scope: null, via: null, ip };
}

// lucia's ids are lower-case base32. Anything else (a NUL, malformed percent-encoding that
// makes the cookie parser throw) is no session at all rather than a query that fails.
const SESSION_ID = /^[a-z0-9]{1,255}$/;
function sessionCookie(deps: AppDeps, request: Request): string | null {
  try {
    const id = deps.auth.readSessionCookie(request.headers.get('cookie') ?? '');
    return id && SESSION_ID.test(id) ? id : null;
  } catch {
    return null;
  }
}

async function loadUser(deps: AppDeps, userId: string): Promise<User | null> {
  const [row] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!row) return null;
  const { passwordHash: _omit, ...rest } = row;
  return rest as unknown as User;
}
