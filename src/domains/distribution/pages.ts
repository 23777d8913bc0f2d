import { brandColorOrNull, DEFAULT_BRAND_COLOR } from '../../shared/brand';
import { noncedPage, scriptTag } from '../../server/http/html-page';
import { esc } from '../social/pages';
import { DEFAULT_LANDING_BRAND, type LandingBrand } from './landing-brand';
import { trackingScript, transcriptScript } from './landing-script';
import type { CaptionCue } from '../../media/captions';
import { fillText, type RecipientLanguage } from '../../shared/variables';
import { wordsFor } from './recipient-words';
import { t, tHtml, type ServerLocale } from '../../server/i18n/translate';

// Server-rendered public pages: the landing page of a delivery (/v/<token>) and the unsubscribe
// pages. No SPA bundle: inline CSS and one small nonce'd script; every user value is escaped.

// Brand colours come in as CSS variables; the values are `#rrggbb` only (landing-brand.ts).
const STYLE = `*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f3f4f6;color:#111827}
.brand{background:var(--brand);color:var(--on-brand);min-height:4rem}.brand div{max-width:46rem;margin:0 auto;padding:.75rem 1rem;display:flex;align-items:center;gap:.75rem}
.logo{display:inline-flex;background:#fff;border-radius:.6rem;padding:.35rem .6rem;box-shadow:0 1px 2px rgba(0,0,0,.12)}.logo img{display:block;max-height:2.5rem;max-width:11rem;width:auto;height:auto}
.brand-name{font-weight:700;font-size:1.1rem;overflow-wrap:anywhere}
main{max-width:46rem;margin:0 auto;padding:1.5rem 1rem 3rem}h1{font-size:1.6rem;margin:.5rem 0 .25rem;overflow-wrap:anywhere}.lead{color:#4b5563;margin:0 0 1rem;overflow-wrap:anywhere}
.card{background:#fff;border-radius:1rem;box-shadow:0 1px 3px rgba(0,0,0,.08);padding:1.25rem}
video{display:block;width:100%;border-radius:.75rem;background:#000;aspect-ratio:16/9}.player{position:relative}
.play{position:absolute;left:50%;top:50%;transform:translate(-50%,-50%);width:5rem;height:5rem;padding:0;border-radius:50%;background:rgba(17,24,39,.72);color:#fff;display:flex;align-items:center;justify-content:center;box-shadow:0 2px 10px rgba(0,0,0,.35)}
.play[hidden]{display:none}.play svg{width:2.2rem;height:2.2rem;margin-left:.3rem}.play:focus-visible{outline:3px solid #fff;outline-offset:3px}
.cta{display:inline-block;margin-top:1.25rem;background:var(--brand);color:var(--on-brand);text-decoration:none;font-weight:600;padding:.8rem 1.4rem;border-radius:.6rem;overflow-wrap:anywhere}
.cta:hover{filter:brightness(.92)}.cta:focus-visible{outline:3px solid #111827;outline-offset:2px}
.sender{margin-top:1rem;color:#4b5563;display:flex;align-items:center;gap:.6rem}.photo{width:2.5rem;height:2.5rem;border-radius:50%;object-fit:cover;flex:none;border:2px solid var(--brand)}
.foot{margin-top:2rem;font-size:.8rem;color:#6b7280}.foot a{color:#6b7280}
button{font:inherit;background:var(--brand);color:var(--on-brand);border:0;padding:.7rem 1.2rem;border-radius:.6rem;cursor:pointer}
.transcript{margin-top:1.5rem}.transcript h2{font-size:1rem;margin:0 0 .5rem;color:#374151}.transcript ol{list-style:none;margin:0;padding:0;line-height:1.5}
.transcript li{display:flex;gap:.6rem;align-items:baseline;padding:.15rem .35rem;border-radius:.4rem;overflow-wrap:anywhere}.transcript li[aria-current]{background:#e5e7eb}
.transcript .at{flex:none;background:none;color:#4b5563;padding:0;font-variant-numeric:tabular-nums;font-size:.85rem;text-decoration:underline}.transcript .at:focus-visible{outline:2px solid #111827;outline-offset:2px}`;

