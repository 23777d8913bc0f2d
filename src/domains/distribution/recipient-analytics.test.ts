import { beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { signedInClient, TestClient, testApp } from '../../test/harness';
import { deliveries } from './tables';
import { waitUntil } from '../../test/wait';
import { servedPage } from '../tracking/fixtures/viewer';

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
});
beforeEach(() => t.deps.limits.track.reset('unknown'));

type Row = {
  id: string;
  contactId: string | null;
  kind: string;
  name: string;
  address: string | null;
  channel: string;
  status: string;
  deliveredAt: string | null;
  openedAt: string | null;
  watched: number | null;
  ctaClicked: boolean;
  unsubscribed: boolean;
  reason: string | null;
  videoTitle: string;
};

/**
 * A campaign sent by e-mail to five contacts: Ada watches 90 % and clicks, Bob only opens the
 * page, Cy watches 10 % and unsubscribes, Dee has no e-mail address (skipped), Eve's delivery
 * fails. Every figure comes from the landing page's own beacons.
 */
async function scenario() {
  const s = await signedInClient(t.app);
  const campaign = (await s.client.post('/api/campaigns', { name: 'Per contact', platforms: ['email'] })).data;
  const video = (await s.client.post('/api/videos', { title: 'Demo', videoUrl: 'https://cdn.example.com/d.mp4', status: 'completed', campaignId: campaign.id }))
    .data;
  const list = (await s.client.post('/api/contact-lists', { name: 'Leads' })).data;
  const people = [
    { name: 'Ada Lovelace', email: 'ada@example.com' },
    { name: 'Bob Stone', email: 'bob@example.com' },
    { name: 'Cy Young', email: 'cy@example.com' },
    { name: 'Dee Phone', phoneNumber: '+33612345678' },
    { name: 'Eve Fail', email: 'eve@example.com' },
  ];
  const ids: string[] = [];
  for (const p of people) {
    const r = await s.client.post(`/api/contact-lists/${list.id}/contacts`, p);
    expect(r.status).toBe(201);
    ids.push(r.data.id);
  }
  const sent = await s.client.post(`/api/videos/${video.id}/distribute`, { contactIds: ids, platforms: ['email'], campaignId: campaign.id });
  expect(sent.status).toBe(201);
  expect(sent.data.deliveries).toBe(4);
  expect(await waitUntil(async () => (await s.client.get(`/api/distributions/${sent.data.distributionId}/progress`)).data.deliveries.sent === 4)).toBe(true);
  const dist = (await s.client.get(`/api/distributions/${sent.data.distributionId}`)).data;
  const token = (email: string) => new URL(dist.deliveries.find((d: { address: string }) => d.address === email).landingUrl).pathname.slice(3);

  const anon = new TestClient(t.app);
  const beacon = (body: Record<string, unknown>) => anon.request('POST', '/api/track', JSON.stringify(body), { 'content-type': 'text/plain;charset=UTF-8' });
  const ada = token('ada@example.com');
  const adaPage = (await servedPage(anon, ada)).page;
  for (const [event, percent] of [['open'], ['view'], ['progress', 35], ['progress', 90], ['cta']] as const)
    expect((await beacon({ token: ada, page: adaPage, event, ...(percent ? { percent } : {}) })).status).toBe(204);
  const bob = token('bob@example.com');
  await beacon({ token: bob, page: (await servedPage(anon, bob)).page, event: 'open' });
  const cy = token('cy@example.com');
  const cyPage = (await servedPage(anon, cy)).page;
  await beacon({ token: cy, page: cyPage, event: 'open' });
  await beacon({ token: cy, page: cyPage, event: 'progress', percent: 10 });
  expect((await anon.post(`/unsubscribe/${cy}`)).status).toBe(200);
  // A delivery that failed for good (as the outbox records a refused recipient).
  await t.deps.db
    .update(deliveries)
    .set({ status: 'failed', sentAt: null, error: '550 5.1.1 Mailbox unavailable' })
    .where(eq(deliveries.token, token('eve@example.com')));

  const page = async (input: Record<string, unknown> = {}, client = s.client) =>
    client.trpc('query', 'distribution.campaignRecipients', { campaignId: campaign.id, ...input });
  const rows = async (input: Record<string, unknown> = {}) => {
    const res = await page(input);
    expect(res.status).toBe(200);
    return res.data.result.data as { total: number; rows: Row[] };
  };
  return { ...s, campaign, video, page, rows };
}

let shared: Awaited<ReturnType<typeof scenario>>;
const get = async () => (shared ??= await scenario());

