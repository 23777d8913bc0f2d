import { z } from 'zod';
import { ZPage } from '../../shared/paging';
import { fieldKey, RECIPIENT_LANGUAGES, type RecipientLanguage } from '../../shared/variables';
import { ZTimestamp } from '../../shared/reply-schemas';
import { id, multiLine, singleLine, singleLineProblem, toSingleLine } from '../../shared/zod-text';

export const CONTACT_MESSAGES = {
  listName: 'List name is required',
  nameOrEmail: 'Name or email is required',
  email: 'Invalid email address',
  phone: 'Valid phone number is required',
  linkedin: 'LinkedIn URL must start with http:// or https://',
  noFile: 'No file selected: Please select a CSV file to upload',
  notCsv: 'The file is not a CSV text file: please export your contacts as CSV (UTF-8)',
  notUtf8: 'The file is not UTF-8 text: please save it as "CSV UTF-8" and import it again',
  tooLarge: 'CSV file must be 20MB or smaller',
  tooManyRows: 'Too many rows: a CSV import holds at most 50,000 contacts',
  tooManyLines: 'Too many lines: a CSV file may have at most 100,000 lines',
  noColumns: 'No usable columns: the first row must name the columns (for example name, email, company, position, phone)',
  empty: 'The CSV file has no contacts',
  language: 'Language must be en, fr or es',
} as const;

export const MAX_IMPORT_ROWS = 50_000;
/** Checked on the raw bytes before any parsing (blank lines and quoted line breaks count). */
export const MAX_IMPORT_LINES = 100_000;
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
export const MAX_IMPORT_ERRORS = 1_000;
export const PHONE_MIN_LENGTH = 10;

const LIMITS = { name: 200, firstName: 100, lastName: 100, email: 254, company: 200, position: 200, linkedinUrl: 500, phoneNumber: 40, language: 20 } as const;
export type ContactField = keyof typeof LIMITS;
export const CONTACT_FIELDS = Object.keys(LIMITS) as ContactField[];

const EMAIL_RE = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export type ContactValues = {
  name: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  company: string | null;
  position: string | null;
  linkedinUrl: string | null;
  phoneNumber: string | null;
  /** The language their e-mail and landing page are written in; null: the video's. */
  language: RecipientLanguage | null;
  /** Custom columns by normalised name (`industry`, `background_url`): variables in scripts. */
  fields: Record<string, string>;
};

/** Custom columns: at most this many per contact, names and values capped. */
export const MAX_CUSTOM_FIELDS = 30;
const FIELD_VALUE_MAX = 2000;

/** Normalised custom fields: blank values dropped; names that are no usable variable name ignored. */
export function checkFields(raw: Record<string, unknown> | null | undefined): { ok: true; value: Record<string, string> } | { ok: false; reason: string } {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw ?? {})) {
    const key = fieldKey(k);
    const text = typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
    if (!key || !text) continue;
    if (text.length > FIELD_VALUE_MAX) return { ok: false, reason: `${k} must be at most ${FIELD_VALUE_MAX} characters` };
    out[key] = text;
  }
  if (Object.keys(out).length > MAX_CUSTOM_FIELDS) return { ok: false, reason: `A contact holds at most ${MAX_CUSTOM_FIELDS} custom columns` };
  return { ok: true, value: out };
}

const LABELS: Record<ContactField, string> = {
  name: 'Name',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  company: 'Company',
  position: 'Position',
  linkedinUrl: 'LinkedIn URL',
  phoneNumber: 'Phone number',
  language: 'Language',
};

// A language cell as people write it ("fr", "fr-CA", "French", "Français", "espagnol"): its code.
const LANGUAGE_NAMES: Record<string, RecipientLanguage> = {
  english: 'en',
  anglais: 'en',
  ingles: 'en',
  french: 'fr',
  francais: 'fr',
  frances: 'fr',
  spanish: 'es',
  espanol: 'es',
  espagnol: 'es',
  castellano: 'es',
};

