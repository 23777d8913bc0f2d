import { z } from 'zod';
import { ZNextCursor } from '../../shared/paging';
import { ZTimestamp, ZUrl } from '../../shared/reply-schemas';
import { TEMPLATE_NOT_FOUND } from '../templates/schemas';
import { ZVideo } from '../videos/schemas';
import { id, multiLine, singleLine } from '../../shared/zod-text';

export const SCRIPT_MAX_CHARS = 5000;

export const GENERATION_MESSAGES = {
  scriptEmpty: 'Please write a script first: the script is empty',
  scriptTooLong: `The script must be at most ${SCRIPT_MAX_CHARS.toLocaleString('en-US')} characters`,
  avatarRequired: 'Please choose an avatar',
  templateNotFound: TEMPLATE_NOT_FOUND,
  backgroundNotFound: 'Background not found',
  videoNotFound: 'Video not found',
  taskNotFound: 'Task not found',
  backgroundType: 'Only image files (PNG, JPEG or WebP) can be used as a background',
  backgroundSize: 'File must be 10MB or smaller',
  backgroundMissing: 'Please choose an image file (field "file")',
  colour: 'circleBackgroundColor must be a colour such as #ffffff',
  offset: 'Offsets must be between -1 and 1',
  recordingNotFound: 'Voice recording not found',
} as const;

/**
 * A recording's caps follow the script's: at most a take per sentence of the longest script, each
 * take at most 8 s plus a quarter of a second a character (4 characters a second: half the pace of
 * the slowest reading), the whole at most that for the longest script (about 21 minutes).
 */
export const RECORDING_LIMITS = {
  takes: 300,
  sentenceChars: 1000,
  takeBytes: 10 * 1024 * 1024,
  totalBytes: 40 * 1024 * 1024,
  takeSeconds: (chars: number) => 8 + chars * 0.25,
  totalSeconds: SCRIPT_MAX_CHARS * 0.25,
} as const;

export const RECORDING_MESSAGES = {
  noTakes: 'Record at least one sentence (fields "text" and "take", one pair a sentence)',
  pairs: 'Send one "text" for each "take", in the same order',
  tooManyTakes: `A recording has at most ${RECORDING_LIMITS.takes} sentences`,
  sentence: `Each sentence must be 1 to ${RECORDING_LIMITS.sentenceChars} characters`,
  variable: 'Sentences with variables are spoken by the chosen voice for each recipient: do not record them',
  type: 'Only audio recordings (WebM, Ogg, WAV, MP3, M4A or FLAC) can be used',
  unreadable: 'A take holds no sound that can be read',
  silent: 'A take is silent: check that your microphone is on and not muted',
  takeBytes: 'Each take must be 10MB or smaller',
  totalBytes: 'A recording must be 40MB or smaller',
  takeTooLong: (n: number, max: number) => `Take ${n} is longer than its sentence needs (at most ${Math.round(max)} s)`,
  tooLong: `A recording can be at most ${Math.round(RECORDING_LIMITS.totalSeconds / 60)} minutes long`,
  notThisScript: 'The recording does not match the script (a recorded sentence is no longer in it): record your voice again',
  cloud: 'Your own voice is rendered by the local engine only: choose a synthetic voice to render with',
} as const;

/** Trimmed, 1–5,000 characters (issue §5). Template scripts are checked again once filled. */
export const ZScript = multiLine('Script', { error: GENERATION_MESSAGES.scriptEmpty })
  .trim()
  .min(1, GENERATION_MESSAGES.scriptEmpty)
  .max(SCRIPT_MAX_CHARS, GENERATION_MESSAGES.scriptTooLong);

