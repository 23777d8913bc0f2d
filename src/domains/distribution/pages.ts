import { scriptJson } from '../../server/http/inline-script';
import { esc } from '../social/pages';

// Server-rendered public pages: the landing page of a delivery (/v/<token>) and the unsubscribe
// pages. No SPA bundle: inline CSS and one small nonce'd script; every user value is escaped.

const STYLE = `*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f3f4f6;color:#111827}
main{max-width:46rem;margin:0 auto;padding:1.5rem 1rem 3rem}h1{font-size:1.6rem;margin:.5rem 0 .25rem}.lead{color:#4b5563;margin:0 0 1rem}
.card{background:#fff;border-radius:1rem;box-shadow:0 1px 3px rgba(0,0,0,.08);padding:1.25rem}
video{display:block;width:100%;border-radius:.75rem;background:#000;aspect-ratio:16/9}
.cta{display:inline-block;margin-top:1.25rem;background:#4f46e5;color:#fff;text-decoration:none;font-weight:600;padding:.8rem 1.4rem;border-radius:.6rem}
.cta:hover{background:#4338ca}.sender{margin-top:1rem;color:#4b5563}.foot{margin-top:2rem;font-size:.8rem;color:#6b7280}.foot a{color:#6b7280}
button{font:inherit;background:#4f46e5;color:#fff;border:0;padding:.7rem 1.2rem;border-radius:.6rem;cursor:pointer}`;

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

function page(title: string, body: string, opts: { status?: number; script?: string; mediaOrigins?: string } = {}): Response {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
  const script = opts.script ? `<script nonce="${nonce}">${opts.script}</script>` : '';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main>${script}</body></html>`;
  const extra = opts.mediaOrigins ? ` ${opts.mediaOrigins}` : '';
  return new Response(html, {
    status: opts.status ?? 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      // A personal page: never cached by a shared cache, never indexed, no referrer to the CTA.
      'cache-control': 'private, no-store',
      'x-robots-tag': 'noindex, nofollow',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; img-src 'self' data:${extra}; media-src 'self'${extra}; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    },
  });
}

export type LandingData = {
  token: string;
  firstName: string | null;
  title: string;
  videoUrl: string;
  poster: string | null;
  cta: { label: string; url: string };
  sender: string;
  company: string | null;
  /** Offered only where the recipient can be unsubscribed. */
  unsubscribeUrl: string | null;
};

/**
 * The tracking script: one random viewId per page load; view on first play, progress at 25/50/75/100,
 * cta on a click; sendBeacon (text/plain, no preflight) or fetch keepalive as a fallback.
 */
const trackingScript = (token: string) => `(function(){
var T=${scriptJson(token)},v=document.getElementById('v'),c=document.getElementById('cta');
var a=new Uint8Array(12);crypto.getRandomValues(a);var id=btoa(String.fromCharCode.apply(null,a)).replace(/\\+/g,'-').replace(/\\//g,'_').replace(/=+$/,'');
function post(e,p){var b={token:T,event:e,viewId:id};if(p!==undefined)b.percent=p;b=JSON.stringify(b);
try{if(navigator.sendBeacon&&navigator.sendBeacon('/api/track',b))return;}catch(x){}
fetch('/api/track',{method:'POST',body:b,keepalive:true,headers:{'content-type':'application/json'}}).catch(function(){});}
var seen=false,done={};function view(){if(!seen){seen=true;post('view');}}
function mark(m){if(!done[m]){done[m]=1;view();post('progress',m);}}
if(v){v.addEventListener('play',view);
v.addEventListener('timeupdate',function(){if(!v.duration)return;var p=v.currentTime/v.duration*100;[25,50,75].forEach(function(m){if(p>=m)mark(m);});if(p>=99.5)mark(100);});
v.addEventListener('ended',function(){mark(100);});}
if(c)c.addEventListener('click',function(){view();post('cta');});
})();`;

export function landingPage(d: LandingData): Response {
  const hello = d.firstName ? `Hi ${d.firstName}!` : 'Hi there!';
  const from = d.company && d.company !== d.sender ? `${d.sender} · ${d.company}` : d.sender;
  const body = `<h1>${esc(hello)}</h1><p class="lead">${esc(d.sender)} recorded a video for you: <strong>${esc(d.title)}</strong></p>
<div class="card">
<video id="v" controls playsinline preload="metadata"${d.poster ? ` poster="${esc(d.poster)}"` : ''} src="${esc(d.videoUrl)}"></video>
<a id="cta" class="cta" href="${esc(d.cta.url)}" target="_blank" rel="noopener noreferrer">${esc(d.cta.label)}</a>
<p class="sender">Sent by <strong>${esc(from)}</strong></p>
</div>
<p class="foot">This page was made for you${d.firstName ? `, ${esc(d.firstName)}` : ''}.${d.unsubscribeUrl ? ` <a href="${esc(d.unsubscribeUrl)}">Unsubscribe</a> from videos sent by ${esc(d.sender)}.` : ''}</p>`;
  return page(`${d.title} · a video for ${d.firstName ?? 'you'}`, body, { script: trackingScript(d.token), mediaOrigins: originsOf([d.videoUrl, d.poster]) });
}

export function notFoundPage(): Response {
  return page('Link not found', `<h1>This link is not valid</h1><p class="lead">The video may have been removed by its sender, or the address was mistyped.</p>`, { status: 404 });
}

export function unsubscribePage(opts: { token: string; sender: string; address: string | null; done: boolean }): Response {
  if (opts.done)
    return page(
      'Unsubscribed',
      `<h1>You are unsubscribed</h1><p class="lead">${opts.address ? `${esc(opts.address)} will` : 'You will'} not receive videos from ${esc(opts.sender)} any more.</p>`,
    );
  return page(
    'Unsubscribe',
    `<h1>Unsubscribe</h1><p class="lead">Stop receiving videos from ${esc(opts.sender)}${opts.address ? ` at ${esc(opts.address)}` : ''}?</p>
<form method="post" action="/unsubscribe/${encodeURIComponent(opts.token)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
  );
}
