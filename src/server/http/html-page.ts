// The server-rendered pages outside the SPA (landing and unsubscribe pages, the sandbox's and the
// connect flow's pages) answer through one function: whatever else a page allows, its inline style
// and script run only under a fresh nonce, it is never sniffed, sends no referrer, posts forms only
// here and is never framed.

export type NoncedPageOptions = {
  status?: number;
  /** CSP directives the page needs besides the nonce'd style and script (`img-src …; media-src …`). */
  allow?: string;
  /** Headers particular to the page (caching, robots, Retry-After). */
  headers?: Record<string, string>;
};

/** The page written by `html(nonce)`, with the headers every such page carries. */
export function noncedPage(html: (nonce: string) => string, opts: NoncedPageOptions = {}): Response {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
  const allow = opts.allow ? `${opts.allow}; ` : '';
  return new Response(html(nonce), {
    status: opts.status ?? 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      ...opts.headers,
      'content-security-policy': `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; ${allow}form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    },
  });
}

/** The page's one inline script, under its nonce (nothing when there is none). */
export const scriptTag = (nonce: string, script: string | undefined) => (script ? `<script nonce="${nonce}">${script}</script>` : '');
