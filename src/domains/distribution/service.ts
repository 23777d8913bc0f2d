import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../server/context';
import type { Db } from '../../server/db/client';
import { badRequest, notFound } from '../../server/http/app-error';
import type { MessagingPlatform } from '../../server/providers/messaging/types';
import { newId, newToken } from '../../shared/ids';
import { estimateRenderBytes } from '../../shared/limits';
import type { Resolution } from '../../shared/plans';
import { assertStorageRoom } from '../billing/limits';
import { renderTasks } from '../generation/tables';
import { activeProfileFor } from '../social/profiles';
import type { SocialProfileRow } from '../social/tables';
import { assertOwnCampaign, updateVideo } from '../videos/service';
import { videos } from '../videos/tables';
import { enqueueDeliveries, enqueueRenders, kickSweeper } from './enqueue';
import { PERSONALISE_BATCH } from './limits';
import { channelName, collectCandidates, type Candidate } from './recipients';
import { assertResolvable, BACKGROUND_COLUMN, planSend, resolveFor, variableProblems, type Problem } from './resolve';
import { CHANNELS, DISTRIBUTION_MESSAGES as M, type TDistribute, type TDistributionPreview } from './schemas';
import { deliveries, distributions, personalRenders, type Channel, type DeliveryStatus } from './tables';

export type DistDeps = Pick<AppDeps, 'db' | 'queue' | 'providers' | 'env' | 'log' | 'emit'>;

export const DISTRIBUTION_NOT_FOUND = 'Distribution not found';
const SKIPPED_KEPT = 1000;
const INSERT_CHUNK = 500;

async function ownVideo(db: Db, userId: string, videoId: string) {
  const [video] = await db
    .select()
    .from(videos)
    .where(and(eq(videos.id, videoId), eq(videos.userId, userId)));
  if (!video) throw notFound('Video not found');
  const [task] = await db.select({ id: renderTasks.id }).from(renderTasks).where(eq(renderTasks.videoId, video.id));
  return { video, rendered: !!task };
}

/** Every social channel needs a connected, active account of the provider in use. */
async function profilesFor(deps: DistDeps, userId: string, platforms: Channel[], strict = true) {
  const profiles = new Map<Channel, SocialProfileRow>();
  for (const p of platforms) {
    if (p === 'email') continue;
    const row = await activeProfileFor(deps.db, userId, p as MessagingPlatform);
    if (row && row.provider === deps.providers.messaging.name) profiles.set(p, row);
    else if (strict) throw badRequest(`${channelName(p)} is not connected`);
  }
  return profiles;
}

const pairKey = (c: Pick<Candidate, 'recipientKey' | 'platform'>) => `${c.recipientKey}\u0000${c.platform}`;

/**
 * POST /api/videos/{id}/distribute: one delivery per (recipient, channel) in the outbox, each with
 * its landing page token and its texts resolved for that recipient, then the jobs that send them
 * (or render the personal videos first: a video whose script has variables always is).
 * A (video, recipient, channel) that already has a delivery is skipped as "already sent".
 */
