import { describe, expect, test } from 'bun:test';
import { phaseOf, percents } from './progress';
import {
  distributionRequest,
  effectiveSelection,
  emptySelection,
  kilobytes,
  matchesContact,
  matchesSocial,
  sendBlocker,
  showsSocial,
  toggle,
} from './selection';

describe('selection', () => {
  test('toggles on click', () => {
    expect(toggle(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggle(['a', 'b'], 'a')).toEqual(['b']);
  });

  test('Send Video needs a video, a platform and a recipient', () => {
    const base = { ...emptySelection(), platforms: ['email' as const], listIds: ['l1'] };
    expect(sendBlocker(null, base)).toBe('missingVideo');
    expect(sendBlocker('v1', { ...base, platforms: [] })).toBe('noPlatforms');
    expect(sendBlocker('v1', { ...base, listIds: [] })).toBe('noRecipients');
    expect(sendBlocker('v1', base)).toBeNull();
    expect(sendBlocker('v1', { ...base, listIds: [], socialContactIds: ['s'] })).toBeNull();
  });

  test('disconnected platforms drop out; social contacts count only with their platform', () => {
    const platformOf = (id: string) => ({ s1: 'linkedin', s2: 'whatsapp' })[id];
    const s = { ...emptySelection(), platforms: ['email' as const, 'linkedin' as const, 'whatsapp' as const], socialContactIds: ['s1', 's2', 'gone'] };
    const e = effectiveSelection(s, new Set(['linkedin']), platformOf);
    expect(e.platforms).toEqual(['email', 'linkedin']);
    expect(e.socialContactIds).toEqual(['s1']);
    expect(showsSocial(['email'])).toBe(false);
    expect(showsSocial(['email', 'linkedin'])).toBe(true);
  });

  test('contact search: case-insensitive substring on name, email, company, position', () => {
    const c = { name: 'Ada Lovelace', email: 'ada@engine.io', company: 'Analytical', position: 'Chief Programmer' };
    for (const q of ['ada', 'LOVE', 'engine.IO', 'analyt', 'programmer', '  ', '']) expect(matchesContact(c, q)).toBe(true);
    expect(matchesContact(c, 'babbage')).toBe(false);
    expect(matchesContact({ name: 'X', email: null }, 'y')).toBe(false);
  });

  test('social search: name, headline, profile URL, within the selected platforms', () => {
    const c = { name: 'Grace', headline: 'Rear Admiral', profileUrl: 'https://linkedin.com/in/grace', platform: 'linkedin' };
    expect(matchesSocial(c, 'admiral', ['linkedin'])).toBe(true);
    expect(matchesSocial(c, 'in/grace', ['linkedin'])).toBe(true);
    expect(matchesSocial(c, '', ['whatsapp'])).toBe(false);
    expect(matchesSocial(c, 'hopper', ['linkedin'])).toBe(false);
  });

  test('the request omits empty lists and an empty message', () => {
    expect(distributionRequest('v1', { ...emptySelection(), platforms: ['email'], listIds: ['l1'] }, '  ')).toEqual({
      videoId: 'v1',
      platforms: ['email'],
      listIds: ['l1'],
    });
    // No personalisation flag: a script with variables is always personalised by the server.
    expect(distributionRequest('v1', { contactIds: ['c'], listIds: [], socialContactIds: ['s'], platforms: ['linkedin'] }, 'Hi')).toEqual({
      videoId: 'v1',
      platforms: ['linkedin'],
      contactIds: ['c'],
      socialContactIds: ['s'],
      message: 'Hi',
    });
  });

  test('sizes', () => {
    expect(kilobytes(2048)).toBe(2);
    expect(kilobytes(1536)).toBe(1.5);
    expect(kilobytes(3)).toBe(0.1);
  });
});

describe('progress', () => {
  const p = (renders: [number, number, number], d: [number, number, number, number, number], done = false) => ({
    renders: { total: renders[0], done: renders[1], failed: renders[2] },
    deliveries: { total: d[0], sent: d[1], failed: d[2], deferred: d[3], pending: d[4] },
    done,
  });
  test('renders first, then deliveries, then completed', () => {
    expect(phaseOf(p([3, 1, 0], [3, 0, 0, 0, 3]))).toBe('rendering');
    expect(phaseOf(p([3, 2, 1], [3, 1, 0, 0, 2]))).toBe('sending');
    expect(phaseOf(p([0, 0, 0], [4, 1, 0, 0, 3]))).toBe('sending');
    expect(phaseOf(p([0, 0, 0], [4, 3, 1, 0, 0], true))).toBe('completed');
  });
  test('percentages of settled work', () => {
    expect(percents(p([4, 1, 1], [10, 2, 1, 2, 5]))).toEqual({ renders: 50, deliveries: 50 });
    expect(percents(p([0, 0, 0], [0, 0, 0, 0, 0], true))).toEqual({ renders: 100, deliveries: 100 });
  });
});
