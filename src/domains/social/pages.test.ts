import { beforeAll, describe, expect, test } from 'bun:test';
import { signedInClient, TestClient, testApp } from '../../test/harness';
import { DATE_OPTIONS } from './page-style';

let app: Awaited<ReturnType<typeof testApp>>['app'];
beforeAll(async () => {
  ({ app } = await testApp());
});

/** The page's text as a reader sees it: tags, the style and the script left out. */
const visibleText = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>|<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('the sandbox inbox page', () => {
  test('dates in the viewer’s language, never ISO; the app’s look, light and dark; nothing inline without the nonce', async () => {
    const { client } = await signedInClient(app);
    expect((await client.patch('/api/settings', { language: 'fr' })).status).toBe(200);
    await client.post('/api/social-connections/whatsapp/direct', { phoneNumber: '+33612345678' });
    expect((await client.post('/api/unipile/send-whatsapp', { phoneNumber: '+1 555 010 0000', message: 'Bonjour' })).status).toBeLessThan(300);
    const [message] = (await client.get('/api/sandbox/inbox')).data.messages;

    const page = await client.get('/sandbox/inbox');
    expect(page.status).toBe(200);
    const html = page.data as string;
    expect(html).toContain('<html lang="fr">');
    const text = visibleText(html);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    const expected = new Intl.DateTimeFormat('fr', { ...DATE_OPTIONS, timeZone: 'UTC', timeZoneName: 'short' }).format(new Date(message.createdAt));
    expect(text).toContain(expected);
    expect(html).toContain(`<time datetime="${message.createdAt}">`);

    // The app's palette, both schemes.
    expect(html).toContain('oklch(45% .24 277.023)');
    expect(html).toContain('@media (prefers-color-scheme:dark)');

    // CSP: style and script only under this page's nonce; no inline style attribute anywhere.
    const csp = page.headers.get('content-security-policy') as string;
    const nonce = /style-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeString();
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain(`script-src 'nonce-${nonce}'`);
    expect(html).toContain(`<style nonce="${nonce}">`);
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html).not.toMatch(/\sstyle="/);
  });

  test('English viewers get English dates', async () => {
    const { client } = await signedInClient(app);
    await client.post('/api/social-connections/whatsapp/direct', { phoneNumber: '+33612345678' });
    await client.post('/api/unipile/send-whatsapp', { phoneNumber: '+1 555 010 0000', message: 'Hello' });
    const [message] = (await client.get('/api/sandbox/inbox')).data.messages;
    const html = (await client.get('/sandbox/inbox')).data as string;
    expect(html).toContain('<html lang="en">');
    expect(visibleText(html)).toContain(
      new Intl.DateTimeFormat('en', { ...DATE_OPTIONS, timeZone: 'UTC', timeZoneName: 'short' }).format(new Date(message.createdAt)),
    );
  });
});

describe('the connect flow’s pages in the user’s language (decision 223)', () => {
  const form = (action: string) => new URLSearchParams({ action, platform: 'linkedin', accountName: 'Moi' }).toString();
  const posted = { origin: 'http://localhost', 'content-type': 'application/x-www-form-urlencoded' };

  test('a French user: the consent page, its result and the provider’s return page are French', async () => {
    const { client } = await signedInClient(app);
    expect((await client.patch('/api/settings', { language: 'fr' })).status).toBe(200);
    const link = (await client.post('/api/social-connections/auth-url', { platformId: 'linkedin' })).data;
    const consent = await client.get(link.authUrl);
    expect(consent.status).toBe(200);
    const html = consent.data as string;
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<h1>Connecter LinkedIn (bac à sable)</h1>');
    expect(html).toContain('aucun vrai compte n’est contacté');
    expect(html).toContain('>Autoriser</button>');
    expect(visibleText(html)).not.toContain('Allow');

    const done = await client.request('POST', link.authUrl, form('allow'), posted);
    expect(done.status).toBe(200);
    expect(done.data).toContain('<h1>Connexion effectuée</h1>');
    expect(done.data).toContain('Le compte bac à sable est connecté. Cette fenêtre se ferme toute seule.');
    expect(done.data).toContain('>Continuer</a>');
    // The link is used: said in French too.
    const again = await client.request('POST', link.authUrl, form('allow'), posted);
    expect(again.status).toBe(404);
    expect(again.data).toContain('<h1>Lien expiré</h1>');
    expect(again.data).toContain('Ce lien de connexion a expiré ou a déjà servi');

    const failed = await client.get(`/social/connected?request=${link.requestId}&error=1`);
    expect(failed.data).toContain('<h1>Connexion non effectuée</h1>');
    expect(failed.data).toContain('Le compte n’a pas pu être connecté.');
  });

  test('a Spanish user cancels in Spanish; signed out, the page follows the browser', async () => {
    const { client } = await signedInClient(app);
    expect((await client.patch('/api/settings', { language: 'es' })).status).toBe(200);
    const link = (await client.post('/api/social-connections/auth-url', { platformId: 'linkedin' })).data;
    const cancelled = await client.request('POST', link.authUrl, form('cancel'), posted);
    expect(cancelled.data).toContain('<h1>Conexión no completada</h1>');
    expect(cancelled.data).toContain('La conexión se canceló.');

    const anon = await new TestClient(app).get(link.authUrl, { 'accept-language': 'fr-CA,fr;q=0.9' });
    expect(anon.status).toBe(401);
    expect(anon.data).toContain('<h1>Connectez-vous pour continuer</h1>');
    expect(anon.data).toContain('>Se connecter</a>');
  });
});
