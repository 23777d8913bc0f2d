import type { Lucia, Session, User } from 'lucia';
import type { SecretBox } from './crypto';
import type { Db } from './db/client';
import type { Env } from './env';
import type { Logger } from './log';
import type { Providers } from './providers';
import type { WorkspaceProviderSource } from './providers/workspace';
import type { RateLimiter } from './http/rate-limit';
import type { JobQueue } from './jobs/queue';
import type { EmitEvent } from '../shared/webhook-events';
import type { Notify } from '../shared/notices';
import type { ApiKeyScope } from '../shared/api-key-scopes';
import type { DomainHooks } from './hooks';
import type { Scope } from './scope';

export type AppLimits = {
  loginByAccount: RateLimiter;
  loginByIp: RateLimiter;
  twoFactor: RateLimiter;
  track: RateLimiter;
  passwordReset: RateLimiter;
  signup: RateLimiter;
  inviteSameAddress: RateLimiter;
  invitePerWorkspace: RateLimiter;
  emailVerification: RateLimiter;
  /** "Hear it" in the wizard: one spoken sentence per call (docs/decisions/215). */
  voiceHear: RateLimiter;
  /** The Help page's contact form, per user. */
  supportRequest: RateLimiter;
};

/** Everything a request handler needs, built once at start-up. */
export type AppDeps = {
  env: Env;
  db: Db;
  /** Sessions (lucia, registered with the app's attributes by src/domains/auth/lucia.ts). */
  auth: Lucia;
  providers: Providers;
  /**
   * The voice and video providers one workspace renders with: its own connections (Settings →
   * Integrations) over env's defaults, the offline voices always (docs/decisions/220).
   */
  workspaceProviders: WorkspaceProviderSource;
  log: Logger;
  queue: JobQueue;
  appOrigin?: string;
  /** Database-backed limits shared by every app process (src/server/http/rate-limit.ts). */
  limits: AppLimits;
  /** Where domains report what happened (a render finished, a page was played): webhooks subscribe here. */
  emit: EmitEvent;
  /** Tells a user what concerns them (the bell and the notice e-mails, decision 225), as their settings say. */
  notify: Notify;
  /** Encryption at rest (provider account ids, tokens), from ENCRYPTION_KEY or the generated secret. */
  box: SecretBox;
  /** Functions a domain lends to one that may not import it (docs/decisions/141-explicit-wiring.md). */
  hooks: DomainHooks;
  /** Who is asking (session cookie, else an API key): the root's request context, passed to the transports. */
  identify: Identify;
};

export type { DomainHooks } from './hooks';
import type { ServerLocale } from './i18n/translate';

/** Who a request's caller is: built by the composition root (src/app/request-context.ts), used by every transport. */
export type Identify = (deps: AppDeps, request: Request, server?: ServerLike) => Promise<AppContext>;
export type ServerLike = { requestIP(r: Request): { address: string } | null } | null | undefined;

/** Per request: the deps plus who is asking. */
export type AppContext = AppDeps & {
  user: User | null;
  session: Session | null;
  /** The workspace the request acts in, with the user's role there (null when nobody is signed in). */
  scope: Scope | null;
  /** 'session' for the cookie, 'api-key' for Bearer keys. */
  via: 'session' | 'api-key' | null;
  /** What the API key may do beyond the data routes ('billing': spend); none for a session. */
  apiKeyScopes?: readonly ApiKeyScope[];
  ip: string;
  /** The caller's language for the server's words: the user's setting, else Accept-Language, else English (decision 223). */
  locale?: ServerLocale;
  /** Where links sent to people because of this request point: APP_URL, else this request's origin (src/server/http/base-url.ts). */
  linkOrigin: string;
  resHeaders?: Headers;
};
