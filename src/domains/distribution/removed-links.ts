import { and, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { campaigns } from '../campaigns/tables';
import { users } from '../users/tables';
import { videos } from '../videos/tables';
import { workspaces } from '../workspaces/tables';
import { campaignOfVideo, defaultsOfVideo } from './landing-settings';
import { LANDING_SENDER_COLUMNS, senderOf } from './public';
import { senderIdSql } from './sender';
import { recipientLanguage } from '../../shared/variables';
import { videoLanguage } from './resolve';
import { deliveries, distributions, removedLinks, sendDefaults, unsubscribeLinks, videoShares } from './tables';

// The landing-page links of a deleted video keep answering, with "no longer available" (410):
// a recipient who opens an old e-mail learns what happened instead of "this link is not valid".

const CHUNK = 500;

/** Records every link of the video (its deliveries' and its share link's), inside the caller's transaction before the delete. */
export async function rememberRemovedLinks(tx: Db, workspaceId: string, videoId: string) {
  const tokens = [
    ...(await tx
      .select({ token: deliveries.token })
      .from(deliveries)
      .where(and(eq(deliveries.videoId, videoId), eq(deliveries.workspaceId, workspaceId)))),
    ...(await tx
      .select({ token: videoShares.token })
      .from(videoShares)
      .where(and(eq(videoShares.videoId, videoId), eq(videoShares.workspaceId, workspaceId)))),
  ].map((r) => r.token);
  for (let i = 0; i < tokens.length; i += CHUNK)
    await tx
      .insert(removedLinks)
      .values(tokens.slice(i, i + CHUNK).map((token) => ({ token, workspaceId })))
      .onConflictDoNothing();
  await keepOptOuts(tx, workspaceId, videoId);
  return tokens.length;
}

/**
 * What each delivery's opt-out needs (decision 206): its recipient and the sender its page named,
 * so that /unsubscribe/<token> and the one-click POST outlive the video.
 */
async function keepOptOuts(tx: Db, workspaceId: string, videoId: string) {
  const rows = await tx
    .select({
      token: deliveries.token,
      deliveryId: deliveries.id,
      contactId: deliveries.contactId,
      recipientKey: deliveries.recipientKey,
      platform: deliveries.platform,
      address: deliveries.address,
      recipientName: deliveries.recipientName,
      deliveryLanguage: deliveries.language,
      videoLanguage: videos.language,
      voiceId: videos.voiceId,
      senderName: LANDING_SENDER_COLUMNS.senderName,
      fullName: LANDING_SENDER_COLUMNS.fullName,
      companyName: LANDING_SENDER_COLUMNS.companyName,
    })
    .from(deliveries)
    .innerJoin(distributions, eq(distributions.id, deliveries.distributionId))
    .innerJoin(workspaces, eq(workspaces.id, deliveries.workspaceId))
    .innerJoin(users, eq(users.id, senderIdSql))
    .innerJoin(videos, eq(videos.id, deliveries.videoId))
    .leftJoin(campaigns, campaignOfVideo)
    .leftJoin(sendDefaults, defaultsOfVideo)
    .where(and(eq(deliveries.videoId, videoId), eq(deliveries.workspaceId, workspaceId)));
  const kept = rows.map(({ fullName, companyName, senderName, deliveryLanguage, videoLanguage: language, voiceId, ...r }) => ({
    ...r,
    workspaceId,
    senderName: senderOf({ senderName, fullName, companyName }),
    // The page keeps the language the recipient's e-mail and page had (public.ts, decision 226).
    language: deliveryLanguage ? recipientLanguage(deliveryLanguage) : videoLanguage({ language, voiceId }),
  }));
  for (let i = 0; i < kept.length; i += CHUNK)
    await tx
      .insert(unsubscribeLinks)
      .values(kept.slice(i, i + CHUNK))
      .onConflictDoNothing();
}

export async function isRemovedLink(db: Db, token: string): Promise<boolean> {
  if (!/^[a-z2-7]{16,64}$/.test(token)) return false;
  const [row] = await db.select({ token: removedLinks.token }).from(removedLinks).where(eq(removedLinks.token, token));
  return !!row;
}
