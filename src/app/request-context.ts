import { eq } from 'drizzle-orm';
import type { Session, User } from 'lucia';
import { resolveApiKey } from '../domains/api-keys/service';
import { users } from '../domains/users/tables';
import { resolveScope } from '../domains/workspaces/membership';
import type { AppContext, AppDeps, ServerLike } from '../server/context';
import { clientIp } from '../server/http/client-ip';
import { localeFor } from '../server/i18n/translate';
import { requestLinkOrigin } from '../server/http/base-url';

const cache = new WeakMap<Request, Promise<AppContext>>();

// API keys are credentials for the documented REST surface only; /trpc (the web app's own
// API, where keys and the account are managed) answers to the browser session alone.
const acceptsApiKey = (request: Request) => new URL(request.url).pathname.startsWith('/api/');

/** Who is asking, from the client's address (AppDeps.identify): what every transport calls. */
export const identify = (deps: AppDeps, request: Request, server?: ServerLike) => contextFor(deps, request, clientIp(deps, request, server));

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
  const linkOrigin = requestLinkOrigin(deps.env, request);
  const sessionId = sessionCookie(deps, request);
  if (sessionId) {
    const { user, session } = await deps.auth.validateSession(sessionId);
    if (user && session) {
      // The role came with the session (one query); only a session whose workspace was left reads again to fall back.
      const scope = session.role
        ? { workspaceId: session.workspaceId ?? user.id, userId: user.id, role: session.role }
        : await resolveScope({ db: deps.db, userId: user.id, workspaceId: session.workspaceId, fallBack: true });
      if (scope) return { ...deps, user, session, scope, via: 'session', ip, linkOrigin, locale: localeFor(user, request) };
    }
  }
  const bearer = request.headers.get('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer && acceptsApiKey(request)) {
    const key = await resolveApiKey(deps.db, bearer);
    // A key acts in the workspace it was made in, and only while its user is a member there.
    const scope = key ? await resolveScope({ db: deps.db, userId: key.userId, workspaceId: key.workspaceId, fallBack: false }) : null;
    const user = scope ? await loadUser(deps, scope.userId) : null;
    if (user && scope)
      return {
        ...deps,
        user,
        session: null as Session | null,
        scope,
        via: 'api-key',
        apiKeyScopes: key!.scopes,
        ip,
        linkOrigin,
        locale: localeFor(user, request),
      };
  }
  return { ...deps, user: null, session: null, scope: null, via: null, ip, linkOrigin, locale: localeFor(null, request) };
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
