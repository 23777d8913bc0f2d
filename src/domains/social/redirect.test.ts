import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { HOSTILE_REDIRECTS } from '../../test/hostile-redirects';
import { signedInClient, type TestClient, testApp } from '../../test/harness';
import { donePage } from './pages';
import { SOCIAL_MESSAGES } from './schemas';
import { socialConnectRequests } from './tables';

// Issue 9 item 2: the connect flow's redirect_uri stays on this app, and the page that ends
// the flow writes it into its script as data, never as markup.

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
}, 120_000);

const SAME_ORIGIN = { origin: 'http://localhost' };
const META = '</script><meta http-equiv=refresh content=0;url=//evil.example>';

/** Allows the sandbox consent as the popup does, and returns the page that ends the flow. */
async function allow(client: TestClient, authUrl: string) {
  const res = await client.request('POST', authUrl, new URLSearchParams({ action: 'allow', platform: 'linkedin', accountName: 'Me' }).toString(), {
    ...SAME_ORIGIN,
    'content-type': 'application/x-www-form-urlencoded',
  });
  expect(res.status).toBe(200);
  return res.data as string;
}

/** The single script of a page, and everything outside it. */
function split(html: string) {
  const m = /<script nonce="[^"]+">([\s\S]*?)<\/script>/.exec(html);
  expect(m).not.toBeNull();
  return { script: m![1]!, rest: html.replace(m![0], '') };
}

describe('connect flow redirect_uri', () => {
  test('auth-url and hosted-auth refuse every hostile redirect', async () => {
    const { client } = await signedInClient(t.app);
    for (const redirectUri of HOSTILE_REDIRECTS) {
      for (const path of ['/api/social-connections/auth-url', '/api/social-connections/hosted-auth']) {
        const res = await client.post(path, { platformId: 'linkedin', redirectUri });
        expect({ redirectUri, path, status: res.status, body: res.data }).toEqual({
          redirectUri,
          path,
          status: 400,
          body: { message: SOCIAL_MESSAGES.redirectUri },
        });
      }
      const trpc = await client.trpc('mutation', 'social.authUrl', { platformId: 'linkedin', redirectUri });
      expect({ redirectUri, status: trpc.status }).toEqual({ redirectUri, status: 400 });
    }
  });

  test('a path or an address of this app is kept as its path', async () => {
    const { client } = await signedInClient(t.app);
    for (const [given, kept] of [
      ['/create-video?step=4', '/create-video?step=4'],
      ['http://localhost/create-video', '/create-video'],
    ]) {
      const res = await client.post('/api/social-connections/auth-url', { platformId: 'linkedin', redirectUri: given });
      expect(res.status).toBe(200);
      const page = await allow(client, res.data.authUrl);
      expect(split(page).script).toContain(`window.location.replace(${JSON.stringify(kept)})`);
    }
  });

  test('markup in a redirect is encoded by the URL parser and never reaches the page as markup', async () => {
    const { client } = await signedInClient(t.app);
    const res = await client.post('/api/social-connections/auth-url', { platformId: 'linkedin', redirectUri: `/create-video${META}` });
    expect(res.status).toBe(200);
    const page = await allow(client, res.data.authUrl);
    const { script, rest } = split(page);
    expect(page).not.toContain('<meta http-equiv');
    expect(rest).not.toContain('<script');
    expect(script).not.toContain('<');
  });

  test('a hostile redirect stored before this check ends at /social-profiles', async () => {
    const { client } = await signedInClient(t.app);
    // (A NUL cannot be stored: PostgreSQL refuses it in text.)
    for (const bad of [...HOSTILE_REDIRECTS.filter((r) => !r.includes('\u0000'))]) {
      const res = await client.post('/api/social-connections/auth-url', { platformId: 'linkedin' });
      await t.deps.db.update(socialConnectRequests).set({ redirectUri: bad }).where(eq(socialConnectRequests.id, res.data.requestId));
      const page = await allow(client, res.data.authUrl);
      const { script } = split(page);
      expect({ bad, script }).toEqual({ bad, script: expect.stringContaining('window.location.replace("/social-profiles")') });
      expect(page).not.toContain('evil.example');
      const back = await client.get(`/social/connected?request=${res.data.requestId}`);
      expect(back.data).toContain('window.location.replace("/social-profiles")');
    }
    // Markup stored as it was typed: a harmless, encoded path of this app.
    const res = await client.post('/api/social-connections/auth-url', { platformId: 'linkedin' });
    await t.deps.db.update(socialConnectRequests).set({ redirectUri: META }).where(eq(socialConnectRequests.id, res.data.requestId));
    const page = await allow(client, res.data.authUrl);
    expect(page).not.toContain('<meta http-equiv');
    expect(split(page).script).toContain('window.location.replace("/%3C/script%3E%3Cmeta');
  });

  test('the page serialises its data safely even when handed markup', () => {
    return donePage({ ok: true, message: 'm', redirect: META, locale: 'en' })
      .text()
      .then((html) => {
        const { script, rest } = split(html);
        expect(html).not.toContain('<meta http-equiv');
        expect(rest).not.toContain('<script');
        expect(script).toContain('\\u003c/script\\u003e');
      });
  });
});
