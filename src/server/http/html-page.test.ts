import { describe, expect, test } from 'bun:test';
import { noncedPage, scriptTag } from './html-page';

describe('noncedPage', () => {
  test('one fresh nonce for the style, the script and the CSP; the common headers; the page its own', async () => {
    const res = noncedPage((n) => `<style nonce="${n}"></style>${scriptTag(n, 'go()')}`, {
      status: 404,
      allow: "img-src 'self' data:",
      headers: { 'cache-control': 'no-store' },
    });
    const html = await res.text();
    const nonce = /nonce="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(html).toBe(`<style nonce="${nonce}"></style><script nonce="${nonce}">go()</script>`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toBe(
      `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    );
  });

  test('a page with nothing more allowed, no script and no status answers 200 under the strict policy', async () => {
    const res = noncedPage((n) => `<p>${n.length}</p>${scriptTag(n, undefined)}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<p>24</p>');
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    expect(res.headers.get('content-security-policy')).toBe(
      `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    );
    expect(noncedPage(() => '').headers.get('content-security-policy')).not.toContain(`'nonce-${nonce}'`);
  });
});
