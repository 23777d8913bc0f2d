import { z } from 'zod';
import { ZTimestamp, ZUrl } from '../../shared/reply-schemas';
import { exactLine, id, multiLine, secret, singleLine } from '../../shared/zod-text';
import { MESSAGING_PLATFORMS } from '../../server/providers/messaging/types';

export const SOCIAL_MESSAGES = {
  platform: `Unknown platform: choose ${MESSAGING_PLATFORMS.slice(0, -1).join(', ')} or ${MESSAGING_PLATFORMS.at(-1)}`,
  redirectUri: 'redirectUri must be an address of this app',
  username: 'Email or username is required',
  password: 'Password is required',
  phone: 'Valid phone number is required',
  code: 'Verification code is required',
  phoneRequired: 'Phone Number Required',
  linkedinRequired: 'LinkedIn ID Required',
  messageRequired: 'Message is required',
} as const;

export const PHONE_MIN = 10;

export const ZPlatform = z.enum(MESSAGING_PLATFORMS, { error: SOCIAL_MESSAGES.platform });

/** A line the form requires: trimmed, not empty, at most `max` characters; a missing or empty value answers `message` (a too long one `tooLong`). */
const requiredLine = (label: string, max: number, message: string, tooLong = message) =>
  singleLine(label, { error: message }).trim().min(1, message).max(max, tooLong);

// Taken exactly as sent (a tab is not a space here): the same-origin check reads the raw value.
const redirectUri = exactLine('redirectUri', { error: SOCIAL_MESSAGES.redirectUri }).trim().max(2000, SOCIAL_MESSAGES.redirectUri).optional();

export const ZAuthUrl = z.object({ platformId: ZPlatform, redirectUri, state: singleLine('state').max(500).optional() }).strict();
export type TAuthUrl = z.infer<typeof ZAuthUrl>;

export const ZHostedAuth = z.object({ platformId: ZPlatform.optional(), redirectUri, state: singleLine('state').max(500).optional() }).strict();
export type THostedAuth = z.infer<typeof ZHostedAuth>;

// Credentials are validated, passed to the provider and dropped: never stored, never logged.
export const ZLinkedInDirect = z
  .object({
    username: requiredLine('Username', 320, SOCIAL_MESSAGES.username),
    password: secret({ error: SOCIAL_MESSAGES.password }).min(1, SOCIAL_MESSAGES.password).max(1000, SOCIAL_MESSAGES.password),
  })
  .strict();
export type TLinkedInDirect = z.infer<typeof ZLinkedInDirect>;

export const ZWhatsAppDirect = z
  .object({
    phoneNumber: singleLine('Phone number', { error: SOCIAL_MESSAGES.phone })
      .trim()
      .min(PHONE_MIN, SOCIAL_MESSAGES.phone)
      .max(40, SOCIAL_MESSAGES.phone)
      .regex(/^\+?[0-9 ().-]+$/, SOCIAL_MESSAGES.phone),
  })
  .strict();
export type TWhatsAppDirect = z.infer<typeof ZWhatsAppDirect>;

export const ZCheckpoint = z
  .object({
    profileId: id('profile'),
    code: requiredLine('Verification code', 100, SOCIAL_MESSAGES.code),
  })
  .strict();
export type TCheckpoint = z.infer<typeof ZCheckpoint>;

const message = multiLine('Message', { error: SOCIAL_MESSAGES.messageRequired }).max(8000, 'Message must be at most 8000 characters').optional();
const videoUrl = singleLine('Video URL', { error: 'Invalid video URL' }).trim().max(2000, 'Invalid video URL').optional();

export const ZSendWhatsApp = z
  .object({ phoneNumber: requiredLine('Phone number', 40, SOCIAL_MESSAGES.phoneRequired, SOCIAL_MESSAGES.phone), message, videoUrl })
  .strict();
export type TSendWhatsApp = z.infer<typeof ZSendWhatsApp>;

export const ZSendLinkedIn = z.object({ linkedinId: requiredLine('LinkedIn ID', 500, SOCIAL_MESSAGES.linkedinRequired), message, videoUrl }).strict();
export type TSendLinkedIn = z.infer<typeof ZSendLinkedIn>;

