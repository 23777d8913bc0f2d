import type { Template, TemplateVariable } from '../../../shared/templates';
import type { Language } from '../../settings/schemas';
import de from './de.json';
import es from './es.json';
import fr from './fr.json';
import it from './it.json';
import pt from './pt.json';
import type { CatalogueWords, TranslatedLanguage } from './types';

/**
 * The catalogue's words in the other languages: data, one JSON file a language, typed here. They live
 * here, on the server, not in the web's dictionary: the API answers in the user's language
 * (settings.language), so the boot bundle stays small.
 */
export const CATALOGUE_WORDS: Record<TranslatedLanguage, CatalogueWords> = { fr, es, de, it, pt };

const wordsFor = (lang: Language): CatalogueWords | undefined => (lang === 'en' ? undefined : CATALOGUE_WORDS[lang]);

/** A template in a language: name, description, script, variable labels and defaults; the voice speaks it. */
export function localizeTemplate(t: Template, lang: Language): Template {
  const words = wordsFor(lang);
  const own = words?.templates[t.id];
  if (!words || !own) return t;
  const variables: Record<string, TemplateVariable> = {};
  for (const [name, v] of Object.entries(t.variables)) {
    const label = words.labels[name] ?? v.label;
    const defaultValue = v.kind === 'text' ? (own.defaults[name] ?? v.defaultValue) : v.kind === 'voice' ? `local-${lang}-${t.avatarGender}` : v.defaultValue;
    variables[name] = { ...v, label, defaultValue };
  }
  return { ...t, name: own.name, description: own.description, script: own.script, variables };
}

/** "<template name> background" in a language (the backgrounds list). */
export function templateBackgroundName(t: Template, lang: Language): string {
  const words = wordsFor(lang);
  return words ? words.background.replace('{name}', () => localizeTemplate(t, lang).name) : `${t.name} background`;
}
