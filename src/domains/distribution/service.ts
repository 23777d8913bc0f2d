import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../server/context';
import type { Db } from '../../server/db/client';
import { badRequest, notFound } from '../../server/http/app-error';
import { PLATFORM_NAMES, type MessagingPlatform } from '../../server/providers/messaging/types';
import { newId, newToken } from '../../shared/ids';
import { estimateRenderBytes } from '../../shared/limits';
import type { Resolution } from '../../shared/plans';
import { assertStorageRoom } from '../billing/limits';
import { selectRecipients, type Contact } from '../contacts/service';
import { renderTasks } from '../generation/tables';
import { activeProfileFor, resolveSocialRecipients } from '../social/profiles';
import type { SocialProfileRow } from '../social/tables';
import { assertOwnCampaign, updateVideo } from '../videos/service';
import { videos } from '../videos/tables';
import { enqueueDeliveries, kickSweeper, enqueueRenders } from './enqueue';
import { PERSONALISE_BATCH } from './limits';
import { emailOptOutKey } from './public';
import { defaultMessage, emailSubject } from './messages';
import { DISTRIBUTION_MESSAGES as M, MAX_RECIPIENTS, type TDistribute } from './schemas';
import {
  deliveries,
  distributionOptOuts,
  distributions,
  personalRenders,
  type Channel,
  type DeliveryStatus,
  type SkippedRecipient,
} from './tables';
import { fillVariables, splitScript, varsOf, type RecipientVars } from './variables';

export type DistDeps = Pick<AppDeps, 'db' | 'queue' | 'providers' | 'env' | 'log'>;

export const DISTRIBUTION_NOT_FOUND = 'Distribution not found';
const SKIPPED_KEPT = 1000;
const INSERT_CHUNK = 500;

const channelName = (p: Channel) => (p === 'email' ? 'Email' : PLATFORM_NAMES[p as MessagingPlatform]);

/** A contact's address on a channel, or why it has none. */
function addressFor(c: Contact, p: Channel): { address: string } | { reason: string } {
  switch (p) {
    case 'email':
    case 'google':
    case 'outlook':
      return c.email ? { address: c.email } : { reason: 'No e-mail address' };
    case 'linkedin':
      return c.linkedinUrl ? { address: c.linkedinUrl } : { reason: 'No LinkedIn profile URL' };
    case 'whatsapp':
      return c.phoneNumber ? { address: c.phoneNumber } : { reason: 'No phone number' };
    default:
      return { reason: `${channelName(p)} is reached through social contacts only` };
  }
}

type Candidate = {
  recipientKey: string;
  platform: Channel;
  contactId: string | null;
  socialContactId: string | null;
  profileId: string | null;
  address: string;
  name: string | null;
  vars: RecipientVars;
};

/**
 * POST /api/videos/{id}/distribute: one delivery per (recipient, channel) in the outbox, each with
 * its landing page token, then the jobs that send them (or render the personal videos first).
 * A (video, recipient, channel) that already has a delivery is skipped as "already sent".
 */
