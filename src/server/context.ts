import type { Session, User } from 'lucia';
import type { BillingHooks } from '../domains/billing/service';
import type { TrackingHooks } from '../domains/tracking/hooks';
import type { Auth } from './auth/lucia';
import type { SecretBox } from './crypto';
import type { Db } from './db/client';
import type { Env } from './env';
import type { Logger } from './log';
import type { Providers } from './providers';
import type { RateLimiter } from './http/rate-limit';
import type { JobQueue } from './jobs/queue';
import type { EmitEvent } from '../shared/webhook-events';
import type { Scope } from '../domains/workspaces/scope';
import type { ApiKeyScope } from '../domains/api-keys/scopes';

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
};

/** Everything a request handler needs, built once at start-up. */
export type AppDeps = {
  env: Env;
  db: Db;
  auth: Auth;
  providers: Providers;
  log: Logger;
  queue: JobQueue;
  appOrigin?: string;
  /** Database-backed limits shared by every app process (src/server/http/rate-limit.ts). */
  limits: AppLimits;
  /** Where domains report what happened (a render finished, a page was played): webhooks subscribe here. */
  emit: EmitEvent;
  /** Encryption at rest (provider account ids, tokens), from ENCRYPTION_KEY or the generated secret. */
  box: SecretBox;
  /** Functions a domain lends to one that may not import it (docs/decisions/141-explicit-wiring.md). */
  hooks: DomainHooks;
};

export type DomainHooks = TrackingHooks & BillingHooks;

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
  resHeaders?: Headers;
};
