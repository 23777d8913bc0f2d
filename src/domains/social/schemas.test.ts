import { describe, expect, test } from 'bun:test';
import type { z } from 'zod';
import { SOCIAL_MESSAGES, ZCheckpoint, ZLinkedInDirect, ZSendLinkedIn, ZSendWhatsApp } from './schemas';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : r.error.issues[0]?.message;
};

// The required lines of the social forms: missing, empty and too long each answer the form's message.
describe('required lines', () => {
  test('missing or blank: the "required" message', () => {
    expect(messageOf(ZSendWhatsApp, {})).toBe(SOCIAL_MESSAGES.phoneRequired);
    expect(messageOf(ZSendWhatsApp, { phoneNumber: '   ' })).toBe(SOCIAL_MESSAGES.phoneRequired);
    expect(messageOf(ZSendLinkedIn, { linkedinId: '' })).toBe(SOCIAL_MESSAGES.linkedinRequired);
    expect(messageOf(ZLinkedInDirect, { password: 'x' })).toBe(SOCIAL_MESSAGES.username);
    expect(messageOf(ZCheckpoint, { profileId: 'p1', code: ' ' })).toBe(SOCIAL_MESSAGES.code);
  });

  test('too long: its own message where the form has one', () => {
    expect(messageOf(ZSendWhatsApp, { phoneNumber: '1'.repeat(41) })).toBe(SOCIAL_MESSAGES.phone);
    expect(messageOf(ZSendLinkedIn, { linkedinId: 'a'.repeat(501) })).toBe(SOCIAL_MESSAGES.linkedinRequired);
    expect(messageOf(ZCheckpoint, { profileId: 'p1', code: '1'.repeat(101) })).toBe(SOCIAL_MESSAGES.code);
  });

  test('accepted values are trimmed, line breaks become spaces', () => {
    expect(ZSendWhatsApp.parse({ phoneNumber: ' +33 6 12 ', message: 'hi' })).toEqual({ phoneNumber: '+33 6 12', message: 'hi' });
    expect(ZSendLinkedIn.parse({ linkedinId: 'ACo\nxyz' }).linkedinId).toBe('ACo xyz');
    expect(ZLinkedInDirect.parse({ username: ' me@example.com ', password: 'pw' }).username).toBe('me@example.com');
  });
});

test('the unknown-platform message names the messaging platforms of the channel catalogue, as its translations key it', () => {
  expect(SOCIAL_MESSAGES.platform).toBe('Unknown platform: choose linkedin, twitter, instagram, whatsapp, google, outlook or facebook');
});
