import type { Language } from '../settings/schemas';

export type AvatarCategory = 'office' | 'casual' | 'custom';

/**
 * The presenters' role labels (their category) in every language, served with the catalogue in the
 * user's language (settings.language) rather than shipped in the web's boot dictionary.
 */
export const ROLE_LABELS: Record<Language, Record<AvatarCategory, string>> = {
  en: { office: 'Office', casual: 'Casual', custom: 'Custom' },
  fr: { office: 'Bureau', casual: 'Décontracté', custom: 'Personnalisé' },
  es: { office: 'Oficina', casual: 'Informal', custom: 'Personalizado' },
  de: { office: 'Büro', casual: 'Freizeit', custom: 'Eigene' },
  it: { office: 'Ufficio', casual: 'Informale', custom: 'Personalizzato' },
  pt: { office: 'Escritório', casual: 'Descontraído', custom: 'Personalizado' },
};

export const roleLabel = (category: AvatarCategory, lang: Language) => ROLE_LABELS[lang][category];
