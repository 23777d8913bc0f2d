import { beforeAll, describe, expect, test } from 'bun:test';
import { newId } from '../../shared/ids';
import { PAGING_MESSAGES } from '../../shared/paging';
import { signedInClient, testApp } from '../../test/harness';
import { campaigns } from '../campaigns/tables';
import { personalScope } from '../../server/scope';
import { listVideos } from './service';
import { videos, type VideoStatus } from './tables';

// Cursor pagination and server-side filters of the video lists (docs/decisions/180-cursor-pagination.md).

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
  // The first file to open the shared database migrates it: slow on a loaded machine.
}, 60_000);

const base = Date.parse('2026-01-01T00:00:00Z');
async function seed(workspaceId: string, rows: { title?: string; script?: string | null; status?: VideoStatus; campaignId?: string | null; at?: number }[]) {
  const made = rows.map((r, i) => ({
    id: newId(),
    workspaceId,
    title: r.title ?? `Video ${i}`,
    script: r.script ?? null,
    status: r.status ?? 'completed',
    campaignId: r.campaignId ?? null,
    createdAt: new Date(r.at ?? base + i * 1000),
  }));
  await t.deps.db.insert(videos).values(made);
  return made;
}

async function all(workspaceId: string, query: { limit: number; campaignId?: string }, between?: () => Promise<void>) {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const p = await listVideos({ db: t.deps.db, scope: personalScope(workspaceId), query: { ...query, cursor } });
    ids.push(...p.items.map((v) => v.id));
    cursor = p.nextCursor;
    if (cursor) await between?.();
  } while (cursor);
  return ids;
}

describe('video list pages', () => {
  test('newest first, ties broken by id, every video once across pages even with inserts between them', async () => {
    const { user } = await signedInClient(t.app);
    const rows = await seed(
      user.id,
      Array.from({ length: 9 }, (_, i) => ({ at: i < 5 ? base : base + i * 1000 })),
    );
    const expected = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)).map((r) => r.id);
    expect(await all(user.id, { limit: 2 })).toEqual(expected);
    expect(await all(user.id, { limit: 3 }, async () => void (await seed(user.id, [{ at: Date.now() }])))).toEqual(expected);
  });

  test("a campaign's videos page on their own; another user's campaign is a 404 and their videos never appear", async () => {
    const a = await signedInClient(t.app);
    const b = await signedInClient(t.app);
    const campaignId = newId();
    await t.deps.db.insert(campaigns).values({ id: campaignId, workspaceId: a.user.id, name: 'C', platforms: ['email'] });
    const inside = await seed(a.user.id, [{ campaignId }, { campaignId }, { campaignId }, {}]);
    await seed(b.user.id, [{}, {}]);
    expect((await all(a.user.id, { limit: 2, campaignId })).sort()).toEqual(
      inside
        .slice(0, 3)
        .map((r) => r.id)
        .sort(),
    );
    await expect(listVideos({ db: t.deps.db, scope: personalScope(b.user.id), query: { campaignId } })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await all(b.user.id, { limit: 200 })).toHaveLength(2);
  });

  test('filters run on the server: completed includes published, search is a substring of the title or the script', async () => {
    const { user, client } = await signedInClient(t.app);
    await seed(user.id, [
      { title: 'Welcome Anna', script: 'Hi Anna from Acme', status: 'completed' },
      { title: 'Showroom tour', status: 'published' },
      { title: 'Draft intro', script: 'hello', status: 'draft' },
      { title: 'Rendering now', script: 'wait', status: 'processing' },
      { title: 'Broken', status: 'failed' },
      ...Array.from({ length: 60 }, () => ({ title: 'Filler', status: 'draft' as const, at: Date.now() })),
    ]);
    const titles = async (query: object) => (await listVideos({ db: t.deps.db, scope: personalScope(user.id), query })).items.map((v) => v.title);
    // The matches are on page 2 of the unfiltered list: a client-side filter would have missed them.
    expect(await titles({ filter: 'completed' })).toEqual(['Showroom tour', 'Welcome Anna']);
    expect(await titles({ filter: 'processing' })).toEqual(['Rendering now']);
    expect(await titles({ filter: 'draft', q: 'intro' })).toEqual(['Draft intro']);
    expect(await titles({ q: 'ACME' })).toEqual(['Welcome Anna']);
    expect(await titles({ q: 'tour', filter: 'draft' })).toEqual([]);
    expect(await titles({ q: '%' })).toEqual([]);
    const rest = await client.get('/api/videos?filter=completed&q=an');
    expect(rest.data.map((v: { title: string }) => v.title)).toEqual(['Welcome Anna']);
    expect((await client.get('/api/videos?filter=nope')).status).toBe(400);
  });

  test('REST: a plain array of at most 50 by default, the next page in X-Next-Cursor and Link; bad cursor 400', async () => {
    const { user, client } = await signedInClient(t.app);
    await seed(
      user.id,
      Array.from({ length: 51 }, () => ({})),
    );
    const first = await client.get('/api/videos');
    expect(first.data).toHaveLength(50);
    const cursor = first.headers.get('x-next-cursor');
    expect(first.headers.get('link')).toBe(`</api/videos?cursor=${cursor}>; rel="next"`);
    const second = await client.get(`/api/videos?cursor=${cursor}`);
    expect(second.data).toHaveLength(1);
    expect(second.headers.get('x-next-cursor')).toBeNull();
    expect(new Set([...first.data, ...second.data].map((v: { id: string }) => v.id)).size).toBe(51);
    const bad = await client.get('/api/videos?cursor=AAAA');
    expect(bad.status).toBe(400);
    expect(bad.data).toEqual({ message: PAGING_MESSAGES.cursor });
    expect((await client.get('/api/videos?limit=200')).data).toHaveLength(51);
    expect((await client.get('/api/videos?limit=201')).status).toBe(400);
  });
});
