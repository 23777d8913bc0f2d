import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../server/context';
import { AppError } from '../../server/http/app-error';
import { shouldRetry } from '../../server/jobs/failures';
import { stableJobId } from '../../server/jobs/job-ids';
import { PublishError, type PublishToken } from '../../server/providers/publishing/types';
import { PLATFORM_LABELS } from '../../shared/publishing-rules';
import { videos } from '../videos/tables';
import { connectionOf, markExpired, saveToken, tokenOf } from './connections';
import { QUOTA_WAIT_MS, UPLOAD_JOB } from './constants';
import { openVideoFile, videoFacts } from './media';
import { PUBLISHING_MESSAGES as M } from './messages';
import { publications, type PublicationRow, type PublishingConnectionRow } from './tables';

// The upload job (docs/decisions/229). Exactly once per publication: a published row is never
// uploaded again; the platform's session is stored before bytes go, so a retry (or a run after a
// crash) resumes it, and the publication id goes as the platform's reference.

export type UploadDeps = Pick<AppDeps, 'db' | 'box' | 'queue' | 'providers' | 'log'>;
type Attempt = { retryCount: number; retryLimit: number };

const DONE = new Set(['published', 'scheduled', 'failed']);
const fill = (s: string, p: Record<string, string>) => s.replace(/\{(\w+)\}/g, (w, k: string) => p[k] ?? w);
const hhmm = (d: Date) => d.toISOString().slice(11, 16);

/** The connection's token, refreshed by the provider (and kept when it changed). */
export async function freshToken(
  deps: UploadDeps,
  row: { platform: PublicationRow['platform'] },
  connection: PublishingConnectionRow | null,
): Promise<PublishToken> {
  if (!connection || connection.status === 'expired') throw new PublishError(M.expired, 'reauth');
  const token = await tokenOf(deps.box, connection);
  const fresh = await deps.providers.publishing[row.platform].refresh({ platform: row.platform, token });
  if (JSON.stringify(fresh) !== JSON.stringify(token)) await saveToken(deps, connection, fresh);
  return fresh;
}

export async function runUpload(deps: UploadDeps, publicationId: string, attempt: Attempt = { retryCount: 0, retryLimit: 0 }) {
  const { db } = deps;
  const [row] = await db.select().from(publications).where(eq(publications.id, publicationId));
  // Already on the platform (or given up): nothing to send again.
  if (!row || DONE.has(row.status) || row.postId) return;
  const [claimed] = await db
    .update(publications)
    .set({ status: 'uploading', attempts: sql`${publications.attempts} + 1`, updatedAt: new Date() })
    .where(and(eq(publications.id, row.id), inArray(publications.status, ['queued', 'uploading'])))
    .returning();
  if (!claimed) return;
  const connection = await connectionOf(db, row.workspaceId, row.platform);
  try {
    const token = await freshToken(deps, row, connection);
    const [video] = await db.select({ videoUrl: videos.videoUrl, duration: videos.duration }).from(videos).where(eq(videos.id, row.videoId));
    const file = await openVideoFile(deps.providers.storage, video?.videoUrl ?? null);
    let result: { postId: string; url: string };
    try {
      result = await deps.providers.publishing[row.platform].publish({
        platform: row.platform,
        token,
        target: connection!.targets.find((t) => t.id === row.targetId) ?? { id: row.targetId, name: row.targetName },
        video: await videoFacts(file, video?.duration ?? null),
        title: row.title,
        description: row.description,
        visibility: row.visibility,
        publishAt: row.publishAt?.toISOString() ?? null,
        reference: row.id,
        resume: claimed.session,
        // Stored before any byte goes: the next attempt resumes this session instead of starting a second upload.
        onSession: async (session) => {
          await db.update(publications).set({ session, updatedAt: new Date() }).where(eq(publications.id, row.id));
        },
      });
    } finally {
      await file.done();
    }
    const now = new Date();
    const scheduled = !!row.publishAt && row.publishAt > now;
    await db
      .update(publications)
      .set({
        status: scheduled ? 'scheduled' : 'published',
        postId: result.postId,
        url: result.url,
        publishedAt: row.publishAt ?? now,
        note: null,
        error: null,
        needsReconnect: false,
        updatedAt: now,
      })
      .where(eq(publications.id, row.id));
  } catch (e) {
    await failed(deps, row, connection, e, attempt);
  }
}

/** What a failed attempt leaves: the row says why, and whether it waits, retries or needs the user. */
async function failed(deps: UploadDeps, row: PublicationRow, connection: PublishingConnectionRow | null, e: unknown, attempt: Attempt) {
  const { db } = deps;
  const set = (values: Partial<PublicationRow>) =>
    db
      .update(publications)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(publications.id, row.id));
  if (e instanceof PublishError && e.kind === 'reauth') {
    if (connection) await markExpired(db, connection.id);
    await set({ status: 'failed', needsReconnect: true, note: null, error: fill(M.reconnect, { platform: PLATFORM_LABELS[row.platform] }) });
    return;
  }
  if (e instanceof PublishError && e.kind === 'quota') {
    // Not an error of the video: a later attempt, once the platform's quota allows, and the row says so.
    const at = new Date(Date.now() + QUOTA_WAIT_MS);
    await set({ status: 'queued', note: fill(M.quotaWait, { time: hhmm(at) }), error: null });
    await deps.queue.send(UPLOAD_JOB, { publicationId: row.id }, { id: stableJobId(UPLOAD_JOB, row.id, 'quota', row.attempts + 1), startAfter: at });
    return;
  }
  if (e instanceof PublishError && e.kind === 'rejected') {
    await set({ status: 'failed', note: null, error: e.message });
    return;
  }
  if (shouldRetry(e, attempt)) {
    await set({ status: 'queued', note: null });
    throw e;
  }
  const reason = e instanceof AppError || e instanceof PublishError ? e.message : 'Internal server error';
  if (!(e instanceof AppError || e instanceof PublishError)) deps.log.error('publishing upload failed', { publicationId: row.id, error: String(e) });
  await set({ status: 'failed', note: null, error: e instanceof AppError ? e.message : fill(M.gaveUp, { reason }) });
}
