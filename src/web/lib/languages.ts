import type { Locales } from '@locales/i18n-types';

// The selector lists every language the settings accept (spec part 1 §4), by its own name.
export const LANGUAGE_OPTIONS: { code: Locales; label: string }[] = [
  { code: 'en', label: 'English' },
  { code: 'fr', label: 'Français' },
  { code: 'es', label: 'Español' },
  { code: 'de', label: 'Deutsch' },
  { code: 'it', label: 'Italiano' },
  { code: 'pt', label: 'Português' },
];

/** Dates use the chosen language's locale (spec part 1 §2). */
export const DATE_LOCALES: Record<Locales, string> = {
  en: 'en-US',
  fr: 'fr-FR',
  es: 'es-ES',
  de: 'de-DE',
  it: 'it-IT',
  pt: 'pt-PT',
};

export const LANGUAGE_STORAGE_KEY = 'language';
