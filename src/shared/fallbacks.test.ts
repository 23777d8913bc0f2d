import { describe, expect, test } from 'bun:test';
import { occurrencesOf, withOccurrenceFallback } from './occurrences';
import { defaultFallbacks, fallbacksFor, fillText, recipientLanguage, resolveText } from './variables';

// Fallbacks per placeholder and per language (decision 226): each case renders as written.

const none = {};
const ada = { first_name: 'Ada', company: 'Acme' };

describe('per-occurrence fallbacks', () => {
  test('an occurrence without a fallback of its own takes the video’s; one with words says them', () => {
    const fb = fallbacksFor(null, 'en');
    expect(fillText('Hi {first_name}, thanks, {first_name|friend}, talk soon!', none, fb)).toBe('Hi there, thanks, friend, talk soon!');
    expect(fillText('Hi {first_name}, thanks, {first_name|friend}, talk soon!', ada, fb)).toBe('Hi Ada, thanks, Ada, talk soon!');
  });

  test('a dropped word leaves clean commas, spaces and capitals', () => {
    const fb = fallbacksFor(null, 'en');
    const cases: [string, string][] = [
      ['Thanks, {first_name|}, talk soon!', 'Thanks, talk soon!'],
      ['Hi {first_name}! Thanks, {first_name|}, talk soon.', 'Hi there! Thanks, talk soon.'],
      ['Hi {first_name|}, welcome aboard.', 'Hi, welcome aboard.'],
      ['Thanks, {first_name|}!', 'Thanks!'],
      ['Thanks {first_name|}.', 'Thanks.'],
      ['{first_name|}, here is your video.', 'Here is your video.'],
      ['Great call. {first_name|}, here is more.', 'Great call. Here is more.'],
      ['Hi {first_name|} {last_name|}, hello', 'Hi, hello'],
      ['Line one\n{first_name|}, line two', 'Line one\nLine two'],
    ];
    for (const [text, out] of cases) expect(fillText(text, none, fb)).toBe(out);
    // With a value, nothing is dropped.
    expect(fillText('Thanks, {first_name|}, talk soon!', ada, fb)).toBe('Thanks, Ada, talk soon!');
  });

  test('a dropped word is not missing; a variable with no value and no fallback is, and is left out cleanly', () => {
    const dropped = resolveText('Thanks, {first_name|}, talk soon', none, {});
    expect(dropped).toMatchObject({ text: 'Thanks, talk soon', missing: [] });
    const gap = resolveText('Thanks, {industry}, talk soon', none, {});
    expect(gap).toMatchObject({ text: 'Thanks, talk soon', missing: ['industry'] });
  });
});

describe('default fallbacks in the video’s language', () => {
  test('English and French defaults render as written', () => {
    expect(fillText('Hi {first_name}, welcome to {company}.', none, fallbacksFor(null, 'en'))).toBe('Hi there, welcome to your team.');
    expect(fillText('Bonjour {first_name}, bienvenue chez {company}.', none, fallbacksFor(null, 'fr'))).toBe('Bonjour à vous, bienvenue chez votre équipe.');
    expect(fillText('Merci, {first_name|}, à bientôt !', none, fallbacksFor(null, 'fr'))).toBe('Merci, à bientôt!');
    expect(fillText('Hola {first_name}.', none, fallbacksFor(null, 'es'))).toBe('Hola a ti.');
  });

  test('a stored fallback wins over the language’s; unknown languages are English', () => {
    expect(fallbacksFor({ first_name: 'l’ami' }, 'fr').first_name).toBe('l’ami');
    expect(fallbacksFor({ first_name: null }, 'fr').first_name).toBeNull();
    expect(defaultFallbacks('de')).toEqual(defaultFallbacks('en'));
    expect(recipientLanguage('FR-ca')).toBe('fr');
    expect(recipientLanguage('xx')).toBe('en');
    expect(recipientLanguage(null)).toBe('en');
  });
});

describe('the wizard’s occurrence editor writes the placeholder', () => {
  const script = 'Hi {first_name}! Thanks, {first_name}, talk soon. {company|your team} rocks.';

  test('lists each occurrence with its words around and its fallback', () => {
    const list = occurrencesOf(script);
    expect(list.map((o) => [o.name, o.fallback])).toEqual([
      ['first_name', { kind: 'default' }],
      ['first_name', { kind: 'default' }],
      ['company', { kind: 'text', text: 'your team' }],
    ]);
    expect(list[1]?.before.endsWith('Thanks, ')).toBe(true);
    expect(list[1]?.after.startsWith(', talk')).toBe(true);
  });

  test('sets one occurrence: drop, words (braces and bars removed), back to the default', () => {
    const dropped = withOccurrenceFallback(script, 1, { kind: 'drop' });
    expect(dropped).toBe('Hi {first_name}! Thanks, {first_name|}, talk soon. {company|your team} rocks.');
    expect(fillText(dropped, none, fallbacksFor(null, 'en'))).toBe('Hi there! Thanks, talk soon. your team rocks.');
    expect(withOccurrenceFallback(script, 0, { kind: 'text', text: 'my {friend}|' })).toStartWith('Hi {first_name|my friend}!');
    expect(withOccurrenceFallback(script, 2, { kind: 'default' })).toEndWith('{company} rocks.');
    expect(withOccurrenceFallback(script, 9, { kind: 'drop' })).toBe(script);
  });
});
