import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import type { Locales } from '@locales/i18n-types';
import { LANGUAGE_OPTIONS } from '../lib/languages';
import { useChangeLanguage } from '../lib/preferences';

export function LanguageSelect({ className = '', compact = false }: { className?: string; compact?: boolean }) {
  const { LL, locale } = useI18nContext();
  const change = useChangeLanguage();
  const id = useId();
  return (
    <label htmlFor={id} className={`select select-sm ${compact ? 'w-auto' : 'w-full'} ${className}`}>
      <Languages className="size-4 opacity-70" aria-hidden />
      <span className="sr-only">{LL.nav.language()}</span>
      <select id={id} data-testid="language-select" aria-label={LL.nav.language()} value={locale} onChange={(e) => void change(e.target.value as Locales)}>
        <LanguageOptions />
      </select>
    </label>
  );
}

/** Every language the settings accept, each by its own name: the options of a language `<select>`. */
export function LanguageOptions() {
  return LANGUAGE_OPTIONS.map((o) => (
    <option key={o.code} value={o.code}>
      {o.label}
    </option>
  ));
}