/** The code of a language cell; undefined when it names no language the product writes in. */
export function contactLanguage(text: string): RecipientLanguage | undefined {
  const t = text
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  const code = /^([a-z]{2})(?:[-_][a-z]{2,4})?$/.exec(t)?.[1];
  if (code) return (RECIPIENT_LANGUAGES as readonly string[]).includes(code) ? (code as RecipientLanguage) : undefined;
  return LANGUAGE_NAMES[t];
}

function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
}

/**
 * The one rule set for a contact, used by the create form's schema and by every CSV row:
 * blanks are absent, a name comes from first + last name when missing, and the first
 * broken rule is the answer (the spec's messages).
 */
export function checkContact(
  raw: Partial<Record<ContactField, string | null | undefined>> & { fields?: Record<string, unknown> | null },
): { ok: true; value: ContactValues } | { ok: false; reason: string } {
  const v = {} as Record<ContactField, string | null>;
  for (const f of CONTACT_FIELDS) {
    const s = raw[f];
    // CSV cells reach this rule without zod: the single-line rule of every text field, here too.
    const problem = typeof s === 'string' ? singleLineProblem(s, LABELS[f]) : null;
    if (problem) return { ok: false, reason: problem };
    const t = typeof s === 'string' ? toSingleLine(s).trim() : '';
    if (t.length > LIMITS[f]) return { ok: false, reason: `${LABELS[f]} must be at most ${LIMITS[f]} characters` };
    v[f] = t === '' ? null : t;
  }
  const name = v.name ?? ([v.firstName, v.lastName].filter(Boolean).join(' ') || null);
  if (!name && !v.email) return { ok: false, reason: CONTACT_MESSAGES.nameOrEmail };
  if (v.email && !EMAIL_RE.test(v.email)) return { ok: false, reason: CONTACT_MESSAGES.email };
  if (v.phoneNumber && (v.phoneNumber.length < PHONE_MIN_LENGTH || !/^[+0-9()\s.\-/]+$/.test(v.phoneNumber) || phoneKey(v.phoneNumber).length < 6))
    return { ok: false, reason: CONTACT_MESSAGES.phone };
  if (v.linkedinUrl && !isHttpUrl(v.linkedinUrl)) return { ok: false, reason: CONTACT_MESSAGES.linkedin };
  const language = v.language ? contactLanguage(v.language) : null;
  if (language === undefined) return { ok: false, reason: CONTACT_MESSAGES.language };
  const fields = checkFields(raw.fields);
  if (!fields.ok) return fields;
  return {
    ok: true,
    value: {
      name: (name ?? v.email!.split('@')[0]).slice(0, LIMITS.name),
      firstName: v.firstName,
      lastName: v.lastName,
      email: v.email,
      company: v.company,
      position: v.position,
      linkedinUrl: v.linkedinUrl,
      phoneNumber: v.phoneNumber,
      language,
      fields: fields.value,
    },
  };
}

/** Duplicate keys, the same normalisation as the table's unique indexes. */
export const emailKey = (email: string) => email.toLowerCase();
export const phoneKey = (phone: string) => phone.replace(/[^0-9]/g, '');

const field = (f: ContactField) => singleLine(LABELS[f], { error: 'Invalid value' }).nullable().optional();

export const ZContactInput = z
  .object({
    name: field('name'),
    firstName: field('firstName'),
    lastName: field('lastName'),
    email: field('email'),
    company: field('company'),
    position: field('position'),
    linkedinUrl: field('linkedinUrl'),
    phoneNumber: field('phoneNumber'),
    language: field('language').describe("en, fr or es (or the language's name): their e-mail and landing page; else the video's language"),
    /** Custom columns (`{ "industry": "Retail" }`): `{industry}` in a script. */
    fields: z
      .record(singleLine('Field name').max(100), z.union([singleLine('Field value'), z.number()]), { error: 'fields must be an object of text values' })
      .nullable()
      .optional(),
  })
  .strict()
  .transform((raw, ctx) => {
    const r = checkContact(raw);
    if (!r.ok) {
      ctx.addIssue({ code: 'custom', message: r.reason });
      return z.NEVER;
    }
    return r.value;
  });
