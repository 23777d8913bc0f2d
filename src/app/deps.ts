import { createWebhookEmitter } from '../domains/webhooks/emit';
import { createNotifier, noticeOfEvent } from '../domains/notifications/record';
import { distributionHooks } from '../domains/distribution/tracking-hooks';
import { createDbInbox } from '../domains/social/inbox';
import { createSandboxPosts } from '../domains/publishing/sandbox-posts';
import { countActiveProfiles } from '../domains/social/profiles';
import { INVITE_LIMITS } from '../domains/workspaces/schemas';
import { createLucia } from '../domains/auth/lucia';
import type { AppDeps, DomainHooks } from '../server/context';
import { createSecretBox, type SecretBox } from '../server/crypto';
import type { Db } from '../server/db/client';
import type { Env } from '../server/env';
import type { JobQueue } from '../server/jobs/queue';
import { createRateLimits } from '../server/http/rate-limit';
import { createLogger, type Logger } from '../server/log';
import { createProviders, type Providers } from '../server/providers';
import { createWorkspaceProviders } from '../server/providers/workspace';
import { loadConnections } from '../domains/integrations/service';
import { identify } from './request-context';
import { loadSecrets } from '../server/secrets';

const MIN = 60_000;

/** The hooks between domains (docs/decisions/141-explicit-wiring.md): a domain lends functions to one below it. */
export function createHooks(): DomainHooks {
  return {
    // Tracking resolves landing-page tokens and reach through deliveries, without importing distribution.
    ...distributionHooks(),
    // Billing counts connected social profiles, without importing social.
    countSocialProfiles: countActiveProfiles,
  };
}

/**
 * Everything the app needs, built once and passed (no module registers itself at import time).
 * A test may replace a piece: `hooks` (say, fixed delivery figures) or `box`.
 */
export function createDeps(opts: {
  env: Env;
  db: Db;
  queue: JobQueue;
  providers?: Providers;
  log?: Logger;
  box?: SecretBox;
  hooks?: Partial<DomainHooks>;
}): AppDeps {
  const { env, db } = opts;
  const appOrigin = env.APP_URL ? new URL(env.APP_URL).origin : undefined;
  const limiter = createRateLimits(db);
  const log = opts.log ?? createLogger(env.LOG_LEVEL);
  const box = opts.box ?? createSecretBox(loadSecrets(env).encryptionKey);
  const providers = opts.providers ?? createProviders(env, { inbox: createDbInbox(db), publishingStore: createSandboxPosts(db) });
  const notify = createNotifier({ db, queue: opts.queue, log });
  const webhooks = createWebhookEmitter({ env, db, queue: opts.queue, log, box });
  return {
    env,
    db,
    auth: createLucia(db, { secure: appOrigin?.startsWith('https:') ?? false }),
    providers,
    workspaceProviders: createWorkspaceProviders({ env, defaults: providers, load: (workspaceId) => loadConnections({ db, box, workspaceId }) }),
    log,
    queue: opts.queue,
    // Events of every domain go to the account's webhook endpoints (docs/decisions/163), and those
    // that concern a user (a render's or a send's outcome) to the notifier too (decision 225).
    emit: async (event) => {
      await webhooks(event);
      const notice = noticeOfEvent(event);
      if (notice) await notify(notice);
    },
    notify,
    appOrigin,
    box,
    hooks: { ...createHooks(), ...opts.hooks },
    identify,
    limits: {
      // Failed logins: 5 per account (whether typed as username or e-mail) and 20 per client address in 15 minutes.
      loginByAccount: limiter('login-account', 5, 15 * MIN),
      loginByIp: limiter('login-ip', 20, 15 * MIN),
      // Failed two-factor codes (login, set-up, turning it off): 5 per account in 15 minutes, like passwords.
      twoFactor: limiter('two-factor', 5, 15 * MIN),
      // A landing page view sends at most ~23 beacons (open, view, a progress mark every 5 %, cta):
      // 300 a minute lets a dozen people behind one address watch at once.
      track: limiter('track', 300, MIN),
      // 5 reset e-mails per address and per client address an hour.
      passwordReset: limiter('password-reset', 5, 60 * MIN),
      signup: limiter('signup', env.SIGNUP_LIMIT_PER_HOUR, 60 * MIN),
      // Invitation e-mails (docs/decisions/205): one address per workspace every 5 minutes, 30 a day per workspace.
      inviteSameAddress: limiter('invite-address', 1, INVITE_LIMITS.sameAddressEveryMs),
      invitePerWorkspace: limiter('invite-workspace', INVITE_LIMITS.perWorkspacePerDay, 24 * 60 * MIN),
      // Address-check e-mails: 5 per account an hour.
      emailVerification: limiter('email-verification', 5, 60 * MIN),
      // "Hear it": 20 sentences a minute per workspace, cached ones included (a synthesis costs ~1 s of CPU).
      voiceHear: limiter('voice-hear', 20, MIN),
      // Help page contact form: 5 requests per user an hour (each one is an e-mail to support).
      supportRequest: limiter('support-request', 5, 60 * MIN),
    },
  };
}
