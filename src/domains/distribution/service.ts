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
import { applyRecipientView, getSendDefaults } from './landing-settings';
import { enqueueDistribution, persistDistribution } from './persist';
import { planDistribution } from './plan';
import { channelName, collectCandidates } from './recipients';
import { assertResolvable, BACKGROUND_COLUMN, planSend, resolveFor, variableProblems, type Problem } from './resolve';
import { CHANNELS, DISTRIBUTION_MESSAGES as M, type TDistribute, type TDistributionPreview } from './schemas';
import type { Channel } from './tables';

export type DistDeps = Pick<AppDeps, 'db' | 'queue' | 'providers' | 'workspaceProviders' | 'env' | 'log' | 'emit' | 'box'>;

export const DISTRIBUTION_NOT_FOUND = 'Distribution not found';

export async function ownVideo(db: Db, scope: Scope, videoId: string) {
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
export async function profilesFor(deps: DistDeps, scope: Scope, platforms: Channel[], strict = true) {
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
  if (input.title !== undefined && !input.title.trim()) throw invalidInput(M.noTitle);
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
  // No subject asked (an API call): the workspace's default subject, else the built-in one.
  const subject = input.subject ?? (await getSendDefaults({ db, scope })).subject ?? undefined;
  const send = planSend(video, { ...input, subject }, rendered);
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
  // What the pages show (title, call-to-action, sender) is the video's: saved once everything is checked, read when a page opens.
  const { title, ctaLabel, ctaUrl, senderName } = input;
  if ([title, ctaLabel, ctaUrl, senderName].some((v) => v !== undefined))
    await applyRecipientView(db, scope, { ...video, campaignId }, { title, ctaLabel, ctaUrl, senderName });
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
