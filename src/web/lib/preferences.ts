import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent } from 'react';
import type { TSettingsPatch } from '@/domains/settings/schemas';
import { useI18nContext } from '@locales/i18n-react';
import type { Locales } from '@locales/i18n-types';
import { baseLocale, isLocale } from '@locales/i18n-util';
import { loadDictionary, loadedScreens } from './dictionary';
import { LANGUAGE_STORAGE_KEY } from './languages';
import { api, errorMessage } from './rest';
import { applyTheme, storedTheme } from './theme';
import { toast } from './toast';
import { setUser, useUser } from './user';

export function initialLocale(): Locales {
  try {
    const saved = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (saved && isLocale(saved)) return saved;
  } catch {
    // ignore
  }
  return baseLocale;
}

/** Loads the dictionary, then switches the whole UI to it. */
export function useApplyLocale() {
  const { locale, setLocale } = useI18nContext();
  return useCallback(
    async (next: Locales) => {
      if (!isLocale(next)) return;
      // The same parts as the current language, so that the open screen switches without a spinner.
      await loadDictionary(next, loadedScreens(locale));
      setLocale(next);
      document.documentElement.lang = next;
      try {
        localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
      } catch {
        // ignore
      }
    },
    [locale, setLocale],
  );
}

/** PATCH /api/settings; the cached user is replaced by the server's answer. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: TSettingsPatch) => api.patch('/api/settings', patch),
    onSuccess: (user) => setUser(queryClient, user),
  });
}

/** Applies the language at once and, when signed in, saves it (spec part 1 §4). */
export function useChangeLanguage() {
  const apply = useApplyLocale();
  const { data: user } = useUser();
  const save = useUpdateSettings();
  const { LL } = useI18nContext();
  return useCallback(
    async (next: Locales) => {
      await apply(next);
      if (!user) return;
      try {
        await save.mutateAsync({ language: next });
      } catch (e) {
        toast({ title: LL.settings.updateFailed(), description: errorMessage(e), variant: 'destructive' });
      }
    },
    [apply, user, save, LL],
  );
}

/** Keeps the UI on the signed-in user's saved language and theme. */
export function usePreferencesSync() {
  const { data: user } = useUser();
  const { locale } = useI18nContext();
  const apply = useApplyLocale();
  const language = user?.settings.language;
  const theme = user?.settings.theme;

  // Only a change of the saved language re-applies it; the selector applies its own choice.
  const applySaved = useEffectEvent((saved: string) => {
    if (isLocale(saved) && saved !== locale) void apply(saved);
  });
  useEffect(() => {
    if (language) applySaved(language);
  }, [language]);

  useEffect(() => {
    applyTheme(theme ?? storedTheme());
  }, [theme]);
}
