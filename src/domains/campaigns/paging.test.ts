import { beforeAll, describe, expect, test } from 'bun:test';
import { PAGING_MESSAGES } from '../../shared/paging';
import { newId } from '../../shared/ids';
import { signedInClient, testApp } from '../../test/harness';
import { videos } from '../videos/tables';
import { personalScope } from '../../server/scope';
import { listCampaigns } from './service';
import { campaigns } from './tables';

// Cursor pagination of the campaign list (docs/decisions/180-cursor-pagination.md).

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
  // The first file to open the shared database migrates it: slow on a loaded machine.
}, 60_000);

/** n campaigns inserted at once; `sameTime` of them share one created_at (the id breaks the tie). */
async function seed(workspaceId: string, n: number, opts: { sameTime?: number; name?: (i: number) => string; over?: (i: number) => object } = {}) {
  const base = Date.parse('2026-01-01T00:00:00Z');
  const rows = Array.from({ length: n }, (_, i) => ({
    id: newId(),
    workspaceId,
    name: opts.name?.(i) ?? `Campaign ${i}`,
    platforms: ['email'],
    createdAt: new Date(i < (opts.sameTime ?? 0) ? base : base + i * 1000),
    ...opts.over?.(i),
  }));
  await t.deps.db.insert(campaigns).values(rows);
  return rows;
}

const hooks = () => t.deps.hooks;

async function all(workspaceId: string, limit: number, between?: (page: number) => Promise<void>) {
  const seen: string[] = [];
  let cursor: string | null | undefined;
  for (let page = 0; page < 100; page++) {
    const p = await listCampaigns({ db: t.deps.db, hooks: hooks(), scope: personalScope(workspaceId), query: { limit, cursor } });
    expect(p.items.length).toBeLessThanOrEqual(limit);
    seen.push(...p.items.map((c) => c.id));
    if (!p.nextCursor) return seen;
    await between?.(page);
    cursor = p.nextCursor;
  }
  throw new Error('no last page');
}