/** Origins a page may load media from besides its own (a video saved with an external link). */
function originsOf(urls: (string | null | undefined)[]): string {
  const set = new Set<string>();
  for (const u of urls) {
    if (!u || !/^https?:\/\//i.test(u)) continue;
    try {
      set.add(new URL(u).origin);
    } catch {}
  }
  return [...set].join(' ');
}

function page(
  title: string,
  body: string,
  opts: {
    status?: number;
    script?: string;
    mediaOrigins?: string;
    imageOrigins?: string;
    brand?: LandingBrand;
    header?: string;
    retryAfter?: number;
    lang?: RecipientLanguage;
  } = {},
): Response {
  const brand = opts.brand ?? DEFAULT_LANDING_BRAND;
  // Validated again here: whatever reaches this string is exactly #rrggbb.
  const vars = `:root{--brand:${brandColorOrNull(brand.color) ?? DEFAULT_BRAND_COLOR};--on-brand:${brandColorOrNull(brand.onColor) ?? '#ffffff'}}`;
  const images = opts.imageOrigins ? ` ${opts.imageOrigins}` : '';
  const extra = opts.mediaOrigins ? ` ${opts.mediaOrigins}` : '';
  return noncedPage(
    (nonce) =>
      `<!doctype html><html lang="${opts.lang ?? 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">${opts.retryAfter ? `<meta http-equiv="refresh" content="${opts.retryAfter}">` : ''}<title>${esc(title)}</title><style nonce="${nonce}">${vars}${STYLE}</style></head><body>${opts.header ?? ''}<main>${body}</main>${scriptTag(nonce, opts.script)}</body></html>`,
    {
      status: opts.status,
      allow: `img-src 'self' data:${extra}${images}; media-src 'self'${extra}; connect-src 'self'`,
      headers: {
        // A personal page: never cached by a shared cache, never indexed, no referrer to the CTA.
        'cache-control': 'private, no-store',
        'x-robots-tag': 'noindex, nofollow',
        ...(opts.retryAfter ? { 'retry-after': String(opts.retryAfter) } : {}),
      },
    },
  );
}

export type LandingData = {
  token: string;
  /** The link's video: the page token is bound to it. */
  videoId: string;
  firstName: string | null;
  /** Who the greeting names: the value the video spoke (their first name, else the fallback). */
  greeting: string | null;
  title: string;
  videoUrl: string;
  poster: string | null;
  /** The recipient's own captions (WebVTT), shown at once when the video has soft captions. */
  captions: { url: string; show: boolean; language: string } | null;
  /** Their captions as text under the player: each line plays the video from its time. */
  transcript?: CaptionCue[] | null;
  cta: { label: string; url: string };
  sender: string;
  company: string | null;
  /** Offered only where the recipient can be unsubscribed. */
  unsubscribeUrl: string | null;
  /** The sender's colour, logo and photo. */
  brand: LandingBrand;
  /** A share link's page: no one to greet by name, nothing to unsubscribe from. */
  anonymous?: boolean;
  /** The recipient's language (decision 226); English when not given. */
  language?: RecipientLanguage | null;
  /** The page of a test e-mail (recipient-version.ts): said so, and never tracked. */
  test?: boolean;
};

const PLAY_ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M6 4.5v15a1 1 0 0 0 1.52.85l12-7.5a1 1 0 0 0 0-1.7l-12-7.5A1 1 0 0 0 6 4.5z"/></svg>';

/** The brand band: the logo on a white chip (any logo stays legible on any colour), else the sender's name. */
function brandHeader(d: LandingData, from: string): string {
  const inner = d.brand.logoUrl
    ? `<span class="logo"><img src="${esc(d.brand.logoUrl)}" alt="${esc(from)}" data-brand="logo"></span>`
    : `<span class="brand-name">${esc(from)}</span>`;
  return `<header class="brand" data-brand="header"><div>${inner}</div></header>`;
}

/** `pageToken`: issued for this page load (tracking/page-token.ts); its beacons carry it back. */
/**
 * The greeting, through the text engine: their first name (or the fallback the video spoke), and
 * when the video left it out, the greeting without it ("Hi!", "Bonjour !").
 */
export function greetingOf(greeting: string | null, lang?: RecipientLanguage | null): string {
  const w = wordsFor(lang);
  if (greeting === null) return w.helloAnyone;
  return fillText(w.hello, { first_name: greeting }, {});
}

const clockOf = (sec: number) => `${Math.floor(sec / 60)}:${String(Math.floor(sec % 60)).padStart(2, '0')}`;

/** The transcript: one line per caption cue, its time a button that plays the video from there (landing-script.ts). */
function transcriptSection(d: LandingData, heading: string): string {
  if (!d.transcript?.length) return '';
  const lines = d.transcript.map(
    (c) =>
      `<li data-start="${c.startSec.toFixed(3)}" data-end="${c.endSec.toFixed(3)}"><button type="button" class="at" data-t="${c.startSec.toFixed(3)}">${clockOf(c.startSec)}</button> <span>${esc(c.text)}</span></li>`,
  );
  return `<section class="transcript" aria-labelledby="transcript-h"><h2 id="transcript-h">${esc(heading)}</h2><ol id="transcript">${lines.join('')}</ol></section>`;
}

export function landingPage(d: LandingData, pageToken: string): Response {
  const w = wordsFor(d.language);
  const from = d.company && d.company !== d.sender ? `${d.sender} · ${d.company}` : d.sender;
  const photo = d.brand.photoUrl ? `<img class="photo" src="${esc(d.brand.photoUrl)}" alt="" data-brand="photo">` : '';
  const intro = d.anonymous
    ? `<h1>${esc(d.title)}</h1><p class="lead">${esc(w.shared(d.sender))}</p>`
    : `<h1>${esc(greetingOf(d.greeting, d.language))}</h1><p class="lead">${esc(w.recorded(d.sender))} <strong>${esc(d.title)}</strong></p>`;
  const foot = d.anonymous
    ? ''
    : `<p class="foot">${esc(w.madeFor(d.firstName))}${d.unsubscribeUrl ? ` <a href="${esc(d.unsubscribeUrl)}">${esc(w.unsubscribe)}</a> ${esc(w.fromVideosOf(d.sender))}` : ''}</p>`;
  // Without a poster of its own (the e-mail's has a drawn button on it), the browser shows the video's first frame (#t).
  const src = d.poster ? d.videoUrl : `${d.videoUrl}#t=0.001`;
  const banner = d.test
    ? `<p class="lead" data-test-page><strong>Test</strong> · this is the page ${esc(d.firstName ?? 'your recipient')} will get; views here are not counted.</p>`
    : '';
  const body = `${banner}${intro}
<div class="card">
<div class="player"><video id="v" controls playsinline preload="metadata"${d.poster ? ` poster="${esc(d.poster)}"` : ''} src="${esc(src)}">${d.captions ? `<track kind="captions" srclang="${esc(d.captions.language)}" label="${esc(w.captions)}" src="${esc(d.captions.url)}"${d.captions.show ? ' default' : ''}>` : ''}</video>
<button type="button" id="play" class="play" aria-label="${esc(w.play)}">${PLAY_ICON}</button></div>
<a id="cta" class="cta" href="${esc(d.cta.url)}" target="_blank" rel="noopener noreferrer">${esc(d.cta.label)}</a>
<p class="sender">${photo}<span>${esc(w.sentBy)} <strong>${esc(from)}</strong></span></p>
</div>
${transcriptSection(d, w.transcript)}${foot}`;
  const title = d.anonymous ? `${d.title} · ${d.sender}` : w.pageTitle(d.title, d.firstName);
  return page(title, body, {
    lang: d.language ?? 'en',
    script: `${d.test ? '' : trackingScript(d.token, pageToken)}${d.transcript?.length ? transcriptScript : ''}` || undefined,
    mediaOrigins: originsOf([d.videoUrl, d.poster]),
    imageOrigins: originsOf([d.brand.logoUrl, d.brand.photoUrl]),
    brand: d.brand,
    header: brandHeader(d, from),
  });
}

/** An unknown link's page, in the reader's language (their browser's: nobody is known by the token). */
export function notFoundPage(lang: ServerLocale = 'en'): Response {
  return page(
    t(lang, 'Link not found'),
    `<h1>${tHtml(lang, 'This link is not valid')}</h1><p class="lead">${tHtml(lang, 'The video may have been removed by its sender, or the address was mistyped.')}</p>`,
    {
      status: 404,
      lang,
    },
  );
}

/** The landing page of a deleted video (its link was real): 410, said plainly. */
export function removedPage(lang: ServerLocale = 'en'): Response {
  return page(
    t(lang, 'Video no longer available'),
    `<h1>${tHtml(lang, 'This video is no longer available')}</h1><p class="lead">${tHtml(lang, 'Its sender has deleted it. If you still need it, ask them to send it again.')}</p>`,
    { status: 410, lang },
  );
}

/** A share link whose version for everyone is still being made (a few seconds): the page looks again by itself. */
export function preparingPage(lang: ServerLocale = 'en'): Response {
  return page(
    t(lang, 'Video being prepared'),
    `<h1>${tHtml(lang, 'This video is being prepared')}</h1><p class="lead">${tHtml(lang, 'It will be ready in a moment: this page reloads by itself.')}</p>`,
    { status: 503, retryAfter: 5, lang },
  );
}

/** The unsubscribe page and its confirmation, in the recipient's language (the delivery's: the contact's, else the video's). */
export function unsubscribePage(opts: { token: string; sender: string; address: string | null; done: boolean; language: ServerLocale }): Response {
  const lang = opts.language;
  const who = { sender: opts.sender, address: opts.address ?? '' };
  if (opts.done)
    return page(
      t(lang, 'Unsubscribed'),
      `<h1>${tHtml(lang, 'You are unsubscribed')}</h1><p class="lead">${tHtml(lang, opts.address ? '{address} will not receive videos from {sender} any more.' : 'You will not receive videos from {sender} any more.', who)}</p>`,
      { lang },
    );
  return page(
    t(lang, 'Unsubscribe'),
    `<h1>${tHtml(lang, 'Unsubscribe')}</h1><p class="lead">${tHtml(lang, opts.address ? 'Stop receiving videos from {sender} at {address}?' : 'Stop receiving videos from {sender}?', who)}</p>
<form method="post" action="/unsubscribe/${encodeURIComponent(opts.token)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${tHtml(lang, 'Unsubscribe')}</button></form>`,
    { lang },
  );
}
