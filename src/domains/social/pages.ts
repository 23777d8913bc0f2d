import { MESSAGING_PLATFORMS, PLATFORM_NAMES, type MessagingPlatform } from '../../server/providers/messaging/types';
import { scriptJson } from '../../server/http/inline-script';
import type { InboxMessage } from './inbox';

// Small server-rendered pages of the connect flow and the sandbox inbox: they open in popups
// and must work without the SPA bundle. Every value is escaped; scripts need the page's nonce.

export const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
.badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:.1rem .6rem;font-size:.8rem;font-weight:600}
button,select,input{font:inherit;padding:.5rem .9rem;border-radius:.5rem;border:1px solid #d1d5db}
button.primary{background:#4f46e5;color:#fff;border-color:#4f46e5}.row{display:flex;gap:.5rem;margin-top:1rem}
label{display:block;margin-top:1rem;font-weight:600}input,select{width:100%;box-sizing:border-box;margin-top:.25rem}
.msg{border:1px solid #e5e7eb;border-radius:.5rem;padding:.75rem;margin:.75rem 0}.meta{color:#6b7280;font-size:.85rem}
pre{white-space:pre-wrap;word-break:break-word;font-family:inherit;margin:.5rem 0 0}`;

export function htmlPage(title: string, body: string, opts: { status?: number; script?: string } = {}): Response {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
  const script = opts.script ? `<script nonce="${nonce}">${opts.script}</script>` : '';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body>${body}${script}</body></html>`;
  return new Response(html, {
    status: opts.status ?? 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    },
  });
}

export function consentPage(opts: { token: string; platform: MessagingPlatform | null; accountName: string; appUser: string }) {
  const title = opts.platform ? `Connect ${PLATFORM_NAMES[opts.platform]} (sandbox)` : 'Connect an account (sandbox)';
  const choice = opts.platform
    ? `<input type="hidden" name="platform" value="${esc(opts.platform)}">`
    : `<label for="platform">Platform</label><select id="platform" name="platform">${MESSAGING_PLATFORMS.map((p) => `<option value="${p}">${esc(PLATFORM_NAMES[p])}</option>`).join('')}</select>`;
  return htmlPage(
    title,
    `<p><span class="badge">Sandbox</span></p><h1>${esc(title)}</h1>
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

export function inboxPage(messages: InboxMessage[]) {
  const items = messages.length
    ? messages
        .map(
          (m) => `<div class="msg"><div class="meta">${esc(m.channel)} · to ${esc(m.to)}${m.from ? ` · from ${esc(m.from)}` : ''} · ${esc(m.createdAt)}</div>
${m.subject ? `<strong>${esc(m.subject)}</strong>` : ''}<pre>${esc(m.text)}</pre>${m.html ? `<p><a href="/sandbox/inbox/${encodeURIComponent(m.id)}/html" target="_blank" rel="noopener">View HTML</a></p>` : ''}</div>`,
        )
        .join('')
    : '<p>No messages yet. Everything the sandbox providers send appears here.</p>';
  return htmlPage(
    'Sandbox inbox',
    `<p><span class="badge">Sandbox</span></p><h1>Sandbox inbox</h1><p class="meta">Messages sent while no real provider is configured. Nothing here left this machine.</p>${items}`,
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
