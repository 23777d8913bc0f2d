import { z } from 'zod';
import { ZOk } from '../../shared/reply-schemas';
import { ZEmailAddress, ZFullName, ZPublicUser } from '../users/schemas';
import { id, secret, singleLine } from '../../shared/zod-text';

// Messages are the spec's (part 1 §5); the web forms use these same schemas.
export const ZLogin = z
  .object({
    username: singleLine('Email', { error: 'Email is required' }).trim().min(1, 'Email is required').max(254, 'Email is required'),
    password: secret({ error: 'Password is required' }).min(1, 'Password is required').max(256, 'Password is required'),
  })
  .strict();
export type TLogin = z.infer<typeof ZLogin>;

export const ZRegister = z
  .object({
    fullName: ZFullName,
    email: ZEmailAddress,
    username: singleLine('Username', { error: 'Username must be at least 3 characters' })
      .trim()
      .min(3, 'Username must be at least 3 characters')
      .max(50, 'Username must be at most 50 characters')
      .regex(/^[A-Za-z0-9._-]+$/, 'Username may only contain letters, numbers, dots, dashes and underscores'),
    password: secret({ error: 'Password must be at least 8 characters' })
      .min(8, 'Password must be at least 8 characters')
      .max(128, 'Password must be at most 128 characters'),
    company: singleLine('Company').trim().max(100, 'Company must be at most 100 characters').optional(),
    companyName: singleLine('Company').trim().max(100, 'Company must be at most 100 characters').optional(),
  })
  .strict();
export type TRegister = z.infer<typeof ZRegister>;

export const ZChangePassword = z
  .object({
    currentPassword: secret({ error: 'Current password is required' }).min(1, 'Current password is required'),
    newPassword: secret({ error: 'Password must be at least 8 characters' })
      .min(8, 'Password must be at least 8 characters')
      .max(128, 'Password must be at most 128 characters'),
    /** Also revoke every API key of the account (the form's checkbox, off by default). */
    revokeApiKeys: z.boolean().optional(),
  })
  .strict();
export type TChangePassword = z.infer<typeof ZChangePassword>;

export const passwordStrength = (password: string): 'weak' | 'strong' => (password.length >= 8 ? 'strong' : 'weak');

export const ZForgotPassword = z.object({ email: ZEmailAddress }).strict();
export type TForgotPassword = z.infer<typeof ZForgotPassword>;

export const ZResetPassword = z
  .object({
    token: id('reset link', 200, { error: 'This reset link is invalid or has expired' })
      .min(20, 'This reset link is invalid or has expired')
      .max(200, 'This reset link is invalid or has expired'),
    password: secret({ error: 'Password must be at least 8 characters' })
      .min(8, 'Password must be at least 8 characters')
      .max(128, 'Password must be at most 128 characters'),
  })
  .strict();
export type TResetPassword = z.infer<typeof ZResetPassword>;

/** Proving an address (docs/decisions/205): the link's token. Fixed messages, shown translated. */
export const EMAIL_MESSAGES = {
  invalidLink: 'This confirmation link is invalid or has expired',
  alreadyVerified: 'Your e-mail address is already confirmed',
  passwordRequired: 'Enter your current password to change your e-mail address',
  tooMany: 'Too many confirmation e-mails. Please try again later.',
} as const;
export const ZConfirmEmail = z
  .object({
    token: id('confirmation link', 200, { error: EMAIL_MESSAGES.invalidLink }).min(20, EMAIL_MESSAGES.invalidLink).max(200, EMAIL_MESSAGES.invalidLink),
  })
  .strict();
export type TConfirmEmail = z.infer<typeof ZConfirmEmail>;

// Answers.
export const ZLogoutReply = ZOk;
export const ZResetReply = ZOk;
/** The same answer whether or not the address has an account; sandbox: the mail went to the sandbox inbox. */
export const ZForgotReply = z.object({ ok: z.literal(true), sandbox: z.boolean() });

// Two-factor sign-in (docs/decisions/160). A "code" is the 6 digits of the authenticator app
// or one of the ten recovery codes (xxxxx-xxxxx); spaces and dashes are ignored.
const CODE_MESSAGE = 'Enter the 6-digit code from your app or a recovery code';
export const ZSecondFactor = singleLine('Code', { error: CODE_MESSAGE }).trim().min(6, CODE_MESSAGE).max(32, CODE_MESSAGE);

/** Confirms the set-up: the current password and the app's code (a recovery code does not exist yet). */
export const ZEnableTwoFactor = z
  .object({
    password: secret({ error: 'Current password is required' }).min(1, 'Current password is required').max(256, 'Current password is required'),
    code: z
      .string({ error: 'Enter the 6-digit code from your app' })
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code from your app'),
  })
  .strict();
export type TEnableTwoFactor = z.infer<typeof ZEnableTwoFactor>;

export const ZDisableTwoFactor = z
  .object({ password: secret({ error: 'Current password is required' }).min(1, 'Current password is required').max(256), code: ZSecondFactor })
  .strict();
export type TDisableTwoFactor = z.infer<typeof ZDisableTwoFactor>;

/** The second step of a login: the pending token from the password step and a code. */
export const ZLoginTwoFactor = z
  .object({
    pendingToken: id('pending token', 200, { error: 'This sign-in has expired. Please sign in again.' }).min(20).max(200),
    code: ZSecondFactor,
  })
  .strict();
export type TLoginTwoFactor = z.infer<typeof ZLoginTwoFactor>;

// Answers.
export const ZTwoFactorStatus = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() });
export const ZTwoFactorSetup = z.object({
  /** base32, for typing into the app by hand. */
  secret: z.string(),
  /** otpauth://totp/Avatar%20Studio:<username>?secret=…&issuer=Avatar%20Studio */
  uri: z.string(),
  /** The QR code of `uri` as an SVG document, rendered on the server (shown as a data: URL). */
  qrSvg: z.string(),
});
export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
/** Two-factor sign-in turned on: the recovery codes, and how many other sessions were signed out. */
export const ZTwoFactorEnabled = ZRecoveryCodes.extend({ signedOutSessions: z.number().int() });
/**
 * POST /api/login's 401: `{ message }` for a wrong password; for a right password on an account with
 * two-factor sign-in, `{ message: 'Two-factor code required', twoFactorRequired: true, pendingToken }`
 * and no session (docs/decisions/160).
 */
export const ZLoginRefused = z.object({ message: z.string(), twoFactorRequired: z.literal(true).optional(), pendingToken: z.string().optional() });
export const ZLoginTwoFactorReply = ZPublicUser;
export const ZConfirmEmailReply = z.object({ ok: z.literal(true), email: z.string() });
