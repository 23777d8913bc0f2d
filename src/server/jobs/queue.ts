import { PgBoss, fromPglite } from 'pg-boss';
import type { Database } from '../db/client';
import { errorDetails, type Logger } from '../log';

/**
 * A job type: its queue's retry policy and its handler. Handlers must be
 * idempotent: a job can run again after a crash (at-least-once delivery).
 */
export type JobDefinition<T extends object = object> = {
  name: string;
  /** Attempts after the first; retried with exponential backoff from retryDelay seconds. */
  retryLimit?: number;
  retryDelay?: number;
  /**
   * Long jobs send heartbeats; a worker that dies stops them and the job is
   * retried about this many seconds later (≥ 10). Short jobs use expireInSeconds.
   */
  heartbeatSeconds?: number;
  expireInSeconds?: number;
  /** Jobs of this type run at once in one process. */
  concurrency?: number;
  /** Jobs fetched per poll (raise for many small jobs such as deliveries). */
  batchSize?: number;
  /** A recurring job: pg-boss's cron (UTC), one run per tick across every process sharing the queue. */
  cron?: string;
  handler: (data: T, job: { id: string; retryCount: number; retryLimit: number; signal: AbortSignal }) => Promise<unknown>;
};

export type SendOptions = { id?: string; startAfter?: number | Date; singletonKey?: string; priority?: number };

export interface JobQueue {
  send<T extends object>(name: string, data: T, opts?: SendOptions): Promise<string | null>;
  /** Creates the queues (idempotent): needed before the first send. */
  register(defs: JobDefinition<any>[]): Promise<void>;
  /** Registers the handlers and starts polling (workers only). */
  work(defs: JobDefinition<any>[]): Promise<void>;
  /** Queue's state of one job, for status screens and tests. */
  getJob(name: string, id: string): Promise<{ state: string; retryCount: number; output: unknown } | null>;
  stop(opts?: { graceful?: boolean; timeoutMs?: number }): Promise<void>;
  readonly boss: PgBoss;
}

/** pg-boss's 'error' events (plain objects as often as Errors, e.g. while it stops on SIGTERM) as readable fields. */
export const queueErrorListener = (log: Logger) => (e: unknown) => log.error('job queue error', errorDetails(e));

/**
 * pg-boss in the app's own database: PGlite embedded (one connection, one process)
 * or the PostgreSQL server, where several worker processes share the queues.
 */
export async function startQueue(database: Database, log: Logger): Promise<JobQueue> {
  const common = {
    useListenNotify: true,
    // Dead workers are noticed within seconds, not the default quarter hour.
    superviseIntervalSeconds: 2,
    monitorIntervalSeconds: 2,
    maintenanceIntervalSeconds: 60,
    // Ready counts refresh every 2 s so that a backlog switches workers to continuous fetching.
    queueCacheIntervalSeconds: 2,
    schema: 'pgboss',
  } as const;
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ ...common, db: fromPglite(database.pglite as never), backend: 'pglite' } as never)
      : new PgBoss({ ...common, connectionString: database.url!, max: 4 } as never);
  boss.on('error', queueErrorListener(log));
  await boss.start();
  const registered = new Set<string>();
  const register = async (defs: JobDefinition<any>[]) => {
    for (const def of defs) {
      if (registered.has(def.name)) continue;
      registered.add(def.name);
      await createQueue(def);
      if (def.cron) await boss.schedule(def.name, def.cron, {}, { tz: 'UTC' } as never);
    }
  };
  const createQueue = (def: JobDefinition<any>) =>
    boss.createQueue(def.name, {
      retryLimit: def.retryLimit ?? 3,
      retryDelay: def.retryDelay ?? 2,
      retryBackoff: true,
      retryDelayMax: 300,
      expireInSeconds: def.expireInSeconds ?? 15 * 60,
      ...(def.heartbeatSeconds ? { heartbeatSeconds: def.heartbeatSeconds } : {}),
      notify: true,
    } as never);

  return {
    boss,
    async send(name, data, opts = {}) {
      return boss.send(name, data, opts as never);
    },
    register,
    async work(list) {
      await register(list);
      for (const def of list) {
        // Retries and delayed jobs are found by polling (NOTIFY only announces new jobs): poll each second.
        await boss.work(
          def.name,
          {
            localConcurrency: def.concurrency ?? 1,
            batchSize: def.batchSize ?? 1,
            pollingIntervalSeconds: 1,
            notifyPollingIntervalSeconds: 1,
            burstWhenReadyExceeds: 1,
          } as never,
          (async (jobs: { id: string; data: object; retryCount: number; signal: AbortSignal }[]) => {
            for (const job of jobs) {
              try {
                await def.handler(job.data, { id: job.id, retryCount: job.retryCount, retryLimit: def.retryLimit ?? 3, signal: job.signal });
              } catch (e) {
                log.warn('job failed', { queue: def.name, id: job.id, attempt: job.retryCount + 1, error: String((e as Error)?.message ?? e) });
                throw e;
              }
            }
          }) as never,
        );
      }
    },
    async getJob(name, id) {
      const job = (await boss.getJobById(name, id)) as { state: string; retryCount: number; output: unknown } | null;
      return job ? { state: job.state, retryCount: job.retryCount, output: job.output } : null;
    },
    async stop({ graceful = true, timeoutMs = 10_000 } = {}) {
      await boss.stop({ graceful, timeout: timeoutMs, close: database.kind !== 'pglite' } as never);
    },
  };
}
