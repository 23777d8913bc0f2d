import { useI18nContext } from '@locales/i18n-react';
import type { TranslationFunctions } from '@locales/i18n-types';
import { PAYMENT_MESSAGES } from '@/domains/billing/schemas';
import { BRAND_COLOR_MESSAGE } from '@/shared/brand';
import { EMAIL_MESSAGES } from '@/domains/auth/schemas';
import { INVITE_LIMIT_MESSAGES, INVITE_UNVERIFIED } from '@/domains/workspaces/schemas';
import { PICTURE_TOO_LARGE, PICTURE_UNREADABLE } from '@/shared/pictures';

// The shared schemas carry the spec's English messages; show them in the user's language.
const KNOWN: Record<string, keyof TranslationFunctions['validation']> = {
  'Email is required': 'emailRequired',
  'Password is required': 'passwordRequired',
  'Full name is required': 'fullNameRequired',
  'Invalid email address': 'invalidEmail',
  'Username must be at least 3 characters': 'usernameMin',
  'Password must be at least 8 characters': 'passwordMin',
  'Current password is required': 'currentPasswordRequired',
  'Passwords do not match': 'passwordsDontMatch',
  'Username may only contain letters, numbers, dots, dashes and underscores': 'usernameChars',
  [BRAND_COLOR_MESSAGE]: 'brandColor',
  'Enter the 6-digit code from your app or a recovery code': 'twoFactorCode',
  'Enter the 6-digit code from your app': 'twoFactorAppCode',
  'Invalid code': 'invalidCode',
  'Password or code is incorrect': 'passwordOrCodeIncorrect',
  'This sign-in has expired. Please sign in again.': 'signInExpired',
  [INVITE_LIMIT_MESSAGES.again]: 'inviteAgainSoon',
  [INVITE_LIMIT_MESSAGES.daily]: 'inviteDailyLimit',
  [INVITE_UNVERIFIED]: 'inviteUnverified',
  [EMAIL_MESSAGES.invalidLink]: 'emailLinkInvalid',
  [EMAIL_MESSAGES.alreadyVerified]: 'emailAlreadyConfirmed',
  [EMAIL_MESSAGES.passwordRequired]: 'emailChangeNeedsPassword',
  [EMAIL_MESSAGES.tooMany]: 'emailTooMany',
  'Current password is incorrect': 'currentPasswordIncorrect',
  [PAYMENT_MESSAGES.number]: 'cardNumber',
  [PAYMENT_MESSAGES.expiry]: 'cardExpiry',
  [PAYMENT_MESSAGES.expired]: 'cardExpired',
  [PAYMENT_MESSAGES.cvc]: 'cardCvc',
  [PAYMENT_MESSAGES.name]: 'cardName',
  [PICTURE_TOO_LARGE]: 'pictureTooLarge',
  [PICTURE_UNREADABLE]: 'pictureUnreadable',
};

export function useTranslateMessage() {
  const { LL } = useI18nContext();
  return (message: string | undefined) => {
    if (!message) return undefined;
    const key = Object.hasOwn(KNOWN, message) ? KNOWN[message] : undefined;
    return key ? LL.validation[key]() : message;
  };
}
