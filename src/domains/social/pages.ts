import { MESSAGING_PLATFORMS, PLATFORM_NAMES, type MessagingPlatform } from '../../server/providers/messaging/types';
import { noncedPage, scriptTag } from '../../server/http/html-page';
import { scriptJson } from '../../server/http/inline-script';
import type { Language } from '../settings/schemas';
import type { InboxMessage } from './inbox';
import { localTimesScript, PAGE_STYLE, timeTag } from './page-style';

// Small server-rendered pages of the connect flow and the sandbox inbox: they open in popups
// and must work without the SPA bundle. Every value is escaped; scripts need the page's nonce.

export const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A page in the app's look; its style and script run under a fresh nonce, nothing inline otherwise. */
export function htmlPage(title: string, body: string, opts: { status?: number; script?: string; lang?: Language } = {}): Response {
  return noncedPage(
    (nonce) =>
      `<!doctype html><html lang="${opts.lang ?? 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><title>${esc(title)}</title><style nonce="${nonce}">${PAGE_STYLE}</style></head><body><header><span class="brand">Avatar Studio</span><span class="badge">Sandbox</span></header><main>${body}</main>${scriptTag(nonce, opts.script)}</body></html>`,
    { status: opts.status, headers: { 'cache-control': 'no-store' } },
  );
}

export function consentPage(opts: { token: string; platform: MessagingPlatform | null; accountName: string; appUser: string }) {
  const title = opts.platform ? `Connect ${PLATFORM_NAMES[opts.platform]} (sandbox)` : 'Connect an account (sandbox)';
  const choice = opts.platform
    ? `<input type="hidden" name="platform" value="${esc(opts.platform)}">`
    : `<label for="platform">Platform</label><select id="platform" name="platform">${MESSAGING_PLATFORMS.map((p) => `<option value="${p}">${esc(PLATFORM_NAMES[p])}</option>`).join('')}</select>`;
  return htmlPage(
    title,
    `<h1>${esc(title)}</h1>
<p>The app runs with the sandbox messaging provider: no real account is contacted. Allowing creates a sandbox
connection for <strong>${esc(opts.appUser)}</strong>; messages sent through it land in your
<a href="/sandbox/inbox" target="_blank" rel="noopener">sandbox inbox</a>.</p>
<form method="post" action="/sandbox/connect/${encodeURIComponent(opts.token)}">
${choice}
<label for="accountName">Account name</label><input id="accountName" name="accountName" maxlength="120" value="${esc(opts.accountName)}">
<div class="row"><button class="primary" type="submit" name="action" value="allow">Allow</button><button type="submit" name="action" value="cancel">Cancel</button></div>
</form>`,
  );
}

/** Ends a connect flow: a popup closes itself (the opener polls for it), a full page goes back. */
export function doneScript(redirect: string) {
  return `if (window.opener && !window.opener.closed) { window.close(); } else { window.location.replace(${scriptJson(redirect)}); }`;
}

export function donePage(opts: { ok: boolean; message: string; redirect: string }) {
  return htmlPage(
    opts.ok ? 'Connection completed' : 'Connection not completed',
    `<h1>${esc(opts.ok ? 'Connection completed' : 'Connection not completed')}</h1><p>${esc(opts.message)}</p>
<p><a href="${esc(opts.redirect)}">Continue</a></p>`,
    { script: doneScript(opts.redirect) },
  );
}

export function messagePage(title: string, message: string, status = 200, link?: { href: string; label: string }) {
  return htmlPage(title, `<h1>${esc(title)}</h1><p>${esc(message)}</p>${link ? `<p><a href="${esc(link.href)}">${esc(link.label)}</a></p>` : ''}`, { status });
}

/** The sandbox inbox: every message as a card, its time in the viewer's language (and, in the browser, zone). */
export function inboxPage(messages: InboxMessage[], lang: Language = 'en') {
  const items = messages.length
    ? messages
        .map(
          (
            m,
          ) => `<article class="card" data-testid="inbox-message"><div class="top"><span class="badge soft">${esc(PLATFORM_NAMES[m.channel as MessagingPlatform] ?? m.channel)}</span><span class="meta">to ${esc(m.to)}${m.from ? ` · from ${esc(m.from)}` : ''}</span><span class="meta">${timeTag(m.createdAt, lang)}</span></div>
${m.subject ? `<strong>${esc(m.subject)}</strong>` : ''}<pre>${esc(m.text)}</pre>${m.html ? `<p><a href="/sandbox/inbox/${encodeURIComponent(m.id)}/html" target="_blank" rel="noopener">View HTML</a></p>` : ''}</article>`,
        )
        .join('')
    : '<p class="card empty meta">No messages yet. Everything the sandbox providers send appears here.</p>';
  return htmlPage(
    'Sandbox inbox',
    `<h1>Sandbox inbox</h1><p class="meta">Messages sent while no real provider is configured. Nothing here left this machine.</p>${items}`,
    { lang, script: messages.length ? localTimesScript(lang) : undefined },
  );
}

/** An e-mail's HTML part, shown with scripts, forms and remote loads disabled. */
export function inboxHtml(html: string): Response {
  return new Response(html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'",
    },
  });
}
