import { Monitor, Moon, Sun } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';
import type { Locales } from '@locales/i18n-types';
import { LanguageOptions } from '../../components/language-select';
import { useApplyLocale } from '../../lib/preferences';
import { applyTheme, type ThemePreference } from '../../lib/theme';
import type { User } from '../../lib/user';
import { SendDefaults } from './send-defaults';
import { useSaveSettings } from './use-save-settings';

export function GeneralTab({ user }: { user: User }) {
  const { LL, locale } = useI18nContext();
  const save = useSaveSettings();
  const applyLocale = useApplyLocale();
  const g = LL.settings.general;
  const themes: { value: ThemePreference; label: string; icon: typeof Sun }[] = [
    { value: 'light', label: g.light(), icon: Sun },
    { value: 'dark', label: g.dark(), icon: Moon },
    { value: 'system', label: g.system(), icon: Monitor },
  ];

  const onTheme = (theme: ThemePreference) => {
    applyTheme(theme);
    save.mutate({ theme });
  };
  const onLanguage = async (language: Locales) => {
    await applyLocale(language);
    save.mutate({ language });
  };

  return (
    <div className="space-y-8">
      <section>
        <h2 className="text-lg font-semibold">{g.appearance()}</h2>
        <p className="mb-3 text-sm text-base-content/60">
          {g.theme()} — {g.systemHint()}
        </p>
        <div role="radiogroup" aria-label={g.theme()} className="grid max-w-xl grid-cols-3 gap-3">
          {themes.map(({ value, label, icon: Icon }) => {
            const checked = user.settings.theme === value;
            return (
              <label
                key={value}
                className={`flex cursor-pointer flex-col items-center gap-2 rounded-box border-2 p-4 transition-colors ${checked ? 'border-primary bg-primary/5' : 'border-base-300 hover:border-base-content/30'}`}
              >
                <input
                  type="radio"
                  name="theme"
                  value={value}
                  className="sr-only"
                  checked={checked}
                  onChange={() => onTheme(value)}
                  data-testid={`theme-${value}`}
                />
                <Icon className="size-6" aria-hidden />
                <span className="text-sm font-medium">{label}</span>
              </label>
            );
          })}
        </div>
      </section>
      <section>
        <h2 className="text-lg font-semibold">{g.language()}</h2>
        <p className="mb-3 text-sm text-base-content/60">{g.languageHint()}</p>
        <select
          className="select w-full max-w-xs"
          value={locale}
          aria-label={g.language()}
          onChange={(e) => void onLanguage(e.target.value as Locales)}
          data-testid="settings-language"
        >
          <LanguageOptions />
        </select>
      </section>
      <SendDefaults />
    </div>
  );
}