export async function distribute(deps: DistDeps, opts: { userId: string; videoId: string; input: TDistribute; baseUrl: string }) {
  const { db, queue } = deps;
  const { userId, input } = opts;
  if (input.videoId && input.videoId !== opts.videoId) throw badRequest(M.videoMismatch);
  const { video, rendered } = await ownVideo(db, userId, opts.videoId);

  const platforms = [...new Set((input.platforms ?? []).map((p) => p.toLowerCase() as Channel))];
  if (!platforms.length) throw badRequest(M.noPlatforms);
  const contactIds = input.contactIds ?? [];
  const listIds = input.listIds ?? [];
  const socialIds = input.socialContactIds ?? [];
  if (!contactIds.length && !listIds.length && !socialIds.length) throw badRequest(M.noRecipients);
  if (!(video.status === 'completed' || video.status === 'published') || !video.videoUrl) throw badRequest(M.notReady);
  const profiles = await profilesFor(deps, userId, platforms);

  if (input.campaignId) {
    await assertOwnCampaign(db, userId, input.campaignId);
    if (video.campaignId && video.campaignId !== input.campaignId) throw badRequest(M.otherCampaign);
  }
  const plan = planSend(video, input, rendered);
  const { fresh, skipped } = await collectCandidates(db, { userId, videoId: video.id, platforms, profiles, contactIds, listIds, socialIds });
  // Before anything is written or queued: every recipient gets a value or a fallback for every variable.
  assertResolvable(plan, fresh);
  let campaignId = video.campaignId;
  if (input.campaignId) {
    // Sending a video for a campaign attaches it: its views then count in that campaign.
    if (!video.campaignId) await updateVideo({ db, userId, id: video.id, input: { campaignId: input.campaignId } });
    campaignId = input.campaignId;
  }

  const split = plan.split;
  const distributionId = newId();
  const texts = new Map(fresh.map((c) => [pairKey(c), resolveFor(plan, c)]));
  const textOf = (c: Candidate) => texts.get(pairKey(c))!;
  // One render per recipient, grouped by background so that a batch mostly shares one tail.
  const renderIds = new Map<string, string>();
  const people = [...new Map(fresh.map((c) => [c.recipientKey, c])).values()];
  if (split) {
    people.sort((a, b) => (textOf(a).background ?? '').localeCompare(textOf(b).background ?? ''));
    for (const c of people) renderIds.set(c.recipientKey, newId());
  }
  // Per-recipient renders are not new videos (no monthly count) but their files use storage (docs/decisions/120).
  if (split && renderIds.size)
    await assertStorageRoom(db, userId, renderIds.size * estimateRenderBytes(`${split.head} ${split.tail}`, (video.resolution ?? '720p') as Resolution));

  const created: { id: string; recipientKey: string; platform: Channel }[] = [];
  await db.transaction(async (tx) => {
    await tx.insert(distributions).values({
      id: distributionId,
      userId,
      videoId: video.id,
      campaignId,
      platforms,
      message: plan.message,
      personalizeVideo: !!split,
      headScript: split?.head ?? null,
      tailScript: split?.tail ?? null,
      baseUrl: opts.baseUrl,
      skipped: [],
      skippedCount: 0,
    });
    if (split) {
      const rows = people.map((c) => {
        const t = textOf(c);
        return {
          id: renderIds.get(c.recipientKey)!,
          distributionId,
          userId,
          recipientKey: c.recipientKey,
          batch: 0,
          headScript: t.head!,
          background: t.background,
          headline: t.headline,
        };
      });
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) await tx.insert(personalRenders).values(rows.slice(i, i + INSERT_CHUNK));
    }
    const rows = fresh.map((c) => {
      const id = crypto.randomUUID();
      const t = textOf(c);
      return {
        id,
        distributionId,
        userId,
        videoId: video.id,
        campaignId,
        contactId: c.contactId,
        socialContactId: c.socialContactId,
        recipientKey: c.recipientKey,
        platform: c.platform,
        profileId: c.platform === 'email' ? null : c.profileId,
        address: c.address,
        recipientName: c.name,
        firstName: c.vars.first_name ?? null,
        subject: c.platform === 'email' ? t.subject : null,
        message: t.message,
        values: t.values,
        token: newToken(),
        renderId: renderIds.get(c.recipientKey) ?? null,
        status: (split ? 'waiting' : 'pending') as DeliveryStatus,
        jobId: split ? null : id,
      };
    });
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      // A concurrent distribution of the same video may have taken a row meanwhile: the unique index decides.
      const got = await tx
        .insert(deliveries)
        .values(rows.slice(i, i + INSERT_CHUNK))
        .onConflictDoNothing({ target: [deliveries.videoId, deliveries.recipientKey, deliveries.platform] })
        .returning({ id: deliveries.id, recipientKey: deliveries.recipientKey, platform: deliveries.platform });
      created.push(...got);
    }
    if (created.length < rows.length) {
      const made = new Set(created.map((r) => r.id));
      for (const r of rows)
        if (!made.has(r.id))
          skipped.push({ contactId: r.contactId, socialContactId: r.socialContactId, name: r.recipientName, platform: r.platform, reason: 'already sent' });
      if (split) {
        // Renders nobody waits for any more.
        const needed = new Set(created.map((r) => r.recipientKey));
        const orphans = [...renderIds].filter(([k]) => !needed.has(k)).map(([, id]) => id);
        for (const k of [...renderIds.keys()]) if (!needed.has(k)) renderIds.delete(k);
        for (let i = 0; i < orphans.length; i += INSERT_CHUNK)
          await tx.delete(personalRenders).where(inArray(personalRenders.id, orphans.slice(i, i + INSERT_CHUNK)));
      }
    }
    // Batches of renders, in the order above.
    const ids = [...renderIds.values()];
    for (let b = 1; b * PERSONALISE_BATCH < ids.length; b++)
      await tx
        .update(personalRenders)
        .set({ batch: b })
        .where(inArray(personalRenders.id, ids.slice(b * PERSONALISE_BATCH, (b + 1) * PERSONALISE_BATCH)));
    await tx
      .update(distributions)
      .set({ skipped: skipped.slice(0, SKIPPED_KEPT), skippedCount: skipped.length })
      .where(eq(distributions.id, distributionId));
  });

  // After the commit: the jobs. A crash in between leaves rows the sweeper enqueues.
  if (split) await enqueueRenders(queue, distributionId, Math.ceil(renderIds.size / PERSONALISE_BATCH));
  else
    await enqueueDeliveries(
      queue,
      created.map((r) => r.id),
    );
  if (created.length) await kickSweeper(queue);
  deps.log.info('distribution created', { distributionId, videoId: video.id, deliveries: created.length, skipped: skipped.length, personalised: !!split });
  return {
    distributionId,
    deliveries: created.length,
    renders: renderIds.size,
    personalised: !!split,
    skipped: skipped.map((s) => ({
      contactId: s.contactId,
      ...(s.socialContactId ? { socialContactId: s.socialContactId } : {}),
      name: s.name ?? null,
      platform: s.platform,
      reason: s.reason,
    })),
  };
}

