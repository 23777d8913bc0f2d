// The look of the small server-rendered pages (sandbox inbox, connect consent, done and message
// pages): the app's palette and type (daisyUI's light and dark themes, Tailwind's sans stack),
// light or dark by prefers-color-scheme. Served in a <style> carrying the page's CSP nonce.

export const PAGE_STYLE = `:root{color-scheme:light;--b1:oklch(100% 0 0);--b2:oklch(98% 0 0);--b3:oklch(95% 0 0);--bc:oklch(21% .006 285.885);
--p:oklch(45% .24 277.023);--pc:oklch(93% .034 272.788);--wa:oklch(82% .189 84.429);--wac:oklch(41% .112 45.904);--muted:oklch(21% .006 285.885/.7)}
@media (prefers-color-scheme:dark){:root{color-scheme:dark;--b1:oklch(25.33% .016 252.42);--b2:oklch(23.26% .014 253.1);--b3:oklch(21.15% .012 254.09);
--bc:oklch(97.807% .029 256.847);--p:oklch(58% .233 277.117);--pc:oklch(96% .018 272.314);--muted:oklch(97.807% .029 256.847/.7)}}
*{box-sizing:border-box}
body{margin:0;background:var(--b2);color:var(--bc);font-family:ui-sans-serif,system-ui,sans-serif,"Apple Color Emoji","Segoe UI Emoji";line-height:1.5;-webkit-font-smoothing:antialiased}
header{display:flex;align-items:center;gap:.75rem;height:4rem;padding:0 1rem;background:var(--b1);border-bottom:1px solid var(--b3)}
header .brand{font-weight:700;letter-spacing:-.01em}
main{max-width:44rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-size:1.5rem;line-height:2rem;font-weight:700;margin:0 0 .25rem}
a{color:var(--p)}
.badge{display:inline-flex;align-items:center;border-radius:999px;padding:0 .6rem;height:1.25rem;font-size:.75rem;font-weight:600;background:var(--wa);color:var(--wac)}
.badge.soft{background:var(--b3);color:var(--bc)}
.meta{color:var(--muted);font-size:.875rem}
.card{background:var(--b1);border:1px solid var(--b3);border-radius:.5rem;padding:1rem;margin:.75rem 0}
.card .top{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem;margin-bottom:.5rem}
.card time{margin-left:auto}
pre{white-space:pre-wrap;word-break:break-word;font-family:inherit;margin:.5rem 0 0}
button,select,input{font:inherit;color:inherit;background:var(--b1);padding:.5rem .9rem;border-radius:.25rem;border:1px solid color-mix(in oklab,var(--bc) 20%,transparent)}
button{cursor:pointer;font-weight:600}
button.primary{background:var(--p);color:var(--pc);border-color:var(--p)}
.row{display:flex;gap:.5rem;margin-top:1.25rem}
label{display:block;margin-top:1rem;font-weight:600;font-size:.875rem}
input,select{width:100%;margin-top:.25rem}
.empty{text-align:center;padding:2rem 1rem}`;

/** How a date is shown: day, month, year, hours and minutes in the viewer's language. */
export const DATE_OPTIONS: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' };

/** A timestamp in the viewer's language: UTC on the server, then the browser's own zone (see LOCAL_TIMES). */
export function timeTag(iso: string, lang: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const text = new Intl.DateTimeFormat(lang, { ...DATE_OPTIONS, timeZone: 'UTC', timeZoneName: 'short' }).format(date);
  return `<time datetime="${date.toISOString()}">${text}</time>`;
}

/** Re-writes every <time> in the browser's time zone, same language and fields (runs under the page's nonce). */
export const localTimesScript = (lang: string) =>
  `(function(){var f=new Intl.DateTimeFormat(${JSON.stringify(lang)},${JSON.stringify(DATE_OPTIONS)});document.querySelectorAll('time[datetime]').forEach(function(t){t.textContent=f.format(new Date(t.getAttribute('datetime')))})})();`;