/** ?search=…&platforms=linkedin,whatsapp (a comma list, or repeated in tRPC as an array). */
export const ZSocialContactsQuery = z
  .object({
    search: singleLine('Search').trim().max(200).optional(),
    platforms: z
      .union([singleLine('platforms').max(500), z.array(singleLine('platform').max(40)).max(20)])
      .optional()
      .transform((v) =>
        v === undefined
          ? undefined
          : [v]
              .flat()
              .flatMap((s) => s.split(','))
              .map((s) => s.trim())
              .filter(Boolean),
      )
      .pipe(z.array(ZPlatform).optional()),
  })
  .strict();
export type TSocialContactsQuery = z.infer<typeof ZSocialContactsQuery>;

export const ZInboxQuery = z
  .object({
    channel: singleLine('channel').trim().max(40).optional(),
    limit: z.coerce.number().int().min(1).max(500).optional(),
  })
  .strict();

export const ZProfileId = z.object({ id: id('profile') }).strict();
export const ZSetShared = z.object({ id: id('profile'), shared: z.boolean() }).strict();

// Answers.
const profileStatus = z.enum(['active', 'pending', 'disconnected', 'error']);
export const ZSocialProfile = z.object({
  id: z.string(),
  platform: ZPlatform,
  platformName: z.string(),
  profileName: z.string(),
  status: profileStatus,
  provider: z.string(),
  sandbox: z.boolean(),
  checkpoint: z.object({ type: z.string() }).nullable(),
  connectedAt: ZTimestamp.nullable(),
  createdAt: ZTimestamp,
  /** Seen and used by every member of the workspace; false: by the member who connected it only. */
  shared: z.boolean(),
  /** Connected by the signed-in member. */
  mine: z.boolean(),
});
export const ZSocialContact = z.object({
  id: z.string(),
  name: z.string(),
  platform: ZPlatform,
  headline: z.string().nullable(),
  profileUrl: z.string().nullable(),
  profilePictureUrl: z.string().nullable(),
  phone: z.string().nullable(),
  connectionId: z.string(),
  sandbox: z.boolean(),
});
export const ZUnipileAccount = z.object({
  id: z.string(),
  platform: ZPlatform,
  platform_name: z.string(),
  username: z.string(),
  status: profileStatus,
  sandbox: z.boolean(),
});
const link = { requestId: z.string(), expiresAt: ZTimestamp, sandbox: z.boolean() };
export const ZAuthUrlReply = z.object({ authUrl: ZUrl, ...link });
export const ZHostedAuthReply = z.object({ url: ZUrl, ...link });
export const ZDirectReply = z.object({
  profileId: z.string(),
  status: profileStatus,
  checkpoint: z.object({ type: z.string() }).passthrough().nullable(),
  sandbox: z.boolean(),
});
export const ZSendReply = z.object({
  success: z.literal(true),
  messageId: z.string(),
  chatId: z.string().nullable(),
  profileId: z.string(),
  sandbox: z.boolean(),
});
export const ZWhatsAppTestReply = z.object({
  success: z.boolean(),
  message: z.string(),
  contacts: z.array(z.object({ id: z.string(), name: z.string(), phone: z.string().nullable(), platform: z.literal('whatsapp') })),
  contactCount: z.number().int(),
  sandbox: z.boolean(),
});
export const ZWebhookReply = z.object({ ok: z.literal(true), handled: z.boolean() });
export const ZInboxMessage = z.object({
  id: z.string(),
  channel: z.string(),
  to: z.string(),
  from: z.string().nullable(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  meta: z.record(z.string(), z.unknown()),
  createdAt: ZTimestamp,
});
export const ZInbox = z.object({ sandbox: z.boolean(), messages: z.array(ZInboxMessage) });
/** The messaging provider in use (`provider`): the sandbox or Unipile. */
export const ZMessagingProvider = z.object({ name: z.enum(['sandbox', 'unipile']), sandbox: z.boolean() });