const PREVIEW_SAMPLES = 3;
type PreviewSample = { name: string; opening: string | null; greeting: string | null; message: string; background: string | null };

/**
 * The send step's look ahead (nothing written, nothing queued): whether each recipient gets their
 * own video, two or three recipients' resolved openings and greetings, and the variables that
 * would refuse the send.
 */
export async function previewDistribution(deps: DistDeps, opts: { userId: string; input: TDistributionPreview }) {
  const { db } = deps;
  const { userId, input } = opts;
  const { video, rendered } = await ownVideo(db, userId, input.videoId);
  const plan = planSend(video, { script: input.script, message: input.message }, rendered);
  const platforms = [...new Set((input.platforms ?? []).map((p) => p.toLowerCase() as Channel))].filter((p) => (CHANNELS as readonly string[]).includes(p));
  const base = {
    personalised: !!plan.split,
    sharedBecause: plan.sharedBecause,
    variables: plan.variables,
    recipients: 0,
    samples: [] as PreviewSample[],
    problems: [] as Problem[],
    ownBackgrounds: 0,
  };
  const contactIds = input.contactIds ?? [];
  const listIds = input.listIds ?? [];
  const socialIds = input.socialContactIds ?? [];
  if (!contactIds.length && !listIds.length && !socialIds.length) return base;
  // A channel not connected yet does not matter here: the send itself answers for it.
  const profiles = await profilesFor(deps, userId, platforms, false);
  let found: Awaited<ReturnType<typeof collectCandidates>>;
  try {
    found = await collectCandidates(db, {
      userId,
      videoId: video.id,
      platforms: platforms.length ? platforms : ['email'],
      profiles,
      contactIds,
      listIds,
      socialIds,
    });
  } catch {
    return base; // none of them found (yet): nothing to show
  }
  const people = [...new Map(found.fresh.map((c) => [c.recipientKey, c])).values()];
  const samples = people.slice(0, PREVIEW_SAMPLES).map((c): PreviewSample => {
    const t = resolveFor(plan, c, 'email');
    return { name: c.name ?? c.address, opening: t.head, greeting: t.values.first_name ?? null, message: t.message.slice(0, 280), background: t.background };
  });
  return {
    ...base,
    recipients: people.length,
    samples,
    problems: variableProblems(plan, found.fresh),
    ownBackgrounds: plan.split ? people.filter((c) => c.vars[BACKGROUND_COLUMN]).length : 0,
  };
}
