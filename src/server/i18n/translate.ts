import { CATALOG_ES, CATALOG_FR } from './words';

/**
 * The server's words in the caller's language (docs/decisions/223). The English sentence is the key:
 * services keep throwing `AppError(code, 'English text')` and the spec's English stays verbatim; the
 * transports (tRPC's error formatter, the REST answers), the e-mails and the job results translate it
 * with one catalogue per language. A catalogue entry may hold `{name}` placeholders: `t()` fills them
 * in for new text, `translateMessage()` recognises an already-built English sentence (a stored job
 * result, a CSV skip reason, a message composed from parts) and translates its parts too.
 */
export const SERVER_LOCALES = ['en', 'fr', 'es'] as const;
export type ServerLocale = (typeof SERVER_LOCALES)[number];
export type Catalog = Readonly<Record<string, string>>;

const CATALOGS: Record<Exclude<ServerLocale, 'en'>, Catalog> = { fr: CATALOG_FR, es: CATALOG_ES };

/** Any language code (a user's setting, an Accept-Language tag) → a language the server speaks; English otherwise. */
export function serverLocale(code: string | null | undefined): ServerLocale {
  const base = (code ?? '').trim().toLowerCase().slice(0, 2);
  return (SERVER_LOCALES as readonly string[]).includes(base) ? (base as ServerLocale) : 'en';
}

/** The first language of an Accept-Language header the server speaks (by q order), else null. */
export function fromAcceptLanguage(header: string | null | undefined): ServerLocale | null {
  if (!header) return null;
  const tags = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((x) => x.tag && x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of tags) {
    const base = tag.toLowerCase().slice(0, 2);
    if ((SERVER_LOCALES as readonly string[]).includes(base)) return base as ServerLocale;
  }
  return null;
}

/** The caller's language: the signed-in user's setting, else the request's Accept-Language, else English. */
export function localeFor(user: { settings?: { language?: string } } | null | undefined, request?: Request | null): ServerLocale {
  const saved = user?.settings?.language;
  if (saved) return serverLocale(saved);
  return fromAcceptLanguage(request?.headers.get('accept-language')) ?? 'en';
}

const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

/** A catalogue sentence in `locale`, its `{placeholders}` filled in. */
export function t(locale: ServerLocale, template: string, params: Record<string, string | number> = {}): string {
  const target = locale === 'en' ? template : (CATALOGS[locale][template] ?? template);
  return fill(target, params);
}

type Pattern = { re: RegExp; names: string[]; template: string };
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The placeholder entries as regular expressions, the most literal text first (the most specific match wins). */
function compile(catalog: Catalog): Pattern[] {
  const out: Pattern[] = [];
  for (const template of Object.keys(catalog)) {
    if (!/\{\w+\}/.test(template)) continue;
    const names: string[] = [];
    const source = template
      .split(/(\{\w+\})/)
      .map((part) => {
        const m = /^\{(\w+)\}$/.exec(part);
        if (!m) return escapeRe(part);
        names.push(m[1]!);
        return '([\\s\\S]*?)';
      })
      .join('');
    out.push({ re: new RegExp(`^${source}$`), names, template });
  }
  const literal = (p: Pattern) => p.template.replace(/\{\w+\}/g, '').length;
  return out.sort((a, b) => literal(b) - literal(a));
}

const patterns = new Map<ServerLocale, Pattern[]>();
const patternsOf = (locale: Exclude<ServerLocale, 'en'>) => {
  let p = patterns.get(locale);
  if (!p) {
    p = compile(CATALOGS[locale]);
    patterns.set(locale, p);
  }
  return p;
};

/**
 * An English message (as an AppError, a job or a CSV row carries it) in `locale`: an exact entry,
 * else the most specific placeholder entry it matches, whose parts are translated in turn (a
 * "Row 4: Duplicate email…" reason, a "{what}: the service is unavailable" prefix). Unknown text stays as it is.
 */
export function translateMessage(message: string, locale: ServerLocale, depth = 0): string {
  if (locale === 'en' || !message) return message;
  const catalog = CATALOGS[locale];
  const exact = catalog[message];
  if (exact !== undefined) return exact;
  if (depth > 3) return message;
  for (const p of patternsOf(locale)) {
    const m = p.re.exec(message);
    if (!m) continue;
    const params: Record<string, string> = {};
    p.names.forEach((name, i) => {
      params[name] = translateMessage(m[i + 1] ?? '', locale, depth + 1);
    });
    return fill(catalog[p.template]!, params);
  }
  return message;
}

/** The fields of an answer that hold what a job or the server wrote for a person (a render's failure, a recipient's error). */
const JOB_FIELDS = new Set(['error', 'errorMessage']);

/**
 * An answer with its job-written lines (`error`, `errorMessage`, at any depth) in `locale`: they are
 * stored in English when the job ran and read later, in the reader's language. Other fields are the
 * user's own text and stay as they are.
 */
export function translateJobWords<T>(value: T, locale: ServerLocale, depth = 0): T {
  if (locale === 'en' || depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => translateJobWords(v, locale, depth + 1)) as T;
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>))
    out[k] = JOB_FIELDS.has(k) && typeof v === 'string' ? translateMessage(v, locale) : translateJobWords(v, locale, depth + 1);
  return out as T;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A catalogue sentence for an HTML page, in `locale`: the sentence and its `{params}` escaped, its
 * `{markup}` (a link, a <strong>, built and escaped by the page) put in as it is.
 */
export function tHtml(locale: ServerLocale, template: string, params: Record<string, string | number> = {}, markup: Record<string, string> = {}): string {
  const escaped = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, escapeHtml(String(v))]));
  return fill(escapeHtml(t(locale, template)), { ...escaped, ...markup });
}

/**
 * An e-mail to a person in their language: paragraphs of catalogue sentences (their `{params}`
 * filled in, escaped in the HTML), and one link with its button text.
 */
export function emailBody(
  locale: ServerLocale,
  parts: { greeting: [string, Record<string, string>?]; before: [string, Record<string, string>?][]; link: string; button: string; after?: string },
) {
  const line = ([s, p = {}]: [string, Record<string, string>?], html: boolean) =>
    t(locale, s, html ? Object.fromEntries(Object.entries(p).map(([k, v]) => [k, escapeHtml(v)])) : p);
  const greeting = parts.greeting;
  const after = parts.after ? t(locale, parts.after) : null;
  const text = [line(greeting, false), ...parts.before.map((b) => line(b, false)), parts.link, ...(after ? [after] : [])].join('\n\n');
  const html = [
    `<p>${line(greeting, true)}</p>`,
    ...parts.before.map((b) => `<p>${line(b, true)}</p>`),
    `<p><a href="${escapeHtml(parts.link)}">${escapeHtml(t(locale, parts.button))}</a></p>`,
    ...(after ? [`<p>${escapeHtml(after)}</p>`] : []),
  ].join('');
  return { text: `${text}\n`, html };
}
