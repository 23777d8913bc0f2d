import { z } from 'zod';

export const ZRequestExport = z.object({ includeFiles: z.boolean().default(false) }).strict();
export type TRequestExport = z.infer<typeof ZRequestExport>;
