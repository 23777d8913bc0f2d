import { z } from 'zod';
import { ZVideoStatus } from './schemas';

/**
 * Developer mode's view of a render (decision 225): the video's status and the queue job now in charge
 * of it. jobState is pg-boss's word (created, active, retry, completed, failed), null when there is no
 * job or the queue no longer keeps it.
 */
export const ZRenderJobState = z.object({
  videoId: z.string(),
  taskId: z.string().nullable(),
  status: ZVideoStatus.shape.status,
  progress: z.number().int(),
  queue: z.string().nullable(),
  jobId: z.string().nullable(),
  jobState: z.string().nullable(),
  retryCount: z.number().int().nullable(),
  error: z.string().nullable(),
  /** The REST call that answers the same status. */
  api: z.string(),
});
