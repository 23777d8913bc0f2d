import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { TestClient } from '../../test/harness';
import { waitUntil } from '../../test/wait';
import { videos } from '../videos/tables';
import { setup, setUpSmtpWorld, t } from './fixtures/distribute';

/**
 * The unsubscribe page and the landing links' error pages speak the server's words (decision 223) in
 * the recipient's language: the one their e-mail and page had (the contact's, else the video's,
 * decision 226), even once the video is deleted; a page for nobody known, in the browser's language.
 */
setUpSmtpWorld();

const ONE_CLICK = { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' };

describe('the unsubscribe page in the recipient’s language', () => {
  test('French for a French contact, Spanish for a contact without one on a Spanish video, English for an English contact; after the video is deleted too', async () => {
    const s = await setup({
      contacts: [
        { firstName: 'Zoé', email: 'zoe@example.com', language: 'fr' },
        { name: 'Ana Ruiz', email: 'ana@example.com' },
        { name: 'Ed Jones', email: 'ed@example.com', language: 'en' },
      ],
      campaign: { senderName: 'Ada at Studio' },
    });
    await t.deps.db.update(videos).set({ language: 'es' }).where(eq(videos.id, s.videoId));
    const res = await s.client.post(`/api/videos/${s.videoId}/distribute`, { contactIds: s.contactIds, platforms: ['email'], message: 'Hello' });
    expect(res.status).toBe(201);
    const detail = async () => (await s.client.get(`/api/distributions/${res.data.distributionId}`)).data;
    expect(await waitUntil(async () => (await detail()).counts.sent === 3)).toBe(true);
    const sent = (await detail()).deliveries as { address: string; landingUrl: string }[];
    const tokenOf = (address: string) => new URL(sent.find((d) => d.address === address)!.landingUrl).pathname.slice(3);
    const [zoe, ana, ed] = [tokenOf('zoe@example.com'), tokenOf('ana@example.com'), tokenOf('ed@example.com')];
    const anon = new TestClient(t.app);

    const fr = (await anon.get(`/unsubscribe/${zoe}`)).data as string;
    expect(fr).toContain('<html lang="fr">');
    expect(fr).toContain('<title>Se désabonner</title>');
    expect(fr).toContain('Ne plus recevoir de vidéos de Ada at Studio à l’adresse z•••e@example.com ?');
    expect(fr).toContain('<button type="submit">Se désabonner</button>');
    expect(fr).not.toContain('Stop receiving');
    const frDone = await anon.request('POST', `/unsubscribe/${zoe}`, 'List-Unsubscribe=One-Click', ONE_CLICK);
    expect(frDone.status).toBe(200);
    expect(frDone.data).toContain('<h1>Vous êtes désabonné</h1>');
    expect(frDone.data).toContain('z•••e@example.com ne recevra plus de vidéos de Ada at Studio.');

    const es = (await anon.get(`/unsubscribe/${ana}`)).data as string;
    expect(es).toContain('<html lang="es">');
    expect(es).toContain('¿Dejar de recibir vídeos de Ada at Studio en a•••a@example.com?');

    const en = (await anon.get(`/unsubscribe/${ed}`)).data as string;
    expect(en).toContain('<html lang="en">');
    expect(en).toContain('Stop receiving videos from Ada at Studio at e•••d@example.com?');

    // The video deleted: the kept link keeps the recipient's language, and the page says the video is gone in theirs.
    expect((await s.client.delete(`/api/videos/${s.videoId}`)).status).toBe(200);
    expect((await anon.get(`/unsubscribe/${ana}`)).data).toContain('¿Dejar de recibir vídeos de Ada at Studio en a•••a@example.com?');
    const esDone = await anon.request('POST', `/unsubscribe/${ana}`, 'List-Unsubscribe=One-Click', ONE_CLICK);
    expect(esDone.data).toContain('<h1>Te has dado de baja</h1>');
    expect((await anon.get(`/unsubscribe/${zoe}`)).data).toContain('<h1>Vous êtes désabonné</h1>');
    const gone = await anon.get(`/v/${ana}`, { 'accept-language': 'es-ES,es;q=0.9' });
    expect(gone.status).toBe(410);
    expect(gone.data).toContain('<h1>Este vídeo ya no está disponible</h1>');
  }, 30_000);

  test('a link nobody is known by: in the browser’s language, else English', async () => {
    const anon = new TestClient(t.app);
    const fr = await anon.get('/unsubscribe/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' });
    expect(fr.status).toBe(404);
    expect(fr.data).toContain('<html lang="fr">');
    expect(fr.data).toContain('<h1>Ce lien n’est pas valide</h1>');
    const en = await anon.get('/v/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', { 'accept-language': 'de' });
    expect(en.status).toBe(404);
    expect(en.data).toContain('<h1>This link is not valid</h1>');
  });
});
