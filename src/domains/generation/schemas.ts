import { z } from 'zod';
import { id, multiLine, singleLine } from '../../shared/zod-text';

export const SCRIPT_MAX_CHARS = 5000;

export const GENERATION_MESSAGES = {
  scriptEmpty: 'Please write a script first: the script is empty',
  scriptTooLong: `The script must be at most ${SCRIPT_MAX_CHARS.toLocaleString('en-US')} characters`,
  avatarRequired: 'Please choose an avatar',
  templateNotFound: 'Template not found',
  backgroundNotFound: 'Background not found',
  videoNotFound: 'Video not found',
  taskNotFound: 'Task not found',
  backgroundType: 'Only image files (PNG, JPEG or WebP) can be used as a background',
  backgroundSize: 'File must be 10MB or smaller',
  backgroundMissing: 'Please choose an image file (field "file")',
  colour: 'circleBackgroundColor must be a colour such as #ffffff',
  offset: 'Offsets must be between -1 and 1',
} as const;

/** Trimmed, 1–5,000 characters (issue §5). Template scripts are checked again once filled. */
export const ZScript = multiLine('Script', { error: GENERATION_MESSAGES.scriptEmpty })
  .trim()
  .min(1, GENERATION_MESSAGES.scriptEmpty)
  .max(SCRIPT_MAX_CHARS, GENERATION_MESSAGES.scriptTooLong);

const hex = singleLine('circleBackgroundColor').trim().regex(/^#?([0-9a-f]{3}|[0-9a-f]{6})$/i, GENERATION_MESSAGES.colour).transform((v) => (v.startsWith('#') ? v : `#${v}`));
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

/** POST /api/avatars/talk. Unknown fields are ignored: the diagnostic page sends its own extras. */
export const ZTalk = ZLook.extend({
  avatarId: singleLine('Avatar', { error: GENERATION_MESSAGES.avatarRequired }).trim().pipe(requiredId(GENERATION_MESSAGES.avatarRequired)),
  avatarType: singleLine('avatarType').trim().max(40).optional(),
  script: ZScript,
  templateId: optionalId,
}).strip();
export type TTalk = z.infer<typeof ZTalk>;

/** POST /api/templates/{id}/generate: variables fill the template's script (or the given text). */
export const ZTemplateGenerate = z
  .object({
    variables: z.record(singleLine('Variable name').max(100), z.union([singleLine('Variable'), z.number(), z.boolean(), z.null()]).transform((v) => (v === null ? '' : String(v)))).default({}),
    options: ZLook.partial().default({}),
    text: multiLine('Text').max(SCRIPT_MAX_CHARS * 2, GENERATION_MESSAGES.scriptTooLong).optional(),
    script: multiLine('Script').max(SCRIPT_MAX_CHARS * 2, GENERATION_MESSAGES.scriptTooLong).optional(),
    voiceId: optionalId,
    avatarId: optionalId,
    backgroundId: optionalId,
  })
  .strip();
export type TTemplateGenerate = z.infer<typeof ZTemplateGenerate>;

export const ZTaskId = z.object({ taskId: id('task', 100) }).strict();
export const ZVideoId = z.object({ id: id('video', 100) }).strict();
