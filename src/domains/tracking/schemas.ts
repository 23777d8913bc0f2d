import { z } from 'zod';
import { ZDay } from '../../shared/reply-schemas';
import { id, singleLine } from '../../shared/zod-text';
import { TRACK_EVENTS } from './constants';

export { TRACK_EVENTS, type TrackEvent } from './constants';

const SAFE = /^[A-Za-z0-9_-]+$/;

/**
 * The public beacon the landing pages post: the page's link token and the page-load token the
 * server issued with the page (page-token.ts), which is the view: a beacon counts only for a page
 * the server served (docs/decisions/206).
 */
export const ZTrackBeacon = z
  .object({
    token: singleLine('token', { error: 'Invalid token' }).min(8, 'Invalid token').max(128, 'Invalid token').regex(SAFE, 'Invalid token'),
    page: singleLine('page', { error: 'Invalid page token' })
      .max(200, 'Invalid page token')
      .regex(/^[A-Za-z0-9_.-]{20,}$/, 'Invalid page token'),
    event: z.enum(TRACK_EVENTS, { error: 'event must be open, view, progress or cta' }),
    percent: z
      .number({ error: 'percent must be a number from 0 to 100' })
      .finite()
      .min(0, 'percent must be a number from 0 to 100')
      .max(100, 'percent must be a number from 0 to 100')
      .optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.event === 'progress' && v.percent === undefined) ctx.addIssue({ code: 'custom', path: ['percent'], message: 'percent is required with progress' });
    if (v.event !== 'progress' && v.percent !== undefined) ctx.addIssue({ code: 'custom', path: ['percent'], message: 'percent is only sent with progress' });
  });
export type TTrackBeacon = z.infer<typeof ZTrackBeacon>;

export const ZCampaignAnalytics = z.object({ campaignId: id('campaign') }).strict();
export const ZVideoRetention = z.object({ campaignId: id('campaign'), videoId: id('video') }).strict();

// Answers.
/** Engagement rate and CTR are percentages with one decimal. */
export const ZRates = { engagementRate: z.number(), ctr: z.number() };
export const ZPlatformStat = z.object({
  platform: z.string(),
  deliveries: z.number().int(),
  views: z.number().int(),
  uniqueViewers: z.number().int(),
  ctaClicks: z.number().int(),
  ...ZRates,
});
export const ZDayFigures = z.object({ date: ZDay, views: z.number().int(), uniqueViewers: z.number().int(), ctaClicks: z.number().int() });
export const ZCampaignAnalyticsReply = z.object({ viewsPerDay: z.array(ZDayFigures), platforms: z.array(ZPlatformStat) });
/** Audience retention: at each 5 % mark, the views that reached it and their share of all views (a percentage, one decimal). */
export const ZRetentionCurve = z.object({
  videoId: z.string(),
  views: z.number().int(),
  points: z.array(z.object({ percent: z.number().int(), viewers: z.number().int(), share: z.number() })),
});
export const ZViewsPerDay = z.array(ZDayFigures);
export const ZPlatformStats = z.array(ZPlatformStat);
