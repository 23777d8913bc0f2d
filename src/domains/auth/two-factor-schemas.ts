import { z } from 'zod';
import { ZPublicUser } from '../users/schemas';
import { id, secret, singleLine } from '../../shared/zod-text';

// Two-factor sign-in (docs/decisions/160). A "code" is the 6 digits of the authenticator app
// or one of the ten recovery codes (xxxxx-xxxxx); spaces and dashes are ignored.
const CODE_MESSAGE = 'Enter the 6-digit code from your app or a recovery code';
export const ZSecondFactor = singleLine('Code', { error: CODE_MESSAGE }).trim().min(6, CODE_MESSAGE).max(32, CODE_MESSAGE);

/** Confirms the set-up: only the app's code (a recovery code does not exist yet). */
export const ZEnableTwoFactor = z
  .object({
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
/**
 * POST /api/login's 401: `{ message }` for a wrong password; for a right password on an account with
 * two-factor sign-in, `{ message: 'Two-factor code required', twoFactorRequired: true, pendingToken }`
 * and no session (docs/decisions/160).
 */
export const ZLoginRefused = z.object({ message: z.string(), twoFactorRequired: z.literal(true).optional(), pendingToken: z.string().optional() });
export const ZLoginTwoFactorReply = ZPublicUser;
