import { beforeAll, describe, expect, test } from 'bun:test';
import { signedInClient, testApp } from '../../test/harness';
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
