// Applies the last known theme (and language) before the first paint, so a dark page does not
// flash white. A file, not an inline script: the Content-Security-Policy allows scripts from 'self' only.
(function () {
  try {
    var t = localStorage.getItem('theme') || 'system';
    var dark = t === 'dark' || (t === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.setAttribute('data-theme', dark ? 'dark' : 'light');
    var l = localStorage.getItem('language');
    if (l) document.documentElement.setAttribute('lang', l);
  } catch (e) {}
})();
