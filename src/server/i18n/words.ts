import { ACCOUNT_WORDS } from './words-account';
import { CONTENT_WORDS } from './words-content';
import { EMAIL_WORDS } from './words-email';
import { NOTICE_WORDS } from './words-notices';
import { PAGE_WORDS } from './words-pages';
import { PUBLISHING_WORDS } from './words-publishing';
import { SENDING_WORDS } from './words-sending';

/** English sentence (with `{placeholders}`) → its French and Spanish. */
export type Words = Readonly<Record<string, readonly [fr: string, es: string]>>;

const ALL: Words = { ...ACCOUNT_WORDS, ...CONTENT_WORDS, ...SENDING_WORDS, ...EMAIL_WORDS, ...PAGE_WORDS, ...NOTICE_WORDS, ...PUBLISHING_WORDS };
const column = (i: 0 | 1) => Object.fromEntries(Object.entries(ALL).map(([en, pair]) => [en, pair[i]]));

export const CATALOG_FR: Readonly<Record<string, string>> = column(0);
export const CATALOG_ES: Readonly<Record<string, string>> = column(1);
