import type { Language } from '../../settings/schemas';

/** One template's words in one language: placeholders ({first_name}…) stay as in English. */
export type TemplateWords = {
  name: string;
  description: string;
  script: string;
  /** Default values of the template's text variables, by variable name. */
  defaults: Record<string, string>;
};

/** The catalogue's user-facing words in one language other than English (English is the catalogue itself). */
export type CatalogueWords = {
  /** Variable labels, by variable name (first_name, company, our_company, …, avatar, voice). */
  labels: Record<string, string>;
  /** "<template name> background", as the backgrounds list names a template's background: `{name}` is the template's name. */
  background: string;
  templates: Record<string, TemplateWords>;
};

export type TranslatedLanguage = Exclude<Language, 'en'>;