describe('campaign list pages', () => {
  test('newest first with the id as tie-breaker; every row once across pages, even with inserts between pages', async () => {
    const { user } = await signedInClient(t.app);
    const rows = await seed(user.id, 11, { sameTime: 4 });
    const expected = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)).map((r) => r.id);
    expect(await all(user.id, 3)).toEqual(expected);
    // New campaigns (newer than all) arriving between pages never shift a later page.
    const seen = await all(user.id, 4, async () => void (await seed(user.id, 2, { over: () => ({ createdAt: new Date() }) })));
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(seen.length);
  });

  test('limit defaults to 50 and is at most 200; another user never appears, even with their cursor', async () => {
    const a = await signedInClient(t.app);
    const b = await signedInClient(t.app);
    await seed(a.user.id, 52);
    const bRows = await seed(b.user.id, 2);
    const first = await listCampaigns({ db: t.deps.db, hooks: hooks(), scope: personalScope(a.user.id) });
    expect(first.items).toHaveLength(50);
    expect(first.nextCursor).toBeString();
    // A's cursor used by B: B's own rows after that point, never A's.
    const bPage = await listCampaigns({ db: t.deps.db, hooks: hooks(), scope: personalScope(b.user.id), query: { cursor: first.nextCursor } });
    expect(bPage.items.every((c) => bRows.some((r) => r.id === c.id))).toBe(true);
    expect((await all(b.user.id, 200)).sort()).toEqual(bRows.map((r) => r.id).sort());

    for (const limit of ['0', '201', 'x']) {
      const res = await a.client.get(`/api/campaigns?limit=${limit}`);
      expect(res.status).toBe(400);
      expect(res.data).toEqual({ message: PAGING_MESSAGES.limit });
    }
    const trpc = await a.client.trpc('query', 'campaigns.list', { limit: 201 });
    expect(trpc.status).toBe(400);
  });

  test('a garbage or tampered cursor answers 400 { message } on REST and tRPC', async () => {
    const { client } = await signedInClient(t.app);
    const forged = Buffer.from(JSON.stringify(['not a time', 'x'])).toString('base64url');
    for (const cursor of ['garbage', forged]) {
      const res = await client.get(`/api/campaigns?cursor=${cursor}`);
      expect(res.status).toBe(400);
      expect(res.data).toEqual({ message: PAGING_MESSAGES.cursor });
      const trpc = await client.trpc('query', 'campaigns.list', { cursor });
      expect(trpc.status).toBe(400);
      expect(trpc.data.error.message).toBe(PAGING_MESSAGES.cursor);
    }
    expect((await client.get('/api/campaigns?cursor=a%2Bb')).status).toBe(400);
  });

  test('REST keeps the plain array and carries the next page in X-Next-Cursor and Link', async () => {
    const { client, user } = await signedInClient(t.app);
    const rows = await seed(user.id, 5);
    const first = await client.get('/api/campaigns?limit=2&q=campaign');
    expect(first.status).toBe(200);
    expect(Array.isArray(first.data)).toBe(true);
    expect(first.data.map((c: { id: string }) => c.id)).toEqual([rows[4].id, rows[3].id]);
    const next = first.headers.get('x-next-cursor');
    expect(next).toBeString();
    expect(first.headers.get('link')).toBe(`</api/campaigns?limit=2&q=campaign&cursor=${next}>; rel="next"`);
    const link = first.headers.get('link')!.slice(1, first.headers.get('link')!.indexOf('>'));
    const second = await client.get(link);
    expect(second.data.map((c: { id: string }) => c.id)).toEqual([rows[2].id, rows[1].id]);
    const last = await client.get(`/api/campaigns?limit=2&cursor=${second.headers.get('x-next-cursor')}`);
    expect(last.data.map((c: { id: string }) => c.id)).toEqual([rows[0].id]);
    expect(last.headers.get('x-next-cursor')).toBeNull();
    expect(last.headers.get('link')).toBeNull();
    // tRPC answers { items, nextCursor }.
    // tRPC answers { items, nextCursor }; its infinite queries also send a direction.
    const trpc = await client.trpc('query', 'campaigns.list', { limit: 4, direction: 'forward' });
    expect(trpc.data.result.data.items).toHaveLength(4);
    expect(trpc.data.result.data.nextCursor).toBeString();
  });

  test('filters run on the server, over every page: name, sector, effective status', async () => {
    const { user } = await signedInClient(t.app);
    await seed(user.id, 60, {
      name: (i) => (i % 20 === 0 ? `Spring ${i}` : `Other ${i}`),
      over: (i) => ({ sector: i % 2 ? 'Retail' : 'Technology', status: i === 0 ? 'scheduled' : 'draft', startDate: i === 0 ? '2020-01-01' : null }),
    });
    const names = async (query: object) =>
      (await listCampaigns({ db: t.deps.db, hooks: hooks(), scope: personalScope(user.id), query: { limit: 50, ...query } })).items.map((c) => c.name);
    expect(await names({ q: 'SPRING' })).toEqual(['Spring 40', 'Spring 20', 'Spring 0']);
    expect(await names({ q: 'spring', sector: 'Technology' })).toEqual(['Spring 40', 'Spring 20', 'Spring 0']);
    expect(await names({ sector: 'Retail', q: '9' })).toEqual(['Other 59', 'Other 49', 'Other 39', 'Other 29', 'Other 19', 'Other 9']);
    // Scheduled with a past start date is active today: the filter sees the status the card shows.
    expect(await names({ status: 'active' })).toEqual(['Spring 0']);
    expect(await names({ status: 'scheduled' })).toEqual([]);
    expect(await names({ q: '100%' })).toEqual([]);
  });

  test('each page carries its own campaigns’ figures', async () => {
    const { user } = await signedInClient(t.app);
    const rows = await seed(user.id, 3);
    await t.deps.db.insert(videos).values([
      { id: newId(), workspaceId: user.id, title: 'a', status: 'published', campaignId: rows[0].id },
      { id: newId(), workspaceId: user.id, title: 'b', status: 'completed', campaignId: rows[0].id },
      { id: newId(), workspaceId: user.id, title: 'c', status: 'completed', campaignId: rows[2].id },
    ]);
    const p1 = await listCampaigns({ db: t.deps.db, hooks: hooks(), scope: personalScope(user.id), query: { limit: 2 } });
    expect(p1.items.map((c) => [c.id, c.videoCount])).toEqual([
      [rows[2].id, 1],
      [rows[1].id, 0],
    ]);
    const p2 = await listCampaigns({ db: t.deps.db, hooks: hooks(), scope: personalScope(user.id), query: { limit: 2, cursor: p1.nextCursor } });
    expect(p2.items.map((c) => [c.id, c.videoCount])).toEqual([[rows[0].id, 2]]);
    expect(p2.nextCursor).toBeNull();
  });
});
