import { and, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { invalidInput, notFound } from '../../server/http/app-error';
import { stableJobId } from '../../server/jobs/job-ids';
import type { JobQueue } from '../../server/jobs/queue';
import type { StorageProvider } from '../../server/providers/storage/types';
import { createdIn, inWorkspace, type Scope } from '../../server/scope';
import { newId } from '../../shared/ids';
import { publishingRefusal } from '../../shared/publishing-rules';
import { assertOwnCampaign } from '../campaigns/owned';
import { getShare, shareVideo } from '../distribution/shares';
import { videos } from '../videos/tables';
import { connectionOf } from './connections';
import { UPLOAD_JOB } from './constants';
import { factsOfVideo } from './media';
import { PUBLISHING_MESSAGES as M } from './messages';
import { readPublication } from './publications';
import type { TPublishInput } from './schemas';
import { publications } from './tables';

// Publishing one video to one target (docs/decisions/229): checked first (the video, the campaign,
// the connection and its target, the platform's rules), then one row per request key and one job.

export type PublishDeps = { db: Db; queue: JobQueue; storage: StorageProvider; scope: Scope; origin: string };

const PUBLISHABLE = new Set(['completed', 'published']);

async function ownVideo(db: Db, scope: Scope, videoId: string) {
  const [video] = await db
    .select()
    .from(videos)
    .where(and(eq(videos.id, videoId), inWorkspace(videos, scope)));
  if (!video) throw notFound(M.videoNotFound);
  return video;
}

/** The video's share link (made on first use): the landing page every post links to. */
async function shareLink(deps: PublishDeps, videoId: string) {
  return (await shareVideo({ db: deps.db, queue: deps.queue, scope: deps.scope, videoId, baseUrl: deps.origin })).url;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The description as sent: the share link, wherever it is, tagged with the publication (`?via=<id>`)
 * so the landing page's opens and plays count for this post; added at the end when it was removed.
 */
export function withTrackedLink(description: string, link: string, publicationId: string) {
  const tagged = `${link}?via=${publicationId}`;
  const pattern = new RegExp(`${escapeRegExp(link)}(\\?via=[a-z2-7]+)?`, 'g');
  if (pattern.test(description)) return description.replace(pattern, tagged);
  return `${description.trimEnd()}\n\n${tagged}`.trim();
}

/**
 * What the publish form starts with: the video's title, a description carrying its share link. A read
 * never writes (decision 091): a video never shared has no link yet (`link` is empty, the description
 * the title alone); `publish` makes the link then and adds it, tagged, to whatever description it gets.
 */
export async function publishDefaults(deps: PublishDeps & { videoId: string }) {
  const video = await ownVideo(deps.db, deps.scope, deps.videoId);
  if (!PUBLISHABLE.has(video.status)) throw invalidInput(M.videoNotFinished);
  const link = (await getShare({ db: deps.db, scope: deps.scope, videoId: video.id, baseUrl: deps.origin }))?.url ?? '';
  return { title: video.title.slice(0, 100), description: link ? `${video.title}\n\n${link}` : video.title, link };
}

async function byRequestKey(db: Db, scope: Scope, requestKey: string) {
  const [row] = await db
    .select({ id: publications.id })
    .from(publications)
    .where(and(inWorkspace(publications, scope), eq(publications.requestKey, requestKey)));
  return row ?? null;
}

/**
 * Queues the upload. The same request key again answers the first request's publication, and
 * starts nothing. Refusals (a rule of the platform, an expired connection) come before anything is stored.
 */
export async function publish(deps: PublishDeps & { input: TPublishInput }) {
  const { db, scope, input } = deps;
  const again = await byRequestKey(db, scope, input.requestKey);
  if (again) return readPublication(db, scope, again.id);

  const video = await ownVideo(db, scope, input.videoId);
  if (!PUBLISHABLE.has(video.status)) throw invalidInput(M.videoNotFinished);
  const campaignId = input.campaignId === undefined ? video.campaignId : input.campaignId;
  if (campaignId) await assertOwnCampaign({ db, scope, campaignId });
  const publishAt = input.publishAt ? new Date(input.publishAt) : null;
  if (publishAt && publishAt.getTime() <= Date.now()) throw invalidInput(M.publishAtPast);

  const connection = await connectionOf(db, scope.workspaceId, input.platform);
  if (!connection) throw invalidInput(M.notConnected);
  if (connection.status === 'expired') throw invalidInput(M.expired);
  const target = connection.targets.find((t) => t.id === input.targetId);
  if (!target) throw invalidInput(M.targetNotFound);

  const refusal = publishingRefusal(input.platform, await factsOfVideo(deps.storage, video));
  if (refusal) throw invalidInput(refusal);

  const id = newId();
  const description = withTrackedLink(input.description, await shareLink(deps, video.id), id);
  const [made] = await db
    .insert(publications)
    .values({
      id,
      ...createdIn(scope),
      videoId: video.id,
      campaignId,
      platform: input.platform,
      targetId: target.id,
      targetName: target.name,
      title: input.title,
      description,
      visibility: input.platform === 'youtube' ? input.visibility : 'public',
      publishAt,
      requestKey: input.requestKey,
      status: 'queued',
    })
    .onConflictDoNothing({ target: [publications.workspaceId, publications.requestKey] })
    .returning({ id: publications.id });
  // A concurrent request with the same key won the insert: its publication, its job.
  if (!made) return readPublication(db, scope, (await byRequestKey(db, scope, input.requestKey))!.id);
  await deps.queue.send(UPLOAD_JOB, { publicationId: id }, { id: stableJobId(UPLOAD_JOB, id) });
  return readPublication(db, scope, id);
}
