import { z } from 'zod';
import { ZOk } from '../../shared/reply-schemas';
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
    fullName: singleLine('Full name', { error: 'Full name is required' })
      .trim()
      .min(1, 'Full name is required')
      .max(100, 'Full name must be at most 100 characters'),
    email: singleLine('Email', { error: 'Invalid email address' }).trim().email('Invalid email address').max(254, 'Invalid email address'),
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

export const ZForgotPassword = z
  .object({ email: singleLine('Email', { error: 'Invalid email address' }).trim().email('Invalid email address').max(254, 'Invalid email address') })
  .strict();
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

// Answers.
export const ZLogoutReply = ZOk;
export const ZResetReply = ZOk;
/** The same answer whether or not the address has an account; sandbox: the mail went to the sandbox inbox. */
export const ZForgotReply = z.object({ ok: z.literal(true), sandbox: z.boolean() });
