import { z } from 'zod';
import { NOTICE_KINDS } from '../../shared/notices';
import { ZTimestamp } from '../../shared/reply-schemas';
import { id } from '../../shared/zod-text';

export const ZMarkNoticesRead = z
  .object({ ids: z.array(id('notification id'), { message: 'ids must be a list of notification ids' }).min(1).max(100).optional() })
  .strict();

// The bell's feed (tRPC `notifications.list` and `markRead`): the fields of each kind's `data` (shared/notices).
const count = z.number().int();
export const ZNoticeData = z.object({
  videoTitle: z.string().optional(),
  viewer: z.string().nullable().optional(),
  sent: count.optional(),
  failed: count.optional(),
  deferred: count.optional(),
  reasons: z.array(z.object({ reason: z.string(), count })).optional(),
  error: z.string().nullable().optional(),
  opened: count.optional(),
  played: count.optional(),
  finished: count.optional(),
  clicked: count.optional(),
  day: z.string().optional(),
});
export const ZNotice = z.object({
  id: z.string(),
  kind: z.enum(NOTICE_KINDS),
  videoId: z.string().nullable(),
  distributionId: z.string().nullable(),
  data: ZNoticeData,
  link: z.string(),
  read: z.boolean(),
  createdAt: ZTimestamp,
});
export const ZNoticeFeed = z.object({ unread: count, items: z.array(ZNotice) });