export async function distribute(deps: DistDeps, opts: { userId: string; videoId: string; input: TDistribute; baseUrl: string }) {
  const { db, queue } = deps;
  const { userId, input } = opts;
  if (input.videoId && input.videoId !== opts.videoId) throw badRequest(M.videoMismatch);
  const [video] = await db
    .select()
    .from(videos)
    .where(and(eq(videos.id, opts.videoId), eq(videos.userId, userId)));
  if (!video) throw notFound('Video not found');

  const platforms = [...new Set((input.platforms ?? []).map((p) => p.toLowerCase() as Channel))];
  if (!platforms.length) throw badRequest(M.noPlatforms);
  const contactIds = input.contactIds ?? [];
  const listIds = input.listIds ?? [];
  const socialIds = input.socialContactIds ?? [];
  if (!contactIds.length && !listIds.length && !socialIds.length) throw badRequest(M.noRecipients);
  if (!(video.status === 'completed' || video.status === 'published') || !video.videoUrl) throw badRequest(M.notReady);

  // Every social channel needs a connected, active account of the provider in use.
  const profiles = new Map<Channel, SocialProfileRow>();
  for (const p of platforms) {
    if (p === 'email') continue;
    const row = await activeProfileFor(db, userId, p as MessagingPlatform);
    if (!row || row.provider !== deps.providers.messaging.name) throw badRequest(`${channelName(p)} is not connected`);
    profiles.set(p, row);
  }

  let campaignId = video.campaignId;
  if (input.campaignId) {
    await assertOwnCampaign(db, userId, input.campaignId);
    if (video.campaignId && video.campaignId !== input.campaignId) throw badRequest(M.otherCampaign);
    // Sending a video for a campaign attaches it: its views then count in that campaign.
    if (!video.campaignId) await updateVideo({ db, userId, id: video.id, input: { campaignId: input.campaignId } });
    campaignId = input.campaignId;
  }

  let split: { head: string; tail: string } | null = null;
  if (input.personalizeVideo) {
    const [task] = await db.select({ id: renderTasks.id }).from(renderTasks).where(eq(renderTasks.videoId, video.id));
    if (!task) throw badRequest(M.notPersonalisable);
    const script = (input.script ?? video.script ?? '').trim();
    if (!script) throw badRequest(M.noScript);
    split = splitScript(script);
    if (!split) throw badRequest(M.noVariables);
  }

  const [people, social] = await Promise.all([
    selectRecipients({ db, userId, contactIds, listIds }),
    resolveSocialRecipients({ db, userId, ids: socialIds }),
  ]);
  if (people.length + social.length === 0) throw badRequest(M.noneFound);
  if (people.length + social.length > MAX_RECIPIENTS) throw badRequest(M.tooMany);

  const skipped: SkippedRecipient[] = [];
  const candidates: Candidate[] = [];
  const seen = new Set<string>();
  const add = (c: Candidate) => {
    const k = `${c.recipientKey}\u0000${c.platform}`;
    if (seen.has(k)) return;
    seen.add(k);
    candidates.push(c);
  };
  const optedOut = await optedOutKeys(db, userId, [
    ...social.map((s) => `${s.platform}:${s.providerId}`),
    ...people.filter((c) => c.email && !c.unsubscribed).map((c) => emailOptOutKey(c.email!)),
  ]);
  for (const c of people) {
    for (const p of platforms) {
      if (c.unsubscribed || (c.email && optedOut.has(emailOptOutKey(c.email)))) {
        skipped.push({ contactId: c.id, name: c.name, platform: p, reason: 'unsubscribed' });
        continue;
      }
      const a = addressFor(c, p);
      if ('reason' in a) {
        skipped.push({ contactId: c.id, name: c.name, platform: p, reason: a.reason });
        continue;
      }
      add({ recipientKey: c.id, platform: p, contactId: c.id, socialContactId: null, profileId: profiles.get(p)?.id ?? null, address: a.address, name: c.name, vars: varsOf(c) });
    }
  }
  for (const s of social) {
    const p = s.platform as Channel;
    const key = `${s.platform}:${s.providerId}`;
    if (!platforms.includes(p)) {
      skipped.push({ contactId: null, socialContactId: s.id, name: s.name, platform: s.platform, reason: `${PLATFORM_NAMES[s.platform] ?? s.platform} is not selected` });
      continue;
    }
    if (optedOut.has(key)) {
      skipped.push({ contactId: null, socialContactId: s.id, name: s.name, platform: p, reason: 'unsubscribed' });
      continue;
    }
    const address = p === 'whatsapp' ? (s.phone ?? s.providerId) : s.providerId;
    add({ recipientKey: key, platform: p, contactId: null, socialContactId: s.id, profileId: s.profileId, address, name: s.name, vars: varsOf({ name: s.name }) });
  }

  // Already delivered (or queued) for this video: skipped, never sent twice.
  const existing = await existingKeys(db, video.id, candidates);
  const fresh = candidates.filter((c) => {
    if (!existing.has(`${c.recipientKey}\u0000${c.platform}`)) return true;
    skipped.push({ contactId: c.contactId, socialContactId: c.socialContactId, name: c.name, platform: c.platform, reason: 'already sent' });
    return false;
  });

  const template = input.message?.trim() || defaultMessage(video.title);
  const distributionId = newId();
  const renderIds = new Map<string, string>();
  if (split) for (const c of fresh) if (!renderIds.has(c.recipientKey)) renderIds.set(c.recipientKey, newId());
  // Per-recipient renders are not new videos (no monthly count) but their files use storage (docs/decisions/120).
  if (split && renderIds.size) await assertStorageRoom(db, userId, renderIds.size * estimateRenderBytes(`${split.head} ${split.tail}`, (video.resolution ?? '720p') as Resolution));

  const created: { id: string; recipientKey: string; platform: Channel }[] = [];
  await db.transaction(async (tx) => {
    await tx.insert(distributions).values({
      id: distributionId,
      userId,
      videoId: video.id,
      campaignId,
      platforms,
      message: template,
      personalizeVideo: !!split,
      headScript: split?.head ?? null,
      tailScript: split?.tail ?? null,
      baseUrl: opts.baseUrl,
      skipped: [],
      skippedCount: 0,
    });
    if (split) {
      const byKey = new Map(fresh.map((c) => [c.recipientKey, c]));
      const rows = [...renderIds].map(([key, id]) => ({
        id,
        distributionId,
        userId,
        recipientKey: key,
        batch: 0,
        headScript: fillVariables(split!.head, byKey.get(key)!.vars),
      }));
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) await tx.insert(personalRenders).values(rows.slice(i, i + INSERT_CHUNK));
    }
    const rows = fresh.map((c) => {
      const id = crypto.randomUUID();
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
        subject: c.platform === 'email' ? emailSubject(c.vars.first_name ?? null, video.title) : null,
        message: fillVariables(template, c.vars),
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
      for (const r of rows) if (!made.has(r.id)) skipped.push({ contactId: r.contactId, socialContactId: r.socialContactId, name: r.recipientName, platform: r.platform, reason: 'already sent' });
      if (split) {
        // Renders nobody waits for any more.
        const needed = new Set(created.map((r) => r.recipientKey));
        const orphans = [...renderIds].filter(([k]) => !needed.has(k)).map(([, id]) => id);
        for (const k of [...renderIds.keys()]) if (!needed.has(k)) renderIds.delete(k);
        for (let i = 0; i < orphans.length; i += INSERT_CHUNK) await tx.delete(personalRenders).where(inArray(personalRenders.id, orphans.slice(i, i + INSERT_CHUNK)));
      }
    }
    // Batches of renders, in recipient order: each renders the shared tail once.
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
  else await enqueueDeliveries(queue, created.map((r) => r.id));
  if (created.length) await kickSweeper(queue);
  deps.log.info('distribution created', { distributionId, videoId: video.id, deliveries: created.length, skipped: skipped.length, personalised: !!split });
  return {
    distributionId,
    deliveries: created.length,
    renders: renderIds.size,
    skipped: skipped.map((s) => ({ contactId: s.contactId, ...(s.socialContactId ? { socialContactId: s.socialContactId } : {}), name: s.name ?? null, platform: s.platform, reason: s.reason })),
  };
}

async function existingKeys(db: Db, videoId: string, candidates: Candidate[]) {
  const out = new Set<string>();
  const keys = [...new Set(candidates.map((c) => c.recipientKey))];
  for (let i = 0; i < keys.length; i += 5000) {
    const rows = await db
      .select({ recipientKey: deliveries.recipientKey, platform: deliveries.platform })
      .from(deliveries)
      .where(and(eq(deliveries.videoId, videoId), inArray(deliveries.recipientKey, keys.slice(i, i + 5000))));
    for (const r of rows) out.add(`${r.recipientKey}\u0000${r.platform}`);
  }
  return out;
}

async function optedOutKeys(db: Db, userId: string, keys: string[]) {
  const out = new Set<string>();
  for (let i = 0; i < keys.length; i += 5000) {
    const rows = await db
      .select({ k: distributionOptOuts.recipientKey })
      .from(distributionOptOuts)
      .where(and(eq(distributionOptOuts.userId, userId), inArray(distributionOptOuts.recipientKey, keys.slice(i, i + 5000))));
    for (const r of rows) out.add(r.k);
  }
  return out;
}

// ---------------------------------------------------------------------------
// Status: per distribution, per video, and the final screen's progress
