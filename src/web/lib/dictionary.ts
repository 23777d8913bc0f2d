import { useI18nContext } from '@locales/i18n-react';
import type { Locales, Namespaces } from '@locales/i18n-types';
import { namespaces } from '@locales/i18n-util';
import { loadLocaleAsync, loadNamespaceAsync } from '@locales/i18n-util.async';
import { useEffect, useState } from 'react';

// The dictionary comes in two parts (docs/decisions/051-dictionary-namespaces.md): the boot part
// (locales/<l>/index.ts: the public pages, the shell, validation) loads before the first render;
// each signed-in screen's part (locales/<l>/<namespace>/) loads when a page needs it, so the
// landing page does not carry the app's strings.

const loaded = new Set<string>();
const key = (locale: Locales, ns?: Namespaces) => (ns ? `${locale}/${ns}` : locale);

export const ALL_SCREENS: readonly Namespaces[] = namespaces;

export function isLoaded(locale: Locales, list: readonly Namespaces[] = []): boolean {
  return loaded.has(key(locale)) && list.every((ns) => loaded.has(key(locale, ns)));
}

/** The namespaces already loaded for a locale (a language switch loads the same ones). */
export function loadedScreens(locale: Locales): Namespaces[] {
  return ALL_SCREENS.filter((ns) => loaded.has(key(locale, ns)));
}

/** Loads the boot part and the given namespaces of a locale; parts already loaded are not fetched again. */
export async function loadDictionary(locale: Locales, list: readonly Namespaces[] = []): Promise<void> {
  const boot = loaded.has(key(locale)) ? null : loadLocaleAsync(locale).then(() => loaded.add(key(locale)));
  const parts = list.filter((ns) => !loaded.has(key(locale, ns))).map((ns) => loadNamespaceAsync(locale, ns).then(() => loaded.add(key(locale, ns))));
  await Promise.all([boot, ...parts]);
}

/**
 * True once the namespaces are loaded for the current language; until then the caller shows a
 * spinner. typesafe-i18n builds `LL` from the dictionary at setLocale time, so it is rebuilt after a load.
 */
export function useDictionary(list: readonly Namespaces[] = ALL_SCREENS): boolean {
  const { locale, setLocale } = useI18nContext();
  const ready = isLoaded(locale, list);
  const [, rerender] = useState(0);
  useEffect(() => {
    if (isLoaded(locale, list)) return;
    let live = true;
    void loadDictionary(locale, list).then(() => {
      if (!live) return;
      setLocale(locale);
      rerender((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [locale, list, setLocale]);
  return ready;
}
