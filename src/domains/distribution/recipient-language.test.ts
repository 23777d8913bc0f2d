import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { TestClient } from '../../test/harness';
import { waitUntil } from '../../test/wait';
import { mailsTo, setup, setUpSmtpWorld, t } from './fixtures/distribute';
import { decodeWords } from './fixtures/smtp-sink';
import { deliveryEvent } from './outbox';
import { deliveries } from './tables';

/**
 * What each recipient reads, in their language, with the fallbacks as written (decision 226): a
 * left-out first name reads cleanly in the e-mail and on the page; a French contact gets a French
 * e-mail and page. And a campaign holding a sent video: active, counted as published, its
 * call-to-action and sender on pages sent before the video joined it, its id in their webhooks.
 */
setUpSmtpWorld();

const sent = (client: TestClient, distributionId: string, n: number) =>
  waitUntil(async () => (await client.get(`/api/distributions/${distributionId}/progress`)).data.deliveries.sent === n);

async function pageOf(client: TestClient, distributionId: string, address: string) {
  const list = (await client.get(`/api/distributions/${distributionId}`)).data.deliveries as { address: string; landingUrl: string }[];
  const d = list.find((x) => x.address === address)!;
  return (await new TestClient(t.app).get(new URL(d.landingUrl).pathname)).data as string;
}

describe('recipients’ language and fallbacks', () => {
  test('a contact without a first name gets the dropped form; a French contact a French e-mail and page', async () => {
    const s = await setup({
      contacts: [{ email: 'nameless@example.com' }, { firstName: 'Zoé', lastName: 'Martin', email: 'zoe@example.com', language: 'Français' }],
    });
    const contact = (await s.client.get(`/api/contact-lists/${s.listId}/contacts`)).data.find((c: { email: string }) => c.email === 'zoe@example.com');
    expect(contact.language).toBe('fr');
    const res = await s.client.post(`/api/videos/${s.videoId}/distribute`, {
      contactIds: s.contactIds,
      platforms: ['email'],
      message: 'Thanks, {first_name|}, talk soon!',
    });
    expect(res.status).toBe(201);
    expect(await sent(s.client, res.data.distributionId, 2)).toBe(true);

    const [nameless] = mailsTo('nameless@example.com');
    expect(nameless?.text).toStartWith('Thanks, talk soon!\n');
    expect(nameless?.text).toContain('Watch your video:');
    expect(nameless?.headers.get('subject')).toBe('A video for you: Product <tour> & more');
    const page = await pageOf(s.client, res.data.distributionId, 'nameless@example.com');
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<h1>Hi!</h1>');
    expect(page).not.toContain('there');

    const [zoe] = mailsTo('zoe@example.com');
    expect(zoe?.text).toStartWith('Thanks, Zoé, talk soon!\n');
    expect(zoe?.text).toContain('Regarder votre vidéo: http');
    expect(zoe?.html).toContain('<html lang="fr">');
    expect(zoe?.html).toContain('Se désabonner');
    expect(decodeWords(zoe?.headers.get('subject') ?? '')).toBe('Zoé, une vidéo pour vous : Product <tour> & more');
    const fr = await pageOf(s.client, res.data.distributionId, 'zoe@example.com');
    expect(fr).toContain('<html lang="fr">');
    expect(fr).toContain('<h1>Bonjour Zoé!</h1>');
    expect(fr).toContain('a enregistré une vidéo pour vous');
    expect(fr).toContain('>Prendre contact</a>');
    expect(fr).toContain('aria-label="Lire la vidéo"');
  });

  test('without a message, a French contact gets the default one in French; a bad language is refused', async () => {
    const s = await setup({ contacts: [{ name: 'Léa Petit', firstName: 'Léa', email: 'lea@example.com', language: 'fr' }] });
    const res = await s.client.post(`/api/videos/${s.videoId}/distribute`, { contactIds: s.contactIds, platforms: ['email'] });
    expect(res.status).toBe(201);
    expect(await sent(s.client, res.data.distributionId, 1)).toBe(true);
    expect(mailsTo('lea@example.com')[0]?.text).toStartWith("Bonjour Léa,\n\nJ'ai enregistré une courte vidéo pour vous: « Product <tour> & more »");
    const bad = await s.client.post(`/api/contact-lists/${s.listId}/contacts`, { email: 'x@example.com', language: 'klingon' });
    expect(bad).toMatchObject({ status: 400, data: { message: 'Language must be en, fr or es' } });
    // Set by hand afterwards (tRPC), scoped to the workspace.
    const set = await s.client.trpc('mutation', 'contacts.setLanguage', { id: s.contactIds[0], language: 'es' });
    expect(set.data.result.data.language).toBe('es');
    const other = await setup({ contacts: [] });
    expect((await other.client.trpc('mutation', 'contacts.setLanguage', { id: s.contactIds[0], language: 'en' })).status).toBe(404);
  });
});

describe('a campaign holding a sent video', () => {
  test('reads active and counts it as published', async () => {
    const s = await setup({ contacts: [{ firstName: 'Ann', email: 'ann@example.com' }], campaign: {} });
    expect((await s.client.get(`/api/campaigns/${s.campaignId}`)).data).toMatchObject({ status: 'draft' });
    const res = await s.client.post(`/api/videos/${s.videoId}/distribute`, { contactIds: s.contactIds, platforms: ['email'] });
    expect(await sent(s.client, res.data.distributionId, 1)).toBe(true);
    expect((await s.client.get(`/api/campaigns/${s.campaignId}`)).data).toMatchObject({ status: 'active', publishedVideos: 1 });
    expect((await s.client.get(`/api/videos/${s.videoId}`)).data.status).toBe('published');
  });

  test('messages sent before the video joined it get its call-to-action and sender, and its id in their webhooks', async () => {
    const s = await setup({ contacts: [{ firstName: 'Bea', email: 'bea@example.com' }] });
    const res = await s.client.post(`/api/videos/${s.videoId}/distribute`, { contactIds: s.contactIds, platforms: ['email'] });
    expect(await sent(s.client, res.data.distributionId, 1)).toBe(true);
    expect(await pageOf(s.client, res.data.distributionId, 'bea@example.com')).toContain('>Get in touch</a>');
    const c = await s.client.post('/api/campaigns', {
      name: 'Later',
      platforms: ['email'],
      ctaLabel: 'Book a call',
      ctaUrl: 'https://cal.example.com/x',
      senderName: 'Sam',
    });
    expect((await s.client.patch(`/api/videos/${s.videoId}`, { campaignId: c.data.id })).status).toBe(200);
    const page = await pageOf(s.client, res.data.distributionId, 'bea@example.com');
    expect(page).toContain('>Book a call</a>');
    expect(page).toContain('Sent by <strong>Sam</strong>');
    // The campaign counts it, and now reads active.
    expect((await s.client.get(`/api/campaigns/${c.data.id}`)).data).toMatchObject({ status: 'active', publishedVideos: 1 });
    const [row] = await t.deps.db.select().from(deliveries).where(eq(deliveries.distributionId, res.data.distributionId));
    const events: { data: Record<string, unknown> }[] = [];
    await deliveryEvent({ db: t.deps.db, emit: async (e) => void events.push(e as never) }, row!, 'delivery.sent');
    expect(events[0]?.data.campaignId).toBe(c.data.id);
  });
});
