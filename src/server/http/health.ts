import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import type { StorageProvider } from '../providers/storage/types';

// Readiness for load balancers and orchestrators: GET /api/health answers 200 only when the
// database and the file storage both answer within a short time, 503 otherwise (with which one
// failed). GET /api/health/live stays cheap: the process is up and serving. Decision 187.

export const HEALTH_TIMEOUT_MS = 2_000;

const ZPart = z.enum(['ok', 'unavailable']);
export const ZReadiness = z.object({ ok: z.boolean(), database: ZPart, storage: ZPart, message: z.string().optional() });
export type Readiness = z.infer<typeof ZReadiness>;

/** Resolves true when `work` settles without error before the timeout. */
async function answers(work: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      work().then(
        () => true,
        () => false,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export async function readiness(deps: { db: Db; storage: StorageProvider; timeoutMs?: number }): Promise<Readiness> {
  const timeoutMs = deps.timeoutMs ?? HEALTH_TIMEOUT_MS;
  const [db, files] = await Promise.all([answers(() => deps.db.execute(sql`select 1`), timeoutMs), answers(() => deps.storage.check(), timeoutMs)]);
  const database = db ? 'ok' : 'unavailable';
  const storage = files ? 'ok' : 'unavailable';
  if (db && files) return { ok: true, database, storage };
  const down = [db ? null : 'the database', files ? null : 'the file storage'].filter(Boolean).join(' and ');
  return { ok: false, database, storage, message: `Not ready: ${down} did not answer` };
}
