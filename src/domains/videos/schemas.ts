import { z } from 'zod';
import { pageOf, ZPage } from '../../shared/paging';
import { ZTimestamp, ZUrl } from '../../shared/reply-schemas';
import { id, multiLine, optionalText, singleLine } from '../../shared/zod-text';
import { VIDEO_STATUSES } from './constants';

export { VIDEO_STATUSES, type VideoStatus } from './constants';

export const VIDEO_MESSAGES = {
  title: 'Please provide a title for your video',
  url: 'The video address must be a stored file (/files/…) or an http(s) link',
  thumbnail: 'The thumbnail address must be a stored file (/files/…) or an http(s) link',
  notFinished: 'Only a finished video can be published',
} as const;

const FILE_URL_RE = /^\/files\/[A-Za-z0-9._/-]{1,300}$/;

/** One of our stored files (/files/<key>) or an absolute http(s) link. */
export function isVideoAddress(v: string): boolean {
  if (FILE_URL_RE.test(v)) return !v.includes('..');
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
}

const address = (message: string) =>
  singleLine('Address', { error: message })
    .trim()
    .max(2000, message)
    .refine((v) => v === '' || isVideoAddress(v), message)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

const title = singleLine('Title', { error: VIDEO_MESSAGES.title }).trim().min(1, VIDEO_MESSAGES.title).max(200, 'Title must be at most 200 characters');
const status = z.enum(VIDEO_STATUSES, { error: 'Unknown video status' });
const campaignId = id('campaign', 64, { error: 'Invalid campaign' }).nullable().optional();
const platforms = z.array(singleLine('platform').trim().min(1).max(40), { error: 'Invalid platforms' }).max(20, 'Invalid platforms');

/**
 * A finished video as the creation wizard saves it (spec part 2 §3 and §7). `url` is
 * accepted as another name for videoUrl; processingJobId is the provider's job id.
 */
export const ZCreateVideo = z
  .object({
    title,
    videoUrl: address(VIDEO_MESSAGES.url),
    url: address(VIDEO_MESSAGES.url),
    thumbnail: address(VIDEO_MESSAGES.thumbnail),
    script: optionalText(20_000, 'Script', multiLine),
    status: status.optional(),
    duration: z.number({ error: 'Invalid duration' }).finite().min(0, 'Invalid duration').max(86_400, 'Invalid duration').nullable().optional(),
    avatarId: optionalText(200, 'Avatar'),
    avatarType: optionalText(40, 'Avatar type'),
    voiceId: optionalText(200, 'Voice'),
    backgroundId: optionalText(200, 'Background'),
    templateId: optionalText(200, 'Template'),
    templateType: optionalText(60, 'Template type'),
    customTemplateType: optionalText(60, 'Template type'),
    processingJobId: optionalText(200, 'Job id'),
    campaignId,
    platforms: platforms.optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const finished = !v.status || v.status === 'completed' || v.status === 'published';
    if (finished && !v.videoUrl && !v.url) ctx.addIssue({ code: 'custom', path: ['videoUrl'], message: VIDEO_MESSAGES.url });
  });
export type TCreateVideo = z.infer<typeof ZCreateVideo>;

/** Rename, move to (or out of) a campaign, change the status — `published` publishes it. */
export const ZUpdateVideo = z
  .object({
    title: title.optional(),
    campaignId,
    status: status.optional(),
    platforms: platforms.optional(),
  })
  .strict();
export type TUpdateVideo = z.infer<typeof ZUpdateVideo>;

/** My Videos' filter tabs (spec part 2 §2.5): a completed video may also have been published. */
export const VIDEO_LIST_FILTERS = { draft: ['draft'], processing: ['processing'], completed: ['completed', 'published'] } as const;
export type VideoListFilter = keyof typeof VIDEO_LIST_FILTERS;

/**
 * One page of the user's videos (limit, cursor), optionally one campaign's, and My Videos' filters,
 * applied by the server so that they see every video: `q` (title or script, case-insensitive) and
 * `filter` (draft, processing, completed).
 */
export const ZListVideos = ZPage.extend({
  campaignId: id('campaign', 64, { error: 'Invalid campaign' }).optional(),
  q: singleLine('Search').trim().max(200).optional(),
  filter: z.enum(['draft', 'processing', 'completed'], { error: 'Unknown filter' }).optional(),
}).strict();
export type TListVideos = z.infer<typeof ZListVideos>;

// Answers.
export const ZVideo = z.object({
  id: z.string(),
  title: z.string(),
  script: z.string().nullable().describe('kept with its {variables}: each recipient gets their own values'),
  variables: z.array(z.string()).describe("the script's variables, in order of first use"),
  previewValues: z.record(z.string(), z.string()).nullable().describe('the values the preview render used'),
  variableFallbacks: z.record(z.string(), z.string().nullable()).nullable().describe('what a recipient without a value gets'),
  previewFor: z.string().nullable().describe('whom the preview render greets ("Preview for Jane")'),
  status: z.enum(VIDEO_STATUSES),
  duration: z.number().nullable().describe('seconds'),
  thumbnail: ZUrl.nullable(),
  videoUrl: ZUrl.nullable(),
  url: ZUrl.nullable().describe('the same as videoUrl'),
  avatarId: z.string().nullable(),
  avatarType: z.string().nullable(),
  voiceId: z.string().nullable(),
  backgroundId: z.string().nullable(),
  templateId: z.string().nullable(),
  templateType: z.string().nullable(),
  campaignId: z.string().nullable(),
  platforms: z.array(z.string()),
  resolution: z.string().nullable(),
  progress: z.number().int(),
  errorMessage: z.string().nullable(),
  views: z.number().int(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
/** tRPC videos.list: one page (dates as ISO strings, as toVideo writes them). */
export const ZVideoPage = pageOf(ZVideo);
