import { z } from 'zod';

export const ZMarkNoticesRead = z
  .object({ ids: z.array(z.string().min(1).max(64), { message: 'ids must be a list of notification ids' }).min(1).max(100).optional() })
  .strict();
