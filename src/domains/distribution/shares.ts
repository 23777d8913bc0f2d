import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { invalidInput, notFound } from '../../server/http/app-error';
import { newToken } from '../../shared/ids';
import { campaigns } from '../campaigns/tables';
import { users } from '../users/tables';
import { videos } from '../videos/tables';
import { inWorkspace, type Scope } from '../../server/scope';
import { workspaces } from '../workspaces/tables';
import { landingBrand } from './landing-brand';
import type { LandingData } from './pages';
import { ctaOf, LANDING_SENDER_COLUMNS, senderOf } from './public';
import { videoLanguage } from './resolve';
import { fallbacksFor, fillText } from '../../shared/variables';
import type { JobQueue } from '../../server/jobs/queue';
import { attachFallbackRender } from './share-render';
import { campaignOfVideo, defaultsOfVideo } from './landing-settings';
import { personalRenders, sendDefaults, videoShares } from './tables';

// Share links: a landing page for an anonymous audience, so that a shared video's plays,
// progress and clicks are tracked like a delivery's, never the raw file (docs/decisions/105-share-links.md).

export const SHARE_MESSAGES = {
  videoNotFound: 'Video not found',
  notReady: 'This video has no file to share yet',
} as const;

export type VideoShare = { videoId: string; token: string; path: string; url: string; createdAt: string };

const toShare = (row: { videoId: string; token: string; createdAt: Date }, baseUrl: string): VideoShare => ({
  videoId: row.videoId,
  token: row.token,
  path: `/v/${row.token}`,
  url: `${baseUrl}/v/${row.token}`,
  createdAt: row.createdAt.toISOString(),
});

async function ownedVideo(db: Db, scope: Scope, videoId: string) {
  const [video] = await db
    .select()
    .from(videos)
    .where(and(eq(videos.id, videoId), inWorkspace(videos, scope)));
  if (!video) throw notFound(SHARE_MESSAGES.videoNotFound);
  return video;
}

/**
 * The video's share link, made on first use (one per video: a concurrent second call gets the
 * same). `regenerate` replaces the token, so the previous link stops working.
 */
export async function shareVideo(opts: {
  db: Db;
  /** Queues the fallback render of a video with variables (tests without a worker may leave it out). */
  queue?: JobQueue;
  scope: Scope;
  videoId: string;
  baseUrl: string;
  regenerate?: boolean;
}): Promise<VideoShare & { created: boolean }> {
  const { db, scope, videoId, baseUrl } = opts;
  const workspaceId = scope.workspaceId;
  const video = await ownedVideo(db, scope, videoId);
  if (!video.videoUrl) throw invalidInput(SHARE_MESSAGES.notReady);
  if (opts.regenerate) {
    const [row] = await db
      .insert(videoShares)
      .values({ videoId, workspaceId, token: newToken() })
      .onConflictDoUpdate({ target: videoShares.videoId, set: { token: sql`excluded.token`, createdAt: sql`excluded.created_at` } })
      .returning();
    await attachFallbackRender(opts, video);
    return { ...toShare(row!, baseUrl), created: true };
  }
  const [made] = await db.insert(videoShares).values({ videoId, workspaceId, token: newToken() }).onConflictDoNothing().returning();
  await attachFallbackRender(opts, video);
  if (made) return { ...toShare(made, baseUrl), created: true };
  const [row] = await db.select().from(videoShares).where(eq(videoShares.videoId, videoId));
  return { ...toShare(row!, baseUrl), created: false };
}

/** The video's share link, or null when it was never shared (or the link was turned off). */
export async function getShare(opts: { db: Db; scope: Scope; videoId: string; baseUrl: string }): Promise<VideoShare | null> {
  await ownedVideo(opts.db, opts.scope, opts.videoId);
  const [row] = await opts.db.select().from(videoShares).where(eq(videoShares.videoId, opts.videoId));
  return row ? toShare(row, opts.baseUrl) : null;
}

/** Turns the link off (its page answers 404). Views it brought stay counted. Idempotent. */
export async function revokeShare(opts: { db: Db; scope: Scope; videoId: string }): Promise<{ revoked: boolean }> {
  await ownedVideo(opts.db, opts.scope, opts.videoId);
  const gone = await opts.db
    .delete(videoShares)
    .where(and(eq(videoShares.videoId, opts.videoId), inWorkspace(videoShares, opts.scope)))
    .returning({ videoId: videoShares.videoId });
  return { revoked: gone.length > 0 };
}

/** A share token's video, workspace and the video's campaign now; null when unknown. */
export async function shareByToken(db: Db, token: string) {
  if (!/^[a-z2-7]{16,64}$/.test(token)) return null;
  const [row] = await db
    .select({ videoId: videoShares.videoId, workspaceId: videoShares.workspaceId, campaignId: videos.campaignId })
    .from(videoShares)
    .innerJoin(videos, and(eq(videos.id, videoShares.videoId), eq(videos.workspaceId, videoShares.workspaceId)))
    .where(eq(videoShares.token, token));
  return row ?? null;
}

/**
 * The landing page of a share link: the video as it is now, the CTA, sender and brand of the
 * campaign it belongs to now (else those of the video's creator, or of the workspace's owner once
 * that account is gone). A video with variables plays its fallback render
 * and its title takes the fallbacks too; `preparing` while that render is still being made.
 * Null for an unknown token or a video without a file.
 */
export async function shareLandingData(db: Db, token: string): Promise<LandingData | { preparing: true } | null> {
  if (!/^[a-z2-7]{16,64}$/.test(token)) return null;
  const [r] = await db
    .select({
      videoId: videos.id,
      title: videos.title,
      videoUrl: videos.videoUrl,
      thumbnail: videos.thumbnail,
      fallbacks: videos.variableFallbacks,
      language: videos.language,
      voiceId: videos.voiceId,
      renderId: videoShares.renderId,
      renderStatus: personalRenders.status,
      renderThumbnail: personalRenders.thumbnail,
      renderCaptions: personalRenders.captions,
      ...LANDING_SENDER_COLUMNS,
    })
    .from(videoShares)
    .innerJoin(videos, and(eq(videos.id, videoShares.videoId), eq(videos.workspaceId, videoShares.workspaceId)))
    .innerJoin(workspaces, eq(workspaces.id, videoShares.workspaceId))
    .innerJoin(users, eq(users.id, sql`coalesce(${videos.createdBy}, ${workspaces.ownerId})`))
    .leftJoin(campaigns, campaignOfVideo)
    .leftJoin(sendDefaults, defaultsOfVideo)
    .leftJoin(personalRenders, eq(personalRenders.id, videoShares.renderId))
    .where(eq(videoShares.token, token));
  if (!r?.videoUrl) return null;
  // Never the preview's file while the fallback version is not ready: it greets the preview's name.
  if (r.renderId && r.renderStatus !== 'completed') return { preparing: true };
  const language = videoLanguage(r);
  return {
    token,
    videoId: r.videoId,
    firstName: null,
    greeting: null,
    title: fillText(r.title, {}, fallbacksFor(r.fallbacks, language)),
    videoUrl: r.renderId ? `/v/${token}/video.mp4` : r.videoUrl,
    // The render's poster is the e-mail's (a drawn button on it): the page shows the video's first frame instead.
    poster: r.renderId ? null : r.thumbnail,
    captions: r.renderId && r.renderCaptions ? { url: `/v/${token}/captions.vtt`, show: false, language: 'en' } : null,
    cta: ctaOf(r, language),
    language,
    sender: senderOf(r),
    company: r.companyName,
    unsubscribeUrl: null,
    brand: landingBrand(r),
    anonymous: true,
  };
}
