export type ThemePreference = 'light' | 'dark' | 'system';
export const THEME_STORAGE_KEY = 'theme';

const media = () => window.matchMedia('(prefers-color-scheme: dark)');
let unlisten: (() => void) | undefined;

function paint(pref: ThemePreference) {
  const dark = pref === 'dark' || (pref === 'system' && media().matches);
  document.documentElement.setAttribute('data-theme', dark ? 'dark' : 'light');
}

/** daisyUI theme on <html>; "system" follows the OS and keeps following it. */
export function applyTheme(pref: ThemePreference) {
  unlisten?.();
  unlisten = undefined;
  paint(pref);
  try {
    localStorage.setItem(THEME_STORAGE_KEY, pref);
  } catch {
    // storage may be unavailable (private mode): the theme still applies
  }
  if (pref === 'system') {
    const mq = media();
    const onChange = () => paint('system');
    mq.addEventListener('change', onChange);
    unlisten = () => mq.removeEventListener('change', onChange);
  }
}

export function storedTheme(): ThemePreference {
  try {
    const t = localStorage.getItem(THEME_STORAGE_KEY);
    if (t === 'light' || t === 'dark' || t === 'system') return t;
  } catch {
    // ignore
  }
  return 'system';
}
