import { z } from 'zod';
import { multiLine, singleLine } from '../../shared/zod-text';

export const VOICE_MESSAGES = {
  notFound: 'Voice not found',
  noSentence: 'Write the script first: the voice reads its first sentence',
  tooManyHears: 'Too many samples in a minute, try again shortly',
} as const;

/** The longest sentence "Hear it" speaks; a longer first sentence is cut at a word. */
export const HEAR_MAX_CHARS = 200;

/** POST /api/voices/:id/hear: the script (or its start); the voice says its first sentence. */
export const ZHearVoice = z.object({ text: multiLine('text', { error: 'text is required' }).max(10_000, 'text is too long') }).strip();
export type THearVoice = z.infer<typeof ZHearVoice>;

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
  /** The engine speaking an offline voice (espeak, flite, pico) or the provider's name. */
  engine: z.string(),
  /** Shown in the picker: eSpeak NG, Flite, SVOX Pico, or the provider. */
  engineName: z.string(),
  premium: z.boolean(),
  /** Its language's most intelligible voice (measured: docs/decisions/215). */
  recommended: z.boolean(),
  previewUrl: z.string(),
  previewAudio: z.string(),
  default: z.boolean(),
});
export const ZVoiceList = z.object({ voices: z.array(ZVoice), defaultVoiceId: z.string() });
