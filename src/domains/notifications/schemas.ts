import { z } from 'zod';
import { id } from '../../shared/zod-text';

export const ZMarkNoticesRead = z
  .object({ ids: z.array(id('notification id'), { message: 'ids must be a list of notification ids' }).min(1).max(100).optional() })
  .strict();
