import { z } from 'zod';
import { zBrandColor } from '../../shared/brand';
import { PAGE_MAX, pageOf, ZPage } from '../../shared/paging';
import { ZDay, ZTimestamp } from '../../shared/reply-schemas';
import { ZPlatformStat, ZRates } from '../tracking/schemas';
import { ZVideo } from '../videos/schemas';
import { id, multiLine, optionalText, singleLine } from '../../shared/zod-text';
import { CAMPAIGN_PLATFORMS, CAMPAIGN_SECTORS, CAMPAIGN_STATUSES } from './constants';

export {
  CAMPAIGN_PLATFORMS,
  CAMPAIGN_SECTORS,
  CAMPAIGN_STATUSES,
  type CampaignPlatform,
  type CampaignSector,
  type CampaignStatus,
} from './constants';

export const CAMPAIGN_ACTIONS = ['launch', 'pause', 'resume', 'complete'] as const;
export type CampaignAction = (typeof CAMPAIGN_ACTIONS)[number];

export const CAMPAIGN_MESSAGES = {
  name: 'Please provide a name for your campaign.',
  videos: 'No videos selected',
  platforms: 'No platforms selected',
  platform: `Unknown platform: choose ${CAMPAIGN_PLATFORMS.join(', ')} (nothing can publish to TikTok)`,
  dates: 'End date cannot be before start date',
  sector: 'Please choose a sector from the list',
  budget: 'Budget cannot be negative',
  spent: 'Spent budget cannot exceed the total budget',
  ctaUrl: 'The call-to-action link must start with http:// or https://',
} as const;

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A calendar day, sent as YYYY-MM-DD (an ISO date-time is cut to its date part). Empty = none. */
const day = (label: string) =>
  z
    .union([singleLine(label), z.null()], { error: `Invalid ${label}` })
    .transform((v, ctx) => {
      if (v === null || v.trim() === '') return null;
      const m = DAY_RE.exec(v.trim());
      const d = m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])) : null;
      if (!m || !d || d.getUTCMonth() !== +m[2] - 1 || d.getUTCDate() !== +m[3]) {
        ctx.addIssue({ code: 'custom', message: `Invalid ${label}` });
        return z.NEVER;
      }
      return `${m[1]}-${m[2]}-${m[3]}`;
    })
    .optional();

/** A money amount: a number or a numeric string, never negative. */
const amount = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v),
    z.number({ error: message }).finite(message).min(0, message).max(1e12, message),
  );

const name = singleLine('Campaign name', { error: CAMPAIGN_MESSAGES.name })
  .trim()
  .min(1, CAMPAIGN_MESSAGES.name)
  .max(120, 'Campaign name must be at most 120 characters');

const platform = z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(CAMPAIGN_PLATFORMS, { error: CAMPAIGN_MESSAGES.platform }));

const platforms = z
  .array(platform, { error: CAMPAIGN_MESSAGES.platforms })
  .min(1, CAMPAIGN_MESSAGES.platforms)
  .max(CAMPAIGN_PLATFORMS.length, CAMPAIGN_MESSAGES.platforms)
  .transform((list) => [...new Set(list)]);

const sector = z
  .preprocess((v) => {
    if (typeof v !== 'string') return v;
    if (v.trim() === '') return null;
    return CAMPAIGN_SECTORS.find((s) => s.toLowerCase() === v.trim().toLowerCase()) ?? v;
  }, z.enum(CAMPAIGN_SECTORS, { error: CAMPAIGN_MESSAGES.sector }).nullable())
  .optional();

const ctaUrl = singleLine('Call-to-action link', { error: CAMPAIGN_MESSAGES.ctaUrl })
  .trim()
  .max(2000, CAMPAIGN_MESSAGES.ctaUrl)
  .refine((v) => v === '' || isHttpUrl(v), CAMPAIGN_MESSAGES.ctaUrl)
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

export function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
}

const ids = z.array(id('video'), { error: CAMPAIGN_MESSAGES.videos }).max(500, 'Too many videos selected');

const fields = {
  description: optionalText(2000, 'Description', multiLine),
  sector,
  startDate: day('start date'),
  endDate: day('end date'),
  totalBudget: amount(CAMPAIGN_MESSAGES.budget).optional(),
  spentBudget: amount(CAMPAIGN_MESSAGES.budget).optional(),
  ctaLabel: optionalText(60, 'Call-to-action label'),
  ctaUrl,
  senderName: optionalText(100, 'Sender name'),
  brandColor: zBrandColor(),
};

function checkDatesAndBudget(v: { startDate?: string | null; endDate?: string | null; totalBudget?: number; spentBudget?: number }, ctx: z.RefinementCtx) {
  if (v.startDate && v.endDate && v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: CAMPAIGN_MESSAGES.dates });
  if (v.spentBudget !== undefined && v.totalBudget !== undefined && v.spentBudget > v.totalBudget)
    ctx.addIssue({ code: 'custom', path: ['spentBudget'], message: CAMPAIGN_MESSAGES.spent });
}

