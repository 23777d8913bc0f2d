import { noncedPage, scriptTag } from '../../server/http/html-page';
import { t, tHtml, type ServerLocale } from '../../server/i18n/translate';
import type { PublishPlatform } from '../../server/providers/publishing/types';
import { PLATFORM_LABELS } from '../../shared/publishing-rules';
import { esc } from '../social/pages';
import { PAGE_STYLE, timeTag } from '../social/page-style';
import type { SandboxPostView } from './sandbox-posts';

// The publishing sandbox's pages (docs/decisions/229): the consent page its authorize URL opens, and
// the posts it "published", each with a player whose plays are the sandbox's insights.

const STYLE = `${PAGE_STYLE}\nvideo{width:100%;max-height:24rem;background:#000;border-radius:.25rem;margin-top:.5rem}`;

function page(locale: ServerLocale, title: string, body: string, opts: { script?: string; status?: number } = {}) {
  return noncedPage(
    (nonce) =>
      `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><title>${esc(title)}</title><style nonce="${nonce}">${STYLE}</style></head><body><header><span class="brand">Avatar Studio</span><span class="badge">${tHtml(locale, 'Sandbox')}</span></header><main>${body}</main>${scriptTag(nonce, opts.script)}</body></html>`,
    { status: opts.status, allow: "media-src 'self'; connect-src 'self'", headers: { 'cache-control': 'no-store' } },
  );
}

export function publishingConsentPage(opts: { platform: PublishPlatform; state: string; redirectUri: string; accountName: string; locale: ServerLocale }) {
  const l = opts.locale;
  const title = t(l, 'Connect {platform} for publishing (sandbox)', { platform: PLATFORM_LABELS[opts.platform] });
  return page(
    l,
    title,
    `<h1>${esc(title)}</h1>
<p>${tHtml(l, 'The app publishes with the sandbox: nothing is sent to the platform. What you publish appears on the sandbox posts page.')}</p>
<form method="post" action="/sandbox/publishing/authorize">
<input type="hidden" name="platform" value="${esc(opts.platform)}"><input type="hidden" name="state" value="${esc(opts.state)}"><input type="hidden" name="redirect_uri" value="${esc(opts.redirectUri)}">
<label for="accountName">${tHtml(l, 'Account name')}</label><input id="accountName" name="accountName" maxlength="120" value="${esc(opts.accountName)}">
<div class="row"><button class="primary" type="submit" name="action" value="allow">${tHtml(l, 'Allow')}</button><button type="submit" name="action" value="cancel">${tHtml(l, 'Cancel')}</button></div>
</form>`,
  );
}

/** Each player's first play in a page load counts once (POST …/play). */
const PLAY_SCRIPT = `document.querySelectorAll('video[data-post]').forEach(function(v){v.addEventListener('play',function(){fetch('/sandbox/publishing/posts/'+encodeURIComponent(v.getAttribute('data-post'))+'/play',{method:'POST',credentials:'same-origin'})},{once:true})});`;

export function sandboxPostsPage(posts: SandboxPostView[], lang: string, locale: ServerLocale) {
  const l = locale;
  const items = posts.length
    ? posts
        .map(
          (
            p,
          ) => `<article class="card" id="post-${esc(p.id)}" data-testid="sandbox-post"><div class="top"><span class="badge soft">${esc(PLATFORM_LABELS[p.platform])}</span><span class="meta">${esc(p.targetName)} · ${esc(p.visibility)}</span>${timeTag(p.createdAt.toISOString(), lang)}</div>
<strong>${esc(p.title)}</strong>${p.publishAt ? `<p class="meta">${tHtml(l, 'Scheduled for')} ${timeTag(p.publishAt.toISOString(), lang)}</p>` : ''}
${p.videoUrl ? `<video controls preload="metadata" data-post="${esc(p.id)}" src="${esc(p.videoUrl)}"></video>` : ''}
<pre>${esc(p.description)}</pre><p class="meta" data-testid="plays">${tHtml(l, 'Plays: {n}', { n: p.plays })}</p></article>`,
        )
        .join('')
    : `<p class="card empty meta">${tHtml(l, 'Nothing published yet. Videos published while no platform is configured appear here.')}</p>`;
  return page(
    l,
    t(l, 'Sandbox posts'),
    `<h1>${tHtml(l, 'Sandbox posts')}</h1><p class="meta">${tHtml(l, 'Videos published to Facebook, Instagram and YouTube while those platforms are not configured. Nothing here left this machine.')}</p>${items}`,
    { script: posts.length ? PLAY_SCRIPT : undefined },
  );
}