describe('the per-contact table', () => {
  test('one row per delivery and per skipped recipient, with figures from the landing page beacons', async () => {
    const { rows } = await get();
    const all = await rows({ sort: 'contact', dir: 'asc' });
    expect(all.total).toBe(5);
    const by = Object.fromEntries(all.rows.map((r) => [r.name, r]));
    expect(by['Ada Lovelace']).toMatchObject({
      kind: 'delivery',
      channel: 'email',
      status: 'sent',
      address: 'ada@example.com',
      watched: 90,
      ctaClicked: true,
      unsubscribed: false,
      reason: null,
      videoTitle: 'Demo',
    });
    expect(by['Ada Lovelace']!.deliveredAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(by['Ada Lovelace']!.openedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Opened the page, never played: opened, no watched figure.
    expect(by['Bob Stone']).toMatchObject({ watched: null, ctaClicked: false, unsubscribed: false });
    expect(by['Bob Stone']!.openedAt).not.toBeNull();
    expect(by['Cy Young']).toMatchObject({ watched: 10, ctaClicked: false, unsubscribed: true });
    expect(by['Dee Phone']).toMatchObject({
      kind: 'skipped',
      status: 'skipped',
      channel: 'email',
      address: '+33612345678',
      deliveredAt: null,
      openedAt: null,
      watched: null,
      reason: 'No e-mail address',
    });
    expect(by['Eve Fail']).toMatchObject({ status: 'failed', deliveredAt: null, openedAt: null, reason: '550 5.1.1 Mailbox unavailable' });
  });

  test('sorts by every key, both ways, missing values last', async () => {
    const { rows } = await get();
    const names = async (sort: string, dir: string) => (await rows({ sort, dir })).rows.map((r) => r.name.split(' ')[0]);
    expect(await names('contact', 'asc')).toEqual(['Ada', 'Bob', 'Cy', 'Dee', 'Eve']);
    expect(await names('contact', 'desc')).toEqual(['Eve', 'Dee', 'Cy', 'Bob', 'Ada']);
    expect((await names('watched', 'desc')).slice(0, 2)).toEqual(['Ada', 'Cy']);
    expect((await names('watched', 'asc')).slice(0, 2)).toEqual(['Cy', 'Ada']);
    expect((await names('cta', 'desc'))[0]).toBe('Ada');
    expect((await names('unsubscribed', 'desc'))[0]).toBe('Cy');
    expect((await names('opened', 'asc')).slice(3).sort()).toEqual(['Dee', 'Eve']); // never opened: last
    expect((await names('deliveredAt', 'desc')).slice(3).sort()).toEqual(['Dee', 'Eve']); // not delivered: last
    expect((await names('deliveredAt', 'asc')).slice(0, 3).sort()).toEqual(['Ada', 'Bob', 'Cy']);
    expect(new Set(await names('channel', 'asc')).size).toBe(5);
  });

  test('searches name and address (case-insensitive, % and _ taken literally) and paginates with the total', async () => {
    const { rows } = await get();
    expect((await rows({ search: 'BOB' })).rows.map((r) => r.name)).toEqual(['Bob Stone']);
    expect((await rows({ search: 'example.com' })).total).toBe(4);
    expect((await rows({ search: '+336' })).rows.map((r) => r.name)).toEqual(['Dee Phone']);
    expect((await rows({ search: '%' })).total).toBe(0);
    expect((await rows({ search: '_' })).total).toBe(0);
    const seen: string[] = [];
    for (const offset of [0, 2, 4]) {
      const p = await rows({ sort: 'contact', dir: 'asc', limit: 2, offset });
      expect(p.total).toBe(5);
      seen.push(...p.rows.map((r) => r.name));
    }
    expect(seen).toEqual(['Ada Lovelace', 'Bob Stone', 'Cy Young', 'Dee Phone', 'Eve Fail']);
    expect(await rows({ limit: 2, offset: 10 })).toEqual({ total: 5, rows: [] });
    expect(await rows({ search: 'bob', limit: 2, offset: 10 })).toEqual({ total: 1, rows: [] });
  });

  test("owner-scoped: another user's campaign answers 404; the rows follow the campaign's videos; bad input is 400", async () => {
    const { page, client, video, campaign } = await get();
    const other = await signedInClient(t.app);
    expect((await page({}, other.client)).status).toBe(404);
    expect((await page({ limit: 101 })).status).toBe(400);
    expect((await page({ sort: 'email' })).status).toBe(400);
    expect((await page({ search: 'x'.repeat(101) })).status).toBe(400);
    // The other user's own empty campaign has no rows from ours.
    const theirs = (await other.client.post('/api/campaigns', { name: 'Theirs', platforms: ['email'] })).data;
    expect((await other.client.trpc('query', 'distribution.campaignRecipients', { campaignId: theirs.id })).data.result.data).toEqual({ total: 0, rows: [] });
    // A campaign's figures are those of the videos it holds now.
    await client.patch(`/api/videos/${video.id}`, { campaignId: null });
    expect((await page()).data.result.data.total).toBe(0);
    await client.patch(`/api/videos/${video.id}`, { campaignId: campaign.id });
    expect((await page()).data.result.data.total).toBe(5);
  });

  test('a contact deleted after unsubscribing still shows as unsubscribed (the opt-out is kept by address)', async () => {
    const { rows, client } = await get();
    const cy = (await rows({ search: 'Cy Young' })).rows[0]!;
    expect((await client.delete(`/api/contacts/${cy.contactId}`)).status).toBeLessThan(300);
    expect((await rows({ search: 'Cy Young' })).rows[0]).toMatchObject({ contactId: null, unsubscribed: true, watched: 10 });
  });
});
