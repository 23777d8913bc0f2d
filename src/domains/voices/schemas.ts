import { z } from 'zod';
import { singleLine } from '../../shared/zod-text';

export const VOICE_MESSAGES = { notFound: 'Voice not found' } as const;

const flag = z.preprocess(
  (v) => (typeof v === 'string' ? ['true', '1', 'yes'].includes(v.toLowerCase()) : v),
  z.boolean({ error: 'isCustom must be true or false' }),
);

/** GET /api/voices: isCustom and avatarId only pick the default voice; every voice is listed. */
export const ZListVoices = z
  .object({
    isCustom: flag.optional(),
    avatarId: singleLine('avatarId').trim().max(100).optional(),
  })
  .strip();
export type TListVoices = z.infer<typeof ZListVoices>;

// Answers.
export const ZVoice = z.object({
  id: z.string(),
  name: z.string(),
  gender: z.string(),
  language: z.string(),
  languageName: z.string(),
  provider: z.string(),
  premium: z.boolean(),
  previewUrl: z.string(),
  previewAudio: z.string(),
  default: z.boolean(),
});
export const ZVoiceList = z.object({ voices: z.array(ZVoice), defaultVoiceId: z.string() });
