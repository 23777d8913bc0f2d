import { createHash } from 'node:crypto';
import { and, desc, eq, like, max, sql } from 'drizzle-orm';
import { safeEqual, type SecretBox } from '../../server/crypto';
import type { Db } from '../../server/db/client';
import { invalidInput, notFound } from '../../server/http/app-error';
import { inWorkspace, type Scope } from '../../server/scope';
import { newId } from '../../shared/ids';
import { estimateRenderBytes } from '../../shared/limits';
import type { Resolution } from '../../shared/plans';
import { assertStorageRoom } from '../billing/limits';
import { videos } from '../videos/tables';
import { kickSweeper, renderJobId } from './enqueue';
import { PERSONALISE_JOB } from './limits';
import { personalMedia } from './media';
import { lookAhead, peopleOf } from './preview';
import { insertRenderOnlyDistribution } from './render-only';
import { resolveFor } from './resolve';
import { DISTRIBUTION_MESSAGES as M, type TRecipientVersion } from './schemas';
import type { DistDeps } from './service';
import { distributions, personalRenders, personalTails } from './tables';

// One recipient's own video before sending (decision 224), rendered on demand from the send step as
// the send would render it: their opening with their values, joined to the shared rest, by the same
// job (personalise-video), in a distribution of its own with no deliveries (as a share link's render,
// decision 130). One per opening and background: a second click, or another recipient whose opening
// reads the same, shows the one already made. Not a new video, so no credit (decision 120); its files
// count towards storage. Its files are served at /v-test/<render id>.<mac>/video.mp4 (and captions.vtt).

const KEY_PREFIX = 'preview:';
const MEDIA_PURPOSE = 'recipient-render-media';
const MEDIA_FILES = new Set(['video.mp4', 'captions.vtt']);

/** The render's key in its distribution: its personal parts' texts and background (what makes two renders differ). */
export const recipientRenderKey = (texts: string[], background: string | null) =>
  KEY_PREFIX +
  createHash('sha256')
    .update(JSON.stringify([texts, background ?? '']))
    .digest('hex')
    .slice(0, 32);

type Opts = DistDeps & { scope: Scope; input: TRecipientVersion };

/** The chosen recipient of the selection and what their render is made of; null for a video that is the same for everyone. */
async function targetOf(opts: Opts) {
  const look = await lookAhead(opts);
  const c = look.found ? peopleOf(look.found.fresh).find((p) => p.recipientKey === opts.input.recipientKey) : undefined;
  if (!c) throw notFound(M.recipientNotFound);
  if (!look.plan.split) return { video: look.video, own: null };
  const t = resolveFor(look.plan, c, 'email');
  const texts = t.texts ?? [t.head ?? ''];
  const split = look.plan.split;
  return {
    video: look.video,
    own: { split, head: t.head ?? '', texts, background: t.background, headline: t.headline, key: recipientRenderKey(texts, t.background) },
  };
}
type Own = NonNullable<Awaited<ReturnType<typeof targetOf>>['own']>;

/** Distributions of the video's recipient renders cut the same way: the job finds their shared parts by index. */
const sameParts = (own: Own) => sql`${distributions.scriptParts} = ${JSON.stringify(own.split.parts)}::jsonb`;

/** The render made for these personal parts of this video (with the same shared parts), newest first. */
async function findRender(db: Db, scope: Scope, videoId: string, own: Own) {
  const [row] = await db
    .select({ r: personalRenders })
    .from(personalRenders)
    .innerJoin(distributions, eq(distributions.id, personalRenders.distributionId))
    .where(and(eq(distributions.videoId, videoId), inWorkspace(distributions, scope), sameParts(own), eq(personalRenders.recipientKey, own.key)))
    .orderBy(desc(personalRenders.createdAt))
    .limit(1);
  return row?.r ?? null;
}

const mediaToken = async (box: SecretBox, renderId: string) => `${renderId}.${(await box.mac(renderId, MEDIA_PURPOSE)).slice(0, 32)}`;

/** What the send step shows of a render: its state, its progress, and its files once made. */
async function stateOf(box: SecretBox, r: typeof personalRenders.$inferSelect) {
  const done = r.status === 'completed';
  const base = done ? `/v-test/${await mediaToken(box, r.id)}` : null;
  return {
    id: r.id,
    status: r.status,
    progress: done ? 100 : r.progress,
    error: r.status === 'failed' ? r.error : null,
    videoUrl: base && `${base}/video.mp4`,
    captionsUrl: base && r.captions ? `${base}/captions.vtt` : null,
  };
}

