import { beforeAll, describe, expect, test } from 'bun:test';
import { formWith, PNG_1x1 } from '../../test/fixtures';
import type { TestClient } from '../../test/harness';
import { spaApp } from './fixtures/spa-app';
import { API_CSP, APP_CSP } from './security-headers';

// Issue 9 item 10: every response carries a CSP, frame protection, nosniff and a referrer
// policy; pages that bring their own (nonce CSP, sandboxed files) keep theirs.

let anon: TestClient;
let user: TestClient;
beforeAll(async () => {
  ({ anon, user } = await spaApp({
    'assets/app-1.js': 'console.log(1)',
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  }));
}, 120_000);

function expectBase(h: Headers, what: string) {
  expect({ what, nosniff: h.get('x-content-type-options'), frame: h.get('x-frame-options'), referrer: !!h.get('referrer-policy') }).toEqual({
    what,
    nosniff: 'nosniff',
    frame: 'DENY',
    referrer: true,
  });
  expect({ what, frameAncestors: h.get('content-security-policy') ?? '' }).toEqual({ what, frameAncestors: expect.stringContaining("frame-ancestors 'none'") });
}

describe('security headers', () => {
  test('SPA pages and static assets: the app policy', async () => {
    for (const p of ['/', '/dashboard', '/campaigns/abc', '/assets/app-1.js', '/favicon.svg', '/dashboard%']) {
      const res = await anon.get(p);
      expect({ p, status: res.status }).toEqual({ p, status: 200 });
      expectBase(res.headers, p);
      expect(res.headers.get('content-security-policy')).toBe(APP_CSP);
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
    // This origin's scripts, and WebAssembly compiled by them (the face detector), never JavaScript eval.
    expect(APP_CSP).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(APP_CSP).not.toContain('unsafe-inline');
    expect(APP_CSP).not.toContain("'unsafe-eval'");
  });

  test('/api JSON, errors, tRPC and early refusals: the no-content policy', async () => {
    const cases: [TestClient, string, string, unknown?, Record<string, string>?][] = [
      [user, 'GET', '/api/user'],
      [anon, 'GET', '/api/user'],
      [anon, 'GET', '/api/nothing-here'],
      [anon, 'GET', '/api/%'],
      [user, 'GET', '/api/campaigns/nope'],
      [user, 'POST', '/api/campaigns', '{bad json'],
      [user, 'POST', '/api/campaigns', {}, { origin: 'https://evil.example' }],
      [anon, 'GET', '/api/openapi.json'],
      [user, 'GET', '/trpc/users.me'],
      [user, 'GET', '/trpc/nope.nope'],
    ];
    for (const [client, method, path, body, headers] of cases) {
      const res = await client.request(method, path, body, headers);
      expectBase(res.headers, `${method} ${path} ${res.status}`);
      expect({ path, csp: res.headers.get('content-security-policy') }).toEqual({ path, csp: API_CSP });
    }
    const track = await anon.post('/api/track', { token: 'nopenopenope', page: 'p'.repeat(40), event: 'view' });
    expectBase(track.headers, 'track');
  });

  test('stored files keep their sandbox policy and gain the rest; binary API routes are covered', async () => {
    const up = await user.post('/api/backgrounds/upload', formWith('file', PNG_1x1, 'a.png', 'image/png'));
    for (const p of [up.data.url, '/files/nope', '/api/avatars/stock-1/thumbnail.png']) {
      const res = await user.get(p);
      expectBase(res.headers, p);
    }
    expect((await user.get(up.data.url)).headers.get('content-security-policy')).toBe("default-src 'none'; sandbox; frame-ancestors 'none'");
  });

  test('server-rendered pages keep their nonce policy', async () => {
    const { data } = await user.post('/api/social-connections/auth-url', { platformId: 'linkedin' });
    for (const [client, p] of [
      [user, data.authUrl],
      [user, '/sandbox/inbox'],
      [anon, '/sandbox/inbox'],
      [user, '/sandbox/publishing/posts'],
      [anon, '/sandbox/publishing/posts'],
      [anon, '/v/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'],
      [anon, '/unsubscribe/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'],
    ] as const) {
      const res = await client.get(p);
      expectBase(res.headers, p);
      expect({ p, csp: res.headers.get('content-security-policy') }).toEqual({
        p,
        csp: expect.stringMatching(/^default-src 'none'; .*script-src 'nonce-|^default-src 'none'; style-src 'unsafe-inline'/),
      });
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });
});