const hex = singleLine('circleBackgroundColor')
  .trim()
  .regex(/^#?([0-9a-f]{3}|[0-9a-f]{6})$/i, GENERATION_MESSAGES.colour)
  .transform((v) => (v.startsWith('#') ? v : `#${v}`));
const offset = z.coerce.number({ error: GENERATION_MESSAGES.offset }).min(-1, GENERATION_MESSAGES.offset).max(1, GENERATION_MESSAGES.offset);
const requiredId = (message: string) => id('id', 200, { error: message });
const optionalId = singleLine('id')
  .trim()
  .max(200)
  .regex(/^[\u0021-\u007E]*$/, 'Invalid id')
  .nullish()
  .transform((v) => v || undefined);

/** The look of a render: the spec's voice customization (§3) plus format and captions. */
export const ZLook = z.object({
  voiceId: optionalId,
  /** The rep's own recording (POST /api/voice-recordings); the voice then says only the sentences with variables. */
  voiceRecordingId: optionalId,
  backgroundId: optionalId,
  avatarStyle: z.enum(['normal', 'circle', 'closeUp'], { error: 'avatarStyle must be normal, circle or closeUp' }).default('normal'),
  offsetX: offset.default(0),
  offsetY: offset.default(0),
  matting: z.boolean({ error: 'matting must be true or false' }).default(false),
  circleBackgroundColor: hex.default('#ffffff'),
  aspectRatio: z.enum(['landscape', 'portrait', 'square'], { error: 'aspectRatio must be landscape, portrait or square' }).optional(),
  captions: z.enum(['burned', 'soft', 'none'], { error: 'captions must be burned, soft or none' }).optional(),
  title: singleLine('Title').trim().max(200, 'Title must be at most 200 characters').optional(),
});

const variableName = singleLine('Variable name').trim().min(1).max(60);
/** Preview values of the script's variables (`{ "first_name": "Jane" }`): the preview render uses them. */
const ZPreviewValues = z
  .record(
    variableName,
    z.union([singleLine('Preview value').max(300), z.number(), z.null()]).transform((v) => (v === null ? '' : String(v).trim())),
  )
  .optional();
/** Per variable, what a recipient without a value gets; null or blank: no fallback (every recipient needs a value). */
const ZFallbacks = z
  .record(
    variableName,
    z.union([singleLine('Fallback').max(300), z.null()]).transform((v) => (v?.trim() ? v.trim() : null)),
    { error: 'fallbacks must map variable names to text' },
  )
  .optional();

/** POST /api/avatars/talk. Unknown fields are ignored: the diagnostic page sends its own extras. */
export const ZTalk = ZLook.extend({
  avatarId: singleLine('Avatar', { error: GENERATION_MESSAGES.avatarRequired }).trim().pipe(requiredId(GENERATION_MESSAGES.avatarRequired)),
  avatarType: singleLine('avatarType').trim().max(40).optional(),
  script: ZScript,
  templateId: optionalId,
  previewValues: ZPreviewValues,
  fallbacks: ZFallbacks,
}).strip();
export type TTalk = z.infer<typeof ZTalk>;

/** POST /api/templates/{id}/generate: variables fill the template's script (or the given text). */
export const ZTemplateGenerate = z
  .object({
    variables: z
      .record(
        singleLine('Variable name').max(100),
        z.union([singleLine('Variable'), z.number(), z.boolean(), z.null()]).transform((v) => (v === null ? '' : String(v))),
      )
      .default({}),
    options: ZLook.partial().default({}),
    text: multiLine('Text')
      .max(SCRIPT_MAX_CHARS * 2, GENERATION_MESSAGES.scriptTooLong)
      .optional(),
    script: multiLine('Script')
      .max(SCRIPT_MAX_CHARS * 2, GENERATION_MESSAGES.scriptTooLong)
      .optional(),
    voiceId: optionalId,
    avatarId: optionalId,
    backgroundId: optionalId,
    fallbacks: ZFallbacks,
  })
  .strip();
export type TTemplateGenerate = z.infer<typeof ZTemplateGenerate>;

export const ZTaskId = z.object({ taskId: id('task', 100) }).strict();
export const ZVideoId = z.object({ id: id('video', 100) }).strict();

// Answers.
export const ZTalkStarted = z.object({ videoId: z.string(), taskId: z.string(), status: z.literal('processing') });
export const ZTemplateGenerated = ZTalkStarted.extend({ script: z.string().describe('the filled script') });
const clipStatus = z.enum(['created', 'processing', 'done', 'error']);
/** How far a render is, as both status answers report it. */
const renderProgress = { thumbnail: ZUrl.nullable(), duration: z.number().nullable(), progress: z.number().int(), message: z.string() };
export const ZTalkStatus = z.object({
  taskId: z.string(),
  videoId: z.string(),
  status: clipStatus,
  result_url: ZUrl.nullable(),
  processed_url: ZUrl.nullable(),
  ...renderProgress,
  error: z.string().optional().describe('with status error'),
});
export const ZVideoStatus = z.object({
  id: z.string(),
  videoId: z.string(),
  taskId: z.string().nullable(),
  status: z.enum(['processing', 'completed', 'failed', 'draft']),
  url: ZUrl.nullable(),
  videoUrl: ZUrl.nullable(),
  ...renderProgress,
  error: z.string().nullable(),
});
export const ZRecordingUploaded = z.object({
  id: z.string(),
  durationSec: z.number(),
  sentences: z.array(z.object({ text: z.string(), durationSec: z.number() })),
});
export const ZBackgroundUploaded = z.object({ id: z.string(), url: ZUrl, name: z.string(), type: z.literal('image'), mimeType: z.string() });
export const ZBackgroundList = z.object({
  backgrounds: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      type: z.enum(['image', 'color']),
      url: ZUrl.nullable(),
      thumbnail: ZUrl,
      color: z.string().nullable(),
      source: z.enum(['upload', 'template']),
      templateId: z.string().nullable(),
      createdAt: ZTimestamp.nullable(),
    }),
  ),
});
export const ZProcessedVideos = z.object({ videos: z.array(ZVideo), nextCursor: ZNextCursor });
export const ZClipList = z.object({
  clips: z.array(
    z.object({
      id: z.string(),
      videoId: z.string(),
      name: z.string(),
      status: clipStatus,
      result_url: ZUrl.nullable(),
      thumbnail: ZUrl.nullable(),
      duration: z.number().nullable(),
      error: z.string().nullable(),
      createdAt: ZTimestamp,
      completedAt: ZTimestamp.nullable(),
    }),
  ),
  nextCursor: ZNextCursor,
});
