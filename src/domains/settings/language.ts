import { LANGUAGES, type Language } from './schemas';

/** The user's language (settings.language) from a request's user; English when signed out or unknown. */
export function languageOf(user: { settings?: { language?: string } } | null | undefined): Language {
  const lang = user?.settings?.language;
  return (LANGUAGES as readonly string[]).includes(lang ?? '') ? (lang as Language) : 'en';
}
