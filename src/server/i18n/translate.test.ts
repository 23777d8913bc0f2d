import { describe, expect, test } from 'bun:test';
import { Glob } from 'bun';
import { readdir } from 'node:fs/promises';
import { RECIPIENT_LANGUAGES } from '../../shared/variables';
import { LANGUAGES } from '../../domains/settings/schemas';
import { fromAcceptLanguage, localeFor, SERVER_LOCALES, t, tHtml, translateJobWords, translateMessage } from './translate';
import { ACCOUNT_WORDS } from './words-account';
import { CONTENT_WORDS } from './words-content';
import { EMAIL_WORDS } from './words-email';
import { NOTICE_WORDS } from './words-notices';
import { PAGE_WORDS } from './words-pages';
import { PUBLISHING_WORDS } from './words-publishing';
import { SENDING_WORDS } from './words-sending';

const TABLES = { ACCOUNT_WORDS, CONTENT_WORDS, SENDING_WORDS, EMAIL_WORDS, PAGE_WORDS, NOTICE_WORDS, PUBLISHING_WORDS };
const ALL = Object.assign({}, ...Object.values(TABLES)) as Record<string, readonly [string, string]>;
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Every fixed English message the server throws or answers with, read from the source. */
async function serverMessages(): Promise<{ file: string; text: string }[]> {
  const out: { file: string; text: string }[] = [];
  const thrown = /(?:new AppError\('[A-Z_]+',\s*|invalidInput\(|notFound\(|limitExceeded\(|rateLimited\(|new CsvRefusal\(\d+,\s*|reason: )'((?:\\.|[^'\\])+)'/g;
  const constants = /export const [A-Z_]*MESSAGES\s*=\s*\{([\s\S]*?)\n\}/g;
  for await (const file of new Glob('src/{domains,server,shared,media}/**/*.ts').scan('.')) {
    if (file.endsWith('.test.ts') || file.includes('/fixtures/') || file.includes('/i18n/')) continue;
    const src = await Bun.file(file).text();
    for (const m of src.matchAll(thrown)) out.push({ file, text: m[1]! });
    // A sentence an e-mail or a page says through the catalogue: `t(locale, '…')`, `tHtml(lang, '…')`.
    for (const m of src.matchAll(/\bt(?:Html)?\(\w+,\s*'((?:\\.|[^'\\])+)'/g)) out.push({ file, text: m[1]!.replace(/\\'/g, "'") });
    for (const block of src.matchAll(constants))
      for (const v of block[1]!.matchAll(/:\s*'((?:\\.|[^'\\])+)'/g)) out.push({ file, text: v[1]!.replace(/\\'/g, "'") });
  }
  return out;
}

