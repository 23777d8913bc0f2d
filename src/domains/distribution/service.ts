import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../server/context';
import type { Db } from '../../server/db/client';
import { invalidInput, notFound } from '../../server/http/app-error';
import type { MessagingPlatform } from '../../server/providers/messaging/types';
import { estimateRenderBytes } from '../../shared/limits';
import type { Resolution } from '../../shared/plans';
import { assertStorageRoom } from '../billing/limits';
import { renderTasks } from '../generation/tables';
import { activeProfileFor } from '../social/profiles';
import type { SocialProfileRow } from '../social/tables';
import { assertOwnCampaign } from '../campaigns/owned';
import { assertOwnLists } from '../contacts/service';
import { updateVideo } from '../videos/service';
import { findVoice } from '../voices/service';
import { videos } from '../videos/tables';
import { inWorkspace, type Scope } from '../../server/scope';
import { enqueueDistribution, persistDistribution } from './persist';
import { planDistribution } from './plan';
import { channelName, collectCandidates } from './recipients';
import { assertResolvable, BACKGROUND_COLUMN, planSend, resolveFor, variableProblems, type Problem } from './resolve';
import { CHANNELS, DISTRIBUTION_MESSAGES as M, type TDistribute, type TDistributionPreview } from './schemas';
import type { Channel } from './tables';

export type DistDeps = Pick<AppDeps, 'db' | 'queue' | 'providers' | 'workspaceProviders' | 'env' | 'log' | 'emit' | 'box'>;

export const DISTRIBUTION_NOT_FOUND = 'Distribution not found';

async function ownVideo(db: Db, scope: Scope, videoId: string) {
  const [video] = await db
    .select()
    .from(videos)
    .where(and(eq(videos.id, videoId), inWorkspace(videos, scope)));
  if (!video) throw notFound('Video not found');
  const [task] = await db.select({ spec: renderTasks.spec }).from(renderTasks).where(eq(renderTasks.videoId, video.id));
  // Per-recipient parts are rendered here; a video provider's own avatar exists only at its vendor (decision 220).
  return { video, rendered: !!task && task.spec.avatar.kind !== 'provider', spec: task?.spec ?? null };
}

/** Every social channel needs a connected, active account of the provider in use. */
async function profilesFor(deps: DistDeps, scope: Scope, platforms: Channel[], strict = true) {
  const profiles = new Map<Channel, SocialProfileRow>();
  for (const p of platforms) {
    if (p === 'email') continue;
    const row = await activeProfileFor({ db: deps.db, scope, platform: p as MessagingPlatform });
    if (row && row.provider === deps.providers.messaging.name) profiles.set(p, row);
    else if (strict) throw invalidInput(`${channelName(p)} is not connected`);
  }
  return profiles;
}

/**
 * POST /api/videos/{id}/distribute: one delivery per (recipient, channel) in the outbox, each with
 * its landing page token and its texts resolved for that recipient, then the jobs that send them
 * (or render the personal videos first: a video whose script has variables always is).
 * A (video, recipient, channel) that already has a delivery is skipped as "already sent".
 * Sending is a member action: any role of the workspace may send; the distribution records who did.
 */
export async function distribute(opts: DistDeps & { scope: Scope; videoId: string; input: TDistribute; baseUrl: string }) {
  const { db, queue, scope, input } = opts;
  if (input.videoId && input.videoId !== opts.videoId) throw invalidInput(M.videoMismatch);
  const { video, rendered } = await ownVideo(db, scope, opts.videoId);

  const platforms = [...new Set((input.platforms ?? []).map((p) => p.toLowerCase() as Channel))];
  if (!platforms.length) throw invalidInput(M.noPlatforms);
  const contactIds = input.contactIds ?? [];
  const listIds = input.listIds ?? [];
  const socialIds = input.socialContactIds ?? [];
  if (!contactIds.length && !listIds.length && !socialIds.length) throw invalidInput(M.noRecipients);
  if (!(video.status === 'completed' || video.status === 'published') || !video.videoUrl) throw invalidInput(M.notReady);
  const profiles = await profilesFor(opts, scope, platforms);

  if (input.campaignId) {
    await assertOwnCampaign({ db, scope, campaignId: input.campaignId });
    if (video.campaignId && video.campaignId !== input.campaignId) throw invalidInput(M.otherCampaign);
  }
  const send = planSend(video, input, rendered);
  await assertOwnLists({ db, scope, listIds });
  const { fresh, skipped } = await collectCandidates(db, { scope, videoId: video.id, platforms, profiles, contactIds, listIds, socialIds });
  // Before anything is written or queued: every recipient gets a value or a fallback for every variable.
  assertResolvable(send, fresh);
  let campaignId = video.campaignId;
  if (input.campaignId) {
    // Sending a video for a campaign attaches it: its views then count in that campaign.
    if (!video.campaignId) await updateVideo({ db, scope, id: video.id, input: { campaignId: input.campaignId } });
    campaignId = input.campaignId;
  }

  const plan = planDistribution({ scope, video, campaignId, platforms, send, recipients: fresh, baseUrl: opts.baseUrl });
  // Per-recipient renders are not new videos (no monthly count) but their files use storage (docs/decisions/120).
  if (send.split && plan.renders.length)
    await assertStorageRoom({
      db,
      scope,
      bytes: plan.renders.length * estimateRenderBytes(`${send.split.head} ${send.split.tail}`, (video.resolution ?? '720p') as Resolution),
    });
  const written = await persistDistribution(db, plan, skipped);
  await enqueueDistribution(queue, plan, written);
  const distributionId = plan.distribution.id;
  opts.log.info('distribution created', {
    distributionId,
    videoId: video.id,
    deliveries: written.created.length,
    skipped: skipped.length,
    personalised: !!send.split,
  });
  return {
    distributionId,
    deliveries: written.created.length,
    renders: written.renders,
    personalised: !!send.split,
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
export async function previewDistribution(opts: DistDeps & { scope: Scope; input: TDistributionPreview }) {
  const { db, scope, input } = opts;
  const { video, rendered, spec } = await ownVideo(db, scope, input.videoId);
  const plan = planSend(video, { script: input.script, message: input.message }, rendered);
  // Spoken with the rep's recording: the sentences with a recipient's values are the chosen voice's (decision 221), said before anything is sent.
  const personalVoice =
    plan.split && spec?.voiceRecordingId
      ? ((await findVoice((await opts.workspaceProviders(scope.workspaceId)).tts, spec.voiceId).catch(() => null))?.name ?? spec.voiceId)
      : null;
  const platforms = [...new Set((input.platforms ?? []).map((p) => p.toLowerCase() as Channel))].filter((p) => (CHANNELS as readonly string[]).includes(p));
  const base = {
    personalised: !!plan.split,
    sharedBecause: plan.sharedBecause,
    personalVoice,
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
  // Another workspace's list is a 404, as for the send, not an empty preview.
  await assertOwnLists({ db, scope, listIds });
  // A channel not connected yet does not matter here: the send itself answers for it.
  const profiles = await profilesFor(opts, scope, platforms, false);
  let found: Awaited<ReturnType<typeof collectCandidates>>;
  try {
    found = await collectCandidates(db, {
      scope,
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