/** The recipient's own video as made so far (nothing written): null until asked for, or for a video the same for everyone. */
export async function recipientRenderState(opts: Opts) {
  const { video, own } = await targetOf(opts);
  const r = own ? await findRender(opts.db, opts.scope, video.id, own) : null;
  return { personalised: !!own, usesCredit: false as const, render: r ? await stateOf(opts.box, r) : null };
}

/** "Render this recipient's video": the one made (or being made) for the same opening, else a new render queued. */
export async function renderRecipient(opts: Opts) {
  const { db, scope, queue } = opts;
  const { video, own } = await targetOf(opts);
  if (!own) throw invalidInput(M.samePreview);
  const made = await findRender(db, scope, video.id, own);
  if (made && made.status !== 'failed') return { usesCredit: false as const, render: await stateOf(opts.box, made) };
  const resolution = (video.resolution ?? '720p') as Resolution;
  await assertStorageRoom({ db, scope, bytes: estimateRenderBytes(`${own.split.head} ${own.split.tail}`, resolution) });
  const queued = await db.transaction(async (tx) => {
    // One click at a time per video: two at once make one render, in one distribution.
    await tx.select({ id: videos.id }).from(videos).where(eq(videos.id, video.id)).for('update');
    const again = await findRender(tx, scope, video.id, own);
    if (again && again.status !== 'failed') return { id: again.id, job: null };
    // A failed one is made again where it was; a new one joins the video's recipient renders cut the same way.
    const [earlier] = again
      ? [{ id: again.distributionId }]
      : await tx
          .select({ id: distributions.id })
          .from(distributions)
          .innerJoin(personalRenders, eq(personalRenders.distributionId, distributions.id))
          .where(
            and(eq(distributions.videoId, video.id), inWorkspace(distributions, scope), sameParts(own), like(personalRenders.recipientKey, `${KEY_PREFIX}%`)),
          )
          .limit(1);
    const distributionId = earlier?.id ?? (await insertRenderOnlyDistribution(tx, scope, { videoId: video.id, split: own.split, message: '' }));
    // Its own batch (and job): the shared parts made for an earlier recipient are reused by the job.
    const [last] = await tx
      .select({ batch: max(personalRenders.batch) })
      .from(personalRenders)
      .where(eq(personalRenders.distributionId, distributionId));
    const batch = (last?.batch ?? -1) + 1;
    const fields = {
      batch,
      status: 'pending' as const,
      progress: 0,
      error: null,
      headScript: own.head,
      texts: own.texts,
      background: own.background,
      headline: own.headline,
    };
    const id = again?.id ?? newId();
    if (again) await tx.update(personalRenders).set(fields).where(eq(personalRenders.id, again.id));
    else await tx.insert(personalRenders).values({ id, distributionId, workspaceId: scope.workspaceId, recipientKey: own.key, ...fields });
    return { id, job: { distributionId, batch } };
  });
  if (queued.job) {
    await queue.send(PERSONALISE_JOB, queued.job, { id: renderJobId(queued.job.distributionId, queued.job.batch) });
    await kickSweeper(queue);
  }
  const [row] = await db.select().from(personalRenders).where(eq(personalRenders.id, queued.id));
  return { usesCredit: false as const, render: await stateOf(opts.box, row!) };
}

/** A recipient render's video or captions by its media token; null when the token is not ours or the render is not made. */
export async function recipientRenderMedia(deps: DistDeps, token: string, file: string, request: Request): Promise<Response | null> {
  const [id, sig] = token.split('.');
  if (!MEDIA_FILES.has(file) || !id || !sig || id.length > 64) return null;
  if (!safeEqual(sig, (await deps.box.mac(id, MEDIA_PURPOSE)).slice(0, 32))) return null;
  const [row] = await deps.db
    .select({ r: personalRenders, t: personalTails })
    .from(personalRenders)
    .leftJoin(personalTails, eq(personalTails.id, personalRenders.tailId))
    .where(and(eq(personalRenders.id, id), eq(personalRenders.status, 'completed')));
  if (!row) return null;
  return personalMedia(deps, row.r, row.t, file as 'video.mp4' | 'captions.vtt', request);
}
