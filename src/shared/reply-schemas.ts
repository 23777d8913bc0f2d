import { z } from 'zod';

// Building blocks of the response schemas (the OpenAPI document and its conformance test read
// them; handlers do not parse their own answers). Request schemas live with each domain.

/** An instant as the API writes it: ISO 8601 in UTC with milliseconds. */
export const ZTimestamp = z.iso.datetime();
/** A calendar day, YYYY-MM-DD. */
export const ZDay = z.iso.date();
/** An address the app serves (/files/…, /api/…) or a provider's absolute URL. */
export const ZUrl = z.string().min(1);

/** DELETE answers of the spec's older routes. */
export const ZDeletedOk = z.object({ ok: z.literal(true), id: z.string() });
export const ZDeletedSuccess = z.object({ success: z.literal(true), id: z.string() });
export const ZOk = z.object({ ok: z.literal(true) });
