import { expect, test } from 'bun:test';
import { activePlatforms, newlyActive, parseProviders, popupFeatures, profileNames } from './platforms';
import { i18nObject } from '@locales/i18n-util';
import { loadLocale } from '@locales/i18n-util.sync';
import { connectPlatformsHref } from '@/web/components/social/connect-social-dialog';

test('providers: a comma list of known platforms, trimmed, lower-cased, without repeats', () => {
  expect(parseProviders('linkedin, Twitter,foo,,linkedin,whatsapp')).toEqual(['linkedin', 'twitter', 'whatsapp']);
  expect(parseProviders('')).toEqual([]);
  expect(parseProviders(undefined)).toEqual([]);
  expect(parseProviders(['linkedin'])).toEqual([]);
});

test('popups are centred at the asked size', () => {
  expect(popupFeatures(600, 700, { width: 1600, height: 1000, left: 0, top: 0 })).toBe('popup=yes,width=600,height=700,left=500,top=150');
  expect(popupFeatures(600, 600, { width: 400, height: 400, left: 10, top: 20 })).toBe('popup=yes,width=600,height=600,left=0,top=0');
});

test('connected platforms and connections that just completed', () => {
  const before = [
    { id: 'a', platform: 'linkedin', status: 'active' },
    { id: 'b', platform: 'whatsapp', status: 'pending' },
  ];
  const after = [
    ...before.slice(0, 1),
    { id: 'b', platform: 'whatsapp', status: 'active' },
    { id: 'c', platform: 'twitter', status: 'active' },
    { id: 'd', platform: 'google', status: 'error' },
  ];
  expect([...activePlatforms(after)].sort()).toEqual(['linkedin', 'twitter', 'whatsapp']);
  expect(newlyActive(before, after).map((p) => p.id)).toEqual(['b', 'c']);
  expect(activePlatforms(undefined).size).toBe(0);
});

test('the OAuth tab links to /connect-platforms with every provider and the current page', () => {
  expect(connectPlatformsHref('http://localhost:3210/create-video')).toBe(
    '/connect-platforms?providers=linkedin,twitter,instagram,whatsapp,google,outlook&redirect_uri=http%3A%2F%2Flocalhost%3A3210%2Fcreate-video',
  );
});

test("a connection's toast names each new profile with its platform, in the user's language", () => {
  loadLocale('en');
  const LL = i18nObject('en');
  expect(
    profileNames(LL, [
      { profileName: 'Jane', platform: 'linkedin' },
      { profileName: 'Acme', platform: 'martian' },
    ]),
  ).toBe('Jane (LinkedIn), Acme (martian)');
  expect(profileNames(LL, [])).toBe('');
});