/**
 * The creation payload (spec §3) plus optional videoIds. The wizard always sends at
 * least one video; the API also accepts a campaign without videoIds, but not an empty list.
 * `status` is accepted and ignored: new campaigns are drafts.
 */
export const ZCreateCampaign = z
  .object({
    name,
    videoIds: ids.min(1, CAMPAIGN_MESSAGES.videos).optional(),
    /** Take the chosen videos out of the campaigns they are in (409 without it). */
    moveVideos: z.boolean({ error: 'moveVideos must be true or false' }).optional(),
    platforms,
    status: singleLine('status').max(40).optional(),
    ...fields,
  })
  .strict()
  .superRefine(checkDatesAndBudget);
export type TCreateCampaign = z.infer<typeof ZCreateCampaign>;
export type TCreateCampaignInput = z.input<typeof ZCreateCampaign>;

/** Any field may change; `action` drives the status (launch, pause, resume, complete). */
export const ZUpdateCampaign = z
  .object({
    name: name.optional(),
    platforms: platforms.optional(),
    status: z.enum(CAMPAIGN_STATUSES, { error: 'Unknown campaign status' }).optional(),
    action: z.enum(CAMPAIGN_ACTIONS, { error: 'Unknown action' }).optional(),
    ...fields,
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.status && v.action) ctx.addIssue({ code: 'custom', path: ['action'], message: 'Send either a status or an action, not both' });
    checkDatesAndBudget(v, ctx);
  });
export type TUpdateCampaign = z.infer<typeof ZUpdateCampaign>;
export type TUpdateCampaignInput = z.input<typeof ZUpdateCampaign>;

export const ZCampaignId = z.object({ id: id('campaign') }).strict();

/**
 * The list's query: one page (limit, cursor) and the list screen's filters, applied by the server so
 * that they see every campaign, not the first page only: a case-insensitive substring of the name,
 * a sector, a status (the effective one: a scheduled campaign past its start date is active).
 */
export const ZListCampaigns = ZPage.extend({
  q: singleLine('Search').trim().max(200).optional(),
  sector: singleLine('Sector').max(100).optional(),
  status: z.enum(CAMPAIGN_STATUSES, { error: 'Unknown status' }).optional(),
}).strict();
export type TListCampaigns = z.infer<typeof ZListCampaigns>;
export const ZCampaignNames = z.object({ ids: z.array(id('campaign')).max(PAGE_MAX, { error: `At most ${PAGE_MAX} ids` }) }).strict();

// Answers.
export const ZCampaignListItem = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(CAMPAIGN_STATUSES).describe('scheduled and active campaigns move by their dates when read'),
  sector: z.string().nullable(),
  startDate: ZDay.nullable(),
  endDate: ZDay.nullable(),
  platforms: z.array(z.string()),
  totalBudget: z.number(),
  spentBudget: z.number(),
  ctaLabel: z.string().nullable(),
  ctaUrl: z.string().nullable(),
  senderName: z.string().nullable(),
  brandColor: z.string().nullable().describe("#rrggbb, over the user's brand colour on landing pages"),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
  videoCount: z.number().int(),
  deliveredTo: z.number().int().describe('distinct recipients of sent deliveries of the videos it holds now'),
  views: z.number().int(),
  ...ZRates,
});
export const ZCampaignDetail = ZCampaignListItem.extend({
  totalVideos: z.number().int(),
  publishedVideos: z.number().int(),
  pendingVideos: z.number().int(),
  budgetPercent: z.number(),
  durationDays: z.number().int().nullable(),
  reach: z.number().int().describe('the same figure as deliveredTo, kept for older clients'),
  watchedBy: z.number().int().describe('distinct viewers'),
  uniqueViewers: z.number().int(),
  ctaClicks: z.number().int(),
  platformStats: z.array(ZPlatformStat),
  recentVideos: z.array(ZVideo),
  publishing: z
    .array(
      z.object({
        platform: z.string(),
        posts: z.number().int(),
        views: z.number().int().describe('as the platform reports them'),
        viewsSource: z.string().nullable().describe('the platform field the views come from'),
        clicks: z.number().int().describe('landing page opens through the posts’ links'),
        plays: z.number().int().describe('landing page plays through the posts’ links'),
      }),
    )
    .describe('posts published to Facebook, Instagram and YouTube, per platform'),
});
/** tRPC campaigns.list: one page of list items. */
export const ZCampaignPage = pageOf(ZCampaignListItem);
/** tRPC campaigns.names: the workspace's campaigns among the ids asked for. */
export const ZCampaignNameList = z.array(z.object({ id: z.string(), name: z.string() }));
