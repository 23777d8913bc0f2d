// Applies the last known theme (and language) before the first paint, so a dark page does not
// flash white. A file, not an inline script: the Content-Security-Policy allows scripts from 'self' only.
(() => {
  try {
    const t = localStorage.getItem('theme') || 'system';
    const dark = t === 'dark' || (t === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.setAttribute('data-theme', dark ? 'dark' : 'light');
    const l = localStorage.getItem('language');
    if (l) document.documentElement.setAttribute('lang', l);
  } catch {
    // Storage blocked (private mode): the defaults apply.
  }
})();
