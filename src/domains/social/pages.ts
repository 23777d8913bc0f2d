import { MESSAGING_PLATFORMS, PLATFORM_NAMES, type MessagingPlatform } from '../../server/providers/messaging/types';
import { noncedPage, scriptTag } from '../../server/http/html-page';
import { scriptJson } from '../../server/http/inline-script';
import type { Language } from '../settings/schemas';
import { t, tHtml, translateMessage, type ServerLocale } from '../../server/i18n/translate';
import type { InboxMessage } from './inbox';
import { localTimesScript, PAGE_STYLE, timeTag } from './page-style';

// Small server-rendered pages of the connect flow and the sandbox inbox: they open in popups
// and must work without the SPA bundle. Every value is escaped; scripts need the page's nonce.

export const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A page in the app's look, in `locale` (the user's language; the server's words, decision 223); its
 * style and script run under a fresh nonce, nothing inline otherwise.
 */
export function htmlPage(title: string, body: string, opts: { status?: number; script?: string; locale?: ServerLocale } = {}): Response {
  const lang = opts.locale ?? 'en';
  return noncedPage(
    (nonce) =>
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><title>${esc(title)}</title><style nonce="${nonce}">${PAGE_STYLE}</style></head><body><header><span class="brand">Avatar Studio</span><span class="badge">${tHtml(lang, 'Sandbox')}</span></header><main>${body}</main>${scriptTag(nonce, opts.script)}</body></html>`,
    { status: opts.status, headers: { 'cache-control': 'no-store' } },
  );
}

export function consentPage(opts: { token: string; platform: MessagingPlatform | null; accountName: string; appUser: string; locale: ServerLocale }) {
  const l = opts.locale;
  const title = opts.platform ? t(l, 'Connect {platform} (sandbox)', { platform: PLATFORM_NAMES[opts.platform] }) : t(l, 'Connect an account (sandbox)');
  const choice = opts.platform
    ? `<input type="hidden" name="platform" value="${esc(opts.platform)}">`
    : `<label for="platform">${tHtml(l, 'Platform')}</label><select id="platform" name="platform">${MESSAGING_PLATFORMS.map((p) => `<option value="${p}">${esc(PLATFORM_NAMES[p])}</option>`).join('')}</select>`;
  const inbox = `<a href="/sandbox/inbox" target="_blank" rel="noopener">${tHtml(l, 'sandbox inbox')}</a>`;
  return htmlPage(
    title,
    `<h1>${esc(title)}</h1>
<p>${tHtml(l, 'The app runs with the sandbox messaging provider: no real account is contacted.')} ${tHtml(l, 'Allowing creates a sandbox connection for {user}; messages sent through it land in your {inbox}.', {}, { user: `<strong>${esc(opts.appUser)}</strong>`, inbox })}</p>
<form method="post" action="/sandbox/connect/${encodeURIComponent(opts.token)}">
${choice}
<label for="accountName">${tHtml(l, 'Account name')}</label><input id="accountName" name="accountName" maxlength="120" value="${esc(opts.accountName)}">
<div class="row"><button class="primary" type="submit" name="action" value="allow">${tHtml(l, 'Allow')}</button><button type="submit" name="action" value="cancel">${tHtml(l, 'Cancel')}</button></div>
</form>`,
    { locale: l },
  );
}

/** Ends a connect flow: a popup closes itself (the opener polls for it), a full page goes back. */
export function doneScript(redirect: string) {
  return `if (window.opener && !window.opener.closed) { window.close(); } else { window.location.replace(${scriptJson(redirect)}); }`;
}

/** The end of a connect flow; `message` is a catalogue sentence, said in `locale`. */
export function donePage(opts: { ok: boolean; message: string; redirect: string; locale: ServerLocale }) {
  const l = opts.locale;
  const title = t(l, opts.ok ? 'Connection completed' : 'Connection not completed');
  return htmlPage(title, `<h1>${esc(title)}</h1><p>${tHtml(l, opts.message)}</p>\n<p><a href="${esc(opts.redirect)}">${tHtml(l, 'Continue')}</a></p>`, {
    script: doneScript(opts.redirect),
    locale: l,
  });
}

/** A one-message page; the title, the message (an English sentence or an error's, translated) and the link's label are said in `locale`. */
export function messagePage(locale: ServerLocale, title: string, message: string, status = 200, link?: { href: string; label: string }) {
  const heading = t(locale, title);
  return htmlPage(
    heading,
    `<h1>${esc(heading)}</h1><p>${esc(translateMessage(message, locale))}</p>${link ? `<p><a href="${esc(link.href)}">${tHtml(locale, link.label)}</a></p>` : ''}`,
    { status, locale },
  );
}

/** The sandbox inbox: every message as a card, its words in the user's language and its time in their language's format (and, in the browser, zone). */
export function inboxPage(messages: InboxMessage[], lang: Language = 'en', locale: ServerLocale = 'en') {
  const items = messages.length
    ? messages
        .map(
          (
            m,
          ) => `<article class="card" data-testid="inbox-message"><div class="top"><span class="badge soft">${esc(PLATFORM_NAMES[m.channel as MessagingPlatform] ?? m.channel)}</span><span class="meta">${m.from ? tHtml(locale, 'Sent to {to} by {from}', { to: m.to, from: m.from }) : tHtml(locale, 'Sent to {to}', { to: m.to })}</span><span class="meta">${timeTag(m.createdAt, lang)}</span></div>
${m.subject ? `<strong>${esc(m.subject)}</strong>` : ''}<pre>${esc(m.text)}</pre>${m.html ? `<p><a href="/sandbox/inbox/${encodeURIComponent(m.id)}/html" target="_blank" rel="noopener">${tHtml(locale, 'View HTML')}</a></p>` : ''}</article>`,
        )
        .join('')
    : `<p class="card empty meta">${tHtml(locale, 'No messages yet. Everything the sandbox providers send appears here.')}</p>`;
  return htmlPage(
    t(locale, 'Sandbox inbox'),
    `<h1>${tHtml(locale, 'Sandbox inbox')}</h1><p class="meta">${tHtml(locale, 'Messages sent while no real provider is configured. Nothing here left this machine.')}</p>${items}`,
    { locale, script: messages.length ? localTimesScript(lang) : undefined },
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