describe('server words (decision 223)', () => {
  test('every fixed message the server writes for a person has its French and Spanish', async () => {
    const messages = await serverMessages();
    expect(messages.length).toBeGreaterThan(150);
    // Codes that share the `reason:` key but are no sentence: a limit's name.
    const codes = new Set(['storage']);
    const missing = messages.filter((m) => !codes.has(m.text) && (translateMessage(m.text, 'fr') === m.text || translateMessage(m.text, 'es') === m.text));
    expect(missing.map((m) => `${m.file}: ${m.text}`)).toEqual([]);
  });

  test('no sentence is in two tables (the later one would silently win)', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [table, words] of Object.entries(TABLES))
      for (const en of Object.keys(words)) {
        if (seen.has(en)) twice.push(`${en}: ${seen.get(en)} and ${table}`);
        seen.set(en, table);
      }
    expect(twice).toEqual([]);
  });

  test('the server speaks the languages the screens have full tables for; the others read English on both', async () => {
    // locales/<lang>/index.ts: a full table, or `withFallback(en, …)` (a few keys, English for the rest).
    const dirs = (await readdir('locales', { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);
    const full: string[] = [];
    for (const lang of dirs) if (!(await Bun.file(`locales/${lang}/index.ts`).text()).includes('withFallback(')) full.push(lang);
    expect(full.sort()).toEqual([...SERVER_LOCALES].sort());
    expect([...RECIPIENT_LANGUAGES].sort()).toEqual([...SERVER_LOCALES].sort());
    // Every language a user may pick is a screen language; one the server has no table for is English, as its screens mostly are.
    expect(dirs.sort()).toEqual([...LANGUAGES].sort());
    for (const lang of LANGUAGES.filter((l) => !full.includes(l))) expect(localeFor({ settings: { language: lang } })).toBe('en');
  });

  test('a page sentence: escaped with its params, its markup put in as built', () => {
    expect(tHtml('fr', 'Stop receiving videos from {sender}?', { sender: '<b>A&B</b>' })).toBe(
      'Ne plus recevoir de vidéos de &#60;b&#62;A&#38;B&#60;/b&#62; ?',
    );
    expect(
      tHtml(
        'es',
        'Allowing creates a sandbox connection for {user}; messages sent through it land in your {inbox}.',
        { user: 'ana' },
        { inbox: '<a href="/x">x</a>' },
      ),
    ).toBe('Al permitirlo se crea una conexión de prueba para ana; los mensajes enviados por ella llegan a tu <a href="/x">x</a>.');
  });

  test('each translation keeps the placeholders of its English', () => {
    for (const [en, [fr, es]] of Object.entries(ALL)) {
      expect({ en, fr: placeholders(fr) }).toEqual({ en, fr: placeholders(en) });
      expect({ en, es: placeholders(es) }).toEqual({ en, es: placeholders(en) });
    }
  });

  test('a built sentence is recognised and its parts translated; English and unknown text stay as they are', () => {
    expect(translateMessage('Invalid username or password', 'en')).toBe('Invalid username or password');
    expect(translateMessage('Duplicate email: ada@example.com is already in the list', 'es')).toBe('Correo duplicado: ada@example.com ya está en la lista');
    expect(translateMessage('You have used the 10 videos of your Basic plan this month. Upgrade to Pro for 100 a month.', 'fr')).toBe(
      'Vous avez utilisé les 10 vidéos de votre forfait Basic ce mois-ci. Passez à Pro pour 100 par mois.',
    );
    expect(translateMessage('Disconnection failed: the messaging service is unavailable, please try again', 'fr')).toBe(
      'Échec de la déconnexion : le service de messagerie est indisponible, réessayez',
    );
    expect(translateMessage('Something nobody wrote down', 'fr')).toBe('Something nobody wrote down');
    expect(t('es', 'Hello {name},', { name: 'Ana' })).toBe('Hola, Ana:');
  });

  test("the caller's language: the user's setting, else Accept-Language (by weight), else English", () => {
    const req = (h: string) => new Request('http://x/', { headers: { 'accept-language': h } });
    expect(localeFor({ settings: { language: 'fr' } }, req('es'))).toBe('fr');
    expect(localeFor({ settings: { language: 'de' } }, req('es'))).toBe('en');
    expect(localeFor(null, req('de-DE, es;q=0.8, fr;q=0.9'))).toBe('fr');
    expect(localeFor(null, req('de'))).toBe('en');
    expect(fromAcceptLanguage('es-MX')).toBe('es');
    expect(localeFor(null, null)).toBe('en');
  });

  test("job-written lines of an answer are read in the reader's language; the user's own text is not touched", () => {
    const answer = {
      items: [
        { id: 'v1', title: 'Video not found', status: 'error', errorMessage: 'The render stopped unexpectedly. Please try again.' },
        { id: 'v2', recipients: [{ error: 'No e-mail address', message: 'Unknown platform' }] },
      ],
      at: new Date(0),
    };
    const fr = translateJobWords(answer, 'fr');
    expect(fr.items[0]).toEqual({ id: 'v1', title: 'Video not found', status: 'error', errorMessage: 'Le rendu s’est arrêté de façon inattendue. Réessayez.' });
    expect(fr.items[1]!.recipients![0]).toEqual({ error: 'Pas d’adresse e-mail', message: 'Unknown platform' });
    expect(fr.at).toBe(answer.at);
    expect(translateJobWords(answer, 'en')).toBe(answer);
  });
});
