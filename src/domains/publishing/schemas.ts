import { z } from 'zod';
import { PUBLISH_PLATFORMS, VISIBILITIES } from '../../server/providers/publishing/types';
import { ZTimestamp } from '../../shared/reply-schemas';
import { id, multiLine, singleLine } from '../../shared/zod-text';
import { PUBLICATION_STATUSES } from './constants';

// The publishing API (tRPC `publishing`), the contract the screens build on (docs/decisions/229).

const ZPlatform = z.enum(PUBLISH_PLATFORMS, { error: 'platform must be facebook, instagram or youtube' });

export const ZPlatformInput = z.object({ platform: ZPlatform }).strict();
export const ZVideoInput = z.object({ videoId: id('video') }).strict();
export const ZPublicationId = z.object({ id: id('publication') }).strict();
export const ZListInput = z.object({ videoId: id('video').optional(), campaignId: id('campaign').optional() }).strict();

export const ZPublishInput = z
  .object({
    videoId: id('video'),
    campaignId: id('campaign').nullable().optional(),
    platform: ZPlatform,
    targetId: id('target', 200),
    title: singleLine('Title').trim().min(1, 'Title is required').max(100, 'Title must be at most 100 characters'),
    description: multiLine('Description').max(5000, 'Description must be at most 5000 characters'),
    visibility: z.enum(VISIBILITIES, { error: 'visibility must be public, unlisted or private' }),
    publishAt: z.iso.datetime({ offset: true, error: 'publishAt must be a date and time' }).nullable().optional(),
    requestKey: id('request key', 128),
  })
  .strict();
export type TPublishInput = z.infer<typeof ZPublishInput>;

export const ZConnection = z.object({
  platform: ZPlatform,
  sandbox: z.boolean(),
  status: z.enum(['connected', 'expired', 'disconnected']),
  targets: z.array(z.object({ id: z.string(), name: z.string() })),
  connectedAt: ZTimestamp.nullable(),
});
export const ZConnections = z.array(ZConnection);
export const ZConnectReply = z.object({ url: z.string() });
export const ZOkReply = z.object({ ok: z.literal(true) });
export const ZDefaults = z.object({ title: z.string(), description: z.string(), link: z.string() });

export const ZPublication = z.object({
  id: z.string(),
  videoId: z.string(),
  campaignId: z.string().nullable(),
  platform: ZPlatform,
  targetName: z.string(),
  title: z.string(),
  status: z.enum(PUBLICATION_STATUSES),
  note: z.string().nullable(),
  url: z.string().nullable(),
  error: z.string().nullable(),
  needsReconnect: z.boolean(),
  views: z.number().int().nullable(),
  viewsSource: z.string().nullable(),
  insightsAt: ZTimestamp.nullable(),
  /** Opens of the landing page through the post's link. */
  clicks: z.number().int(),
  /** Plays on the landing page through the post's link. */
  plays: z.number().int(),
  publishAt: ZTimestamp.nullable(),
  createdAt: ZTimestamp,
  publishedAt: ZTimestamp.nullable(),
});
export const ZPublications = z.array(ZPublication);
export type Publication = z.infer<typeof ZPublication>;
