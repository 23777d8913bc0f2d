import type { Database } from '../server/db/client';
import type { JobQueue } from '../server/jobs/queue';
import { errorDetails, type Logger } from '../server/log';

/**
 * SIGTERM (and SIGINT): stop taking work, let the current jobs finish, leave. In order:
 * 1. the HTTP server stops listening and lets in-flight requests finish (a load balancer's
 *    readiness check now fails to connect, so traffic goes elsewhere);
 * 2. the queue stops fetching; running jobs get `graceSeconds` to finish, then pg-boss hands them
 *    back to the queue (each counts as a failed attempt and is retried by another worker);
 * 3. the database closes and the process exits 0. Helper processes (ffmpeg, eSpeak) die with it.
 * A second signal, or a stop that hangs past the grace period by 15 s, exits at once with 1.
 * See docs/decisions/188-graceful-shutdown.md.
 */
export function handleShutdown(opts: { log: Logger; graceSeconds: number; queue: JobQueue; database: Database; stopHttp?: () => Promise<unknown> }) {
  const { log } = opts;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      log.warn('second signal: exiting now', { signal });
      process.exit(1);
    }
    stopping = true;
    const started = performance.now();
    log.info('shutting down', { signal, graceSeconds: opts.graceSeconds });
    setTimeout(
      () => {
        log.error('shutdown took too long: exiting');
        process.exit(1);
      },
      (opts.graceSeconds + 15) * 1000,
    ).unref();
    try {
      await Promise.all([opts.stopHttp?.(), opts.queue.stop({ graceful: true, timeoutMs: opts.graceSeconds * 1000 })]);
      await opts.database.close();
      log.info('stopped', { ms: Math.round(performance.now() - started) });
      process.exit(0);
    } catch (e) {
      log.error('shutdown failed', errorDetails(e));
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
