import { registerDistributionHooks } from '../domains/distribution/tracking-hooks';
import { createLucia } from './auth/lucia';
import type { AppDeps } from './context';
import type { Db } from './db/client';
import type { Env } from './env';
import type { JobQueue } from './jobs/queue';
import { RateLimiter } from './http/rate-limit';
import { createLogger, type Logger } from './log';
import { createProviders, type Providers } from './providers';

const MIN = 60_000;

export function createDeps(opts: { env: Env; db: Db; queue: JobQueue; providers?: Providers; log?: Logger }): AppDeps {
  const { env, db } = opts;
  // Tracking resolves landing-page tokens and reach through deliveries, without importing distribution.
  registerDistributionHooks();
  const appOrigin = env.APP_URL ? new URL(env.APP_URL).origin : undefined;
  return {
    env,
    db,
    auth: createLucia(db, { secure: appOrigin?.startsWith('https:') ?? false }),
    providers: opts.providers ?? createProviders(env, { db }),
    log: opts.log ?? createLogger(env.LOG_LEVEL),
    queue: opts.queue,
    appOrigin,
    limits: {
      // 5 failed logins per username and 20 per client address in 15 minutes.
      loginByUser: new RateLimiter(5, 15 * MIN),
      loginByIp: new RateLimiter(20, 15 * MIN),
      // A landing page view sends at most ~23 beacons (open, view, a progress mark every 5 %, cta):
      // 300 a minute lets a dozen people behind one address watch at once.
      track: new RateLimiter(300, MIN),
      // 5 reset e-mails per address and per client address an hour.
      passwordReset: new RateLimiter(5, 60 * MIN),
    },
  };
}
