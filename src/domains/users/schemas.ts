import { z } from 'zod';
import { zBrandColor } from '../../shared/brand';
import { ZTimestamp } from '../../shared/reply-schemas';
import { secret, singleLine } from '../../shared/zod-text';
import { ZUserSettings } from '../settings/schemas';

export const ZPublicUser = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string(),
  email: z.string(),
  /** The address was proven by a link sent to it (docs/decisions/205). */
  emailVerified: z.boolean(),
  companyName: z.string().nullable(),
  position: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  brandLogoUrl: z.string().nullable(),
  brandColor: z.string().nullable(),
  createdAt: ZTimestamp,
  settings: ZUserSettings,
});
export type PublicUser = z.infer<typeof ZPublicUser>;

/** A person's name and e-mail address as the sign-up and profile forms take them (the spec's messages). */
export const ZFullName = singleLine('Full name', { error: 'Full name is required' })
  .trim()
  .min(1, 'Full name is required')
  .max(100, 'Full name must be at most 100 characters');
export const ZEmailAddress = singleLine('Email', { error: 'Invalid email address' }).trim().email('Invalid email address').max(254, 'Invalid email address');

const optionalText = (max: number, label: string) =>
  singleLine(label)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

export const ZUpdateProfile = z
  .object({
    fullName: ZFullName,
    email: ZEmailAddress,
    companyName: optionalText(100, 'Company'),
    position: optionalText(100, 'Position'),
    phoneNumber: optionalText(30, 'Phone number'),
    brandColor: zBrandColor(),
    /** Required with a new `email` (docs/decisions/205). */
    currentPassword: secret().max(256),
  })
  .partial()
  .strict();
export type TUpdateProfile = z.infer<typeof ZUpdateProfile>;
/** The profile after an update: `pendingEmail` is the new address waiting for its confirmation link. */
export const ZProfileUpdated = ZPublicUser.extend({ pendingEmail: z.string().nullable() });

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** The landing pages' logo: a raster image checked by its bytes (no SVG: it can carry script). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const LOGO_MESSAGES = {
  type: 'Logo must be a PNG, JPEG or WebP image',
  size: 'Logo must be 2MB or smaller',
  missing: 'Please choose an image file (field "logo")',
} as const;
