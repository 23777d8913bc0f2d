import { z } from 'zod';

// tRPC answers of the library's operations on a video (merged into the `videos` namespace).

export const ZVideoRemoved = z.object({ ok: z.literal(true), id: z.string() });

/**
 * "Duplicate and edit": the wizard's choices read back from a video. `avatar` and `look` come from the
 * render's spec when there is one (avatar.type is then stock, custom or provider), else from the row
 * (the stored avatarType, gender unknown); null when neither names them.
 */
export const ZVideoDraft = z.object({
  sourceId: z.string(),
  title: z.string(),
  script: z.string(),
  previewValues: z.record(z.string(), z.string()),
  fallbacks: z.record(z.string(), z.string()),
  avatar: z.object({ id: z.string(), type: z.string().nullable(), gender: z.string().nullable() }).nullable(),
  voiceId: z.string().nullable(),
  templateId: z.string().nullable(),
  look: z
    .object({
      avatarStyle: z.enum(['normal', 'circle', 'closeUp']),
      offsetX: z.number(),
      offsetY: z.number(),
      matting: z.boolean(),
      circleBackgroundColor: z.string(),
    })
    .nullable(),
});
