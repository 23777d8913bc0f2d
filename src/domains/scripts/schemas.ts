import { z } from 'zod';
import { CHANNELS, MESSAGE_MAX_LENGTH, type Channel } from '../../shared/channel-catalogue';
import { multiLine, singleLine } from '../../shared/zod-text';
import { LANGUAGES } from '../settings/schemas';

export const SCRIPT_MAX_LENGTH = 5000;
/** Spec §9: Inspire text max length 500. */
export const INSPIRE_MAX_LENGTH = 500;
export const INSPIRE_MIN_LENGTH = 20;

export const SCRIPT_TONES = ['friendly', 'professional', 'enthusiastic', 'casual', 'persuasive'] as const;
export type ScriptToneName = (typeof SCRIPT_TONES)[number];

/** The distribution channels of the send step (spec §2.1) and the longest Inspire Me message of each: from the channel catalogue. */
export const MESSAGE_PLATFORMS = CHANNELS;
export type MessagePlatformName = Channel;
export { MESSAGE_MAX_LENGTH };

/** The four improvement prompts the script step offers (spec §2.1); sent as `instructions`. */
export const SCRIPT_SUGGESTIONS = [
  'Make it more concise',
  'Make it more persuasive',
  'Add a clear call to action',
  'Make it more friendly and personal',
] as const;

export const SCRIPT_MESSAGES = {
  noScript: 'No script to enhance',
  scriptTooLong: 'Script must be at most 5,000 characters',
  noCampaign: 'Campaign details are required',
  emptyCampaign: 'Please describe the campaign: a name, a description or a product',
  maxLength: `maxLength must be at most ${INSPIRE_MAX_LENGTH}`,
  minLength: `maxLength must be at least ${INSPIRE_MIN_LENGTH}`,
  platform: `Platform must be one of ${MESSAGE_PLATFORMS.join(', ')}`,
  // Toasts of spec §8, shown by the client when a call fails.
  generateFailed: 'Failed to generate script',
  enhanceFailed: 'Failed to enhance script',
  inspireFailed: 'Failed to generate message suggestion',
} as const;

const text = (max: number, label: string, lines: typeof singleLine = singleLine) =>
  lines(label, { error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`);
const optional = (max: number, label: string, lines: typeof singleLine = singleLine) => text(max, label, lines).nullable().optional();

const language = z.enum(LANGUAGES, { error: 'Language must be one of en, fr, es, de, it, pt' }).optional();
/** Free text: friendly, professional, enthusiastic, casual, persuasive (or a synonym); anything else reads as professional. */
const tone = text(40, 'Tone').nullable().optional();

/** A campaign as the wizard or the campaigns screen holds it; other keys are ignored. */
export const ZCampaignBrief = z.object({
  name: optional(200, 'Campaign name'),
  title: optional(200, 'Campaign title'),
  description: optional(SCRIPT_MAX_LENGTH, 'Campaign description', multiLine),
  sector: optional(100, 'Sector'),
  industry: optional(100, 'Industry'),
  product: optional(200, 'Product'),
  goal: optional(500, 'Goal'),
  objective: optional(500, 'Objective'),
  callToAction: optional(300, 'Call to action'),
  cta: optional(300, 'Call to action'),
  ctaLabel: optional(300, 'Call to action'),
  audience: optional(300, 'Audience'),
  targetAudience: optional(300, 'Audience'),
  senderName: optional(100, 'Sender name'),
  tone,
});

export const ZRecipientBrief = z.object({
  name: optional(200, 'Recipient name'),
  fullName: optional(200, 'Recipient name'),
  firstName: optional(100, 'First name'),
  first_name: optional(100, 'First name'),
  lastName: optional(100, 'Last name'),
  company: optional(200, 'Company'),
  companyName: optional(200, 'Company'),
  position: optional(200, 'Position'),
  jobTitle: optional(200, 'Position'),
});

export const ZGenerateScript = z
  .object({
    campaignDetails: z.union([text(SCRIPT_MAX_LENGTH, 'Campaign details', multiLine), ZCampaignBrief], { error: SCRIPT_MESSAGES.noCampaign }),
    /** A name ("Marie Curie, CTO at Acme") or an object; none → the script uses {first_name} and {company}. */
    recipient: z
      .union([text(300, 'Recipient'), ZRecipientBrief], { error: 'Recipient must be text or an object' })
      .nullable()
      .optional(),
    tone,
    /** Defaults to the user's language setting. */
    language,
  })
  .strict()
  .superRefine((v, ctx) => {
    const c = v.campaignDetails;
    const filled = typeof c === 'string' ? c !== '' : Object.entries(c).some(([k, x]) => k !== 'tone' && k !== 'senderName' && !!x);
    if (!filled) ctx.addIssue({ code: 'custom', path: ['campaignDetails'], message: SCRIPT_MESSAGES.emptyCampaign });
  });
export type TGenerateScript = z.infer<typeof ZGenerateScript>;
export type TGenerateScriptInput = z.input<typeof ZGenerateScript>;

export const ZImproveScript = z
  .object({
    originalScript: multiLine('Script', { error: SCRIPT_MESSAGES.noScript })
      .trim()
      .min(1, SCRIPT_MESSAGES.noScript)
      .max(SCRIPT_MAX_LENGTH, SCRIPT_MESSAGES.scriptTooLong),
    /** One of SCRIPT_SUGGESTIONS or free text; empty → a light polish. */
    instructions: text(1000, 'Instructions', multiLine).nullable().optional(),
    language,
  })
  .strict();
export type TImproveScript = z.infer<typeof ZImproveScript>;

/** Inspire Me on the script step. */
export const ZInspireScript = z
  .object({
    inputText: text(SCRIPT_MAX_LENGTH, 'Input text', multiLine).nullable().optional(),
    tone,
    maxLength: z
      .number({ error: 'maxLength must be a number' })
      .int('maxLength must be a whole number')
      .min(INSPIRE_MIN_LENGTH, SCRIPT_MESSAGES.minLength)
      .max(INSPIRE_MAX_LENGTH, SCRIPT_MESSAGES.maxLength)
      .optional(),
    language,
  })
  .strict();
export type TInspireScript = z.infer<typeof ZInspireScript>;

/** Inspire Me on the send step: a message for the first selected channel. */
export const ZInspireMessage = z
  .object({
    videoTitle: text(200, 'Video title').nullable().optional(),
    platform: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : (v ?? undefined)),
        z.enum(MESSAGE_PLATFORMS, { error: SCRIPT_MESSAGES.platform }).optional(),
      )
      .optional(),
    language,
  })
  .strict();
export type TInspireMessage = z.infer<typeof ZInspireMessage>;

/** POST /api/inspire-me serves both forms: a body with inputText, tone or maxLength is the script form. */
export function isInspireScriptBody(body: unknown): boolean {
  return !!body && typeof body === 'object' && ['inputText', 'tone', 'maxLength'].some((k) => k in body);
}

export const ZScriptResult = z.object({ script: z.string() });
export const ZMessageResult = z.object({ message: z.string() });
