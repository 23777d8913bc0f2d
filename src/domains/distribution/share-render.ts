import { and, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { invalidInput } from '../../server/http/app-error';
import type { JobQueue } from '../../server/jobs/queue';
import { newId } from '../../shared/ids';
import { resolveText } from '../../shared/variables';
import { renderTasks } from '../generation/tables';
import type { VideoRow } from '../videos/tables';
import type { Scope } from '../../server/scope';
import { enqueueRenders, kickSweeper } from './enqueue';
import { planSend, resolveFor } from './resolve';
import type { Candidate } from './recipients';
import { insertRenderOnlyDistribution } from './render-only';
import { distributions, personalRenders, videoShares } from './tables';

// A share link has no recipient: a video whose script has variables is shown with every variable
// at its fallback ("Hi there!"), never the preview's values ("Hi Jane!"). That version is one
// personal render (docs/decisions/130-share-link-fallback-render.md), made on the first Share in
// a distribution of its own with no deliveries, and reused by every later link of the video.

/** The recipient key of the fallback render in its distribution. */
export const SHARE_RECIPIENT = 'share:fallback';

/** Nobody: every variable takes its fallback. */
const NOBODY: Candidate = {
  recipientKey: SHARE_RECIPIENT,
  platform: 'email',
  contactId: null,
  socialContactId: null,
  profileId: null,
  language: null,
  address: '',
  name: null,
  vars: {},
};

export const shareFallbackMessage = (variables: string[]) =>
  `${variables.map((v) => `{${v}}`).join(', ')} ${variables.length > 1 ? 'have' : 'has'} no fallback: a share link has no recipient to take ${variables.length > 1 ? 'them' : 'it'} from. Add a fallback to the video, or send it to contacts instead`;

/**
 * The fallback render of the video's share link: the one made before (any link of this video,
 * even one turned off since), else a new one queued now. Null for a video that needs none (no
 * variables, or a file saved from elsewhere that the app cannot re-render). Refuses (400) a
 * variable with no fallback. Called with the share row locked, so one Share makes one render.
 * Its distribution is in the video's workspace (the scope's), made by the member who shared.
 */
export async function fallbackRenderFor(tx: Db, scope: Scope, video: VideoRow): Promise<{ renderId: string; distributionId: string | null } | null> {
  const [task] = await tx.select({ id: renderTasks.id }).from(renderTasks).where(eq(renderTasks.videoId, video.id));
  const plan = planSend(video, {}, !!task);
  if (!plan.split) return null;
  const t = resolveFor(plan, NOBODY);
  const missing = [...new Set([plan.split.head, plan.title].flatMap((text) => resolveText(text, {}, plan.fallbacks).missing))];
  if (missing.length) throw invalidInput(shareFallbackMessage(missing));
  const [earlier] = await tx
    .select({ id: personalRenders.id })
    .from(personalRenders)
    .innerJoin(distributions, eq(distributions.id, personalRenders.distributionId))
    .where(and(eq(distributions.videoId, video.id), eq(personalRenders.recipientKey, SHARE_RECIPIENT), ne(personalRenders.status, 'failed')))
    .orderBy(desc(personalRenders.createdAt))
    .limit(1);
  if (earlier) return { renderId: earlier.id, distributionId: null };
  const distributionId = await insertRenderOnlyDistribution(tx, scope, { videoId: video.id, split: plan.split, message: t.message });
  const renderId = newId();
  await tx.insert(personalRenders).values({
    id: renderId,
    distributionId,
    workspaceId: scope.workspaceId,
    recipientKey: SHARE_RECIPIENT,
    batch: 0,
    headScript: t.head!,
    texts: t.texts,
    headline: 'A video for you',
  });
  return { renderId, distributionId };
}

/** Makes sure the video's share link has its fallback render (queued when new). */
export async function attachFallbackRender(deps: { db: Db; queue?: JobQueue; scope: Scope }, video: VideoRow) {
  const made = await deps.db.transaction(async (tx) => {
    const [share] = await tx
      .select({ renderId: videoShares.renderId, status: personalRenders.status })
      .from(videoShares)
      .leftJoin(personalRenders, eq(personalRenders.id, videoShares.renderId))
      .where(eq(videoShares.videoId, video.id))
      .for('update', { of: videoShares });
    // A render that failed is made again on the next Share.
    if (!share || (share.renderId && share.status !== 'failed')) return null;
    const r = await fallbackRenderFor(tx, deps.scope, video);
    if (!r) return null;
    await tx.update(videoShares).set({ renderId: r.renderId }).where(eq(videoShares.videoId, video.id));
    return r.distributionId;
  });
  if (made && deps.queue) {
    await enqueueRenders(deps.queue, made, 1);
    await kickSweeper(deps.queue);
  }
}