export type TContactInput = z.input<typeof ZContactInput>;

/** A contact's language, set by hand (null: the video's language). */
export const ZContactLanguage = z.object({ id: id(), language: z.enum(RECIPIENT_LANGUAGES, { message: CONTACT_MESSAGES.language }).nullable() }).strict();
export type TContactLanguage = z.infer<typeof ZContactLanguage>;

const listName = singleLine('List name', { error: CONTACT_MESSAGES.listName })
  .trim()
  .min(1, CONTACT_MESSAGES.listName)
  .max(120, 'List name must be at most 120 characters');
const listDescription = multiLine('Description', { error: 'Invalid description' })
  .trim()
  .max(1000, 'Description must be at most 1000 characters')
  .nullable()
  .optional()
  .transform((v) => (v === '' ? null : v));

export const ZCreateList = z.object({ name: listName, description: listDescription }).strict();
export type TCreateList = z.infer<typeof ZCreateList>;
export const ZUpdateList = z.object({ name: listName.optional(), description: listDescription }).strict();
export type TUpdateList = z.infer<typeof ZUpdateList>;

/** One page of a list's contacts (limit, cursor), searched by the server. */
export const ZListContactsQuery = ZPage.extend({ search: singleLine('Search').trim().max(200).optional() }).strict();
export type TListContactsQuery = z.infer<typeof ZListContactsQuery>;

export const ZId = z.object({ id: id() }).strict();

// Answers.
export const ZContactList = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  contactCount: z.number().int(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export const ZContact = z.object({
  id: z.string(),
  listId: z.string(),
  name: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  position: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  language: z.enum(RECIPIENT_LANGUAGES).nullable(),
  unsubscribed: z.boolean(),
  fields: z.record(z.string(), z.string()).describe("the CSV import's extra columns, usable as {variables}"),
  createdAt: ZTimestamp,
});
export const IMPORT_MAPPING_MESSAGES = {
  unknown: 'Unknown column choice: {choice}',
  twice: 'Each field can be chosen for one column only: {field}',
} as const;
const TARGETS = [...CONTACT_FIELDS, 'custom', 'ignore'] as const;
/**
 * POST /api/contact-lists/{id}/import's query: `columns`, what each column of the file becomes, in
 * order and comma-separated (a contact field, `custom` for a variable under the header's name, or
 * `ignore`), as chosen in the import dialog. Absent: recognised from the header (en, fr, es).
 */
export const ZImportQuery = z
  .object({
    columns: singleLine('columns')
      .max(4000)
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v.trim() === '') return undefined;
        const list = v.split(',').map((s) => s.trim());
        const seen = new Set<string>();
        for (const c of list) {
          if (!(TARGETS as readonly string[]).includes(c)) {
            ctx.addIssue({ code: 'custom', message: IMPORT_MAPPING_MESSAGES.unknown.replace('{choice}', c.slice(0, 40)) });
            return z.NEVER;
          }
          if (c !== 'custom' && c !== 'ignore' && seen.has(c)) {
            ctx.addIssue({ code: 'custom', message: IMPORT_MAPPING_MESSAGES.twice.replace('{field}', c) });
            return z.NEVER;
          }
          seen.add(c);
        }
        return list as (typeof TARGETS)[number][];
      })
      .describe('what each column becomes, comma-separated: name, firstName, lastName, email, company, position, linkedinUrl, phoneNumber, custom or ignore'),
  })
  .strict();

/** POST /api/contact-lists/{id}/import's report. */
export const ZImportResult = z.object({
  imported: z.number().int(),
  skipped: z.number().int(),
  /** One entry per skipped row (the file's line number), capped at MAX_IMPORT_ERRORS. */
  errors: z.array(z.object({ row: z.number().int(), reason: z.string() })),
  /** Every skipped row, even past the cap. */
  errorCount: z.number().int(),
  errorsTruncated: z.boolean(),
  totalRows: z.number().int(),
});
export type TImportResult = z.infer<typeof ZImportResult>;
