import { beforeAll, describe, expect, test } from 'bun:test';
import { signedInClient, TestClient, testApp } from '../../test/harness';

// The stock library: its listing (pages, filters, search) and its thumbnails. Custom avatars: avatars.test.ts.

let app: Awaited<ReturnType<typeof testApp>>['app'];
beforeAll(async () => {
  ({ app } = await testApp());
}, 120_000);

describe('GET /api/avatars', () => {
  test('pages through the 2,991 stock presenters with the spec’s pagination block', async () => {
    const { client } = await signedInClient(app);
    const first = await client.get('/api/avatars?page=1&limit=20');
    expect(first.status).toBe(200);
    expect(first.data.pagination).toEqual({ total: 2991, page: 1, limit: 20, totalPages: 150, hasNext: true });
    expect(first.data.avatars).toHaveLength(20);
    expect(first.data.avatars[0]).toEqual({
      id: 'stock-0',
      name: expect.any(String),
      thumbnail: '/api/avatars/stock-0/thumbnail.png',
      url: '/api/avatars/stock-0/thumbnail.png',
      gender: 'female',
      category: 'office',
      categoryLabel: 'Office',
      type: 'stock',
      provider: 'default',
    });
    const last = await client.get('/api/avatars?page=150&limit=20');
    expect(last.data.avatars).toHaveLength(11);
    expect(last.data.pagination.hasNext).toBe(false);
    expect(last.data.avatars.at(-1).id).toBe('stock-2990');
    // Deterministic: the same page twice is the same list.
    expect((await client.get('/api/avatars?page=1&limit=20')).data).toEqual(first.data);
    expect((await client.get('/api/avatars?page=400&limit=20')).data.avatars).toEqual([]);
  });

  test('filters by gender and category, searches by name, rejects bad paging', async () => {
    const { client } = await signedInClient(app);
    const women = await client.get('/api/avatars?gender=female&category=office&limit=100');
    expect(women.data.avatars.every((a: { gender: string; category: string }) => a.gender === 'female' && a.category === 'office')).toBe(true);
    expect(women.data.pagination.total).toBe(748);
    const name = women.data.avatars[3].name.split(' ')[0] as string;
    const found = await client.get(`/api/avatars?search=${encodeURIComponent(name.toLowerCase())}&limit=100`);
    expect(found.data.pagination.total).toBeGreaterThan(0);
    expect(found.data.avatars.every((a: { name: string }) => a.name.toLowerCase().includes(name.toLowerCase()))).toBe(true);
    expect((await client.get('/api/avatars?search=zzzz-nobody')).data.pagination).toEqual({ total: 0, page: 1, limit: 20, totalPages: 0, hasNext: false });
    expect((await client.get('/api/avatars?category=custom')).data.pagination.total).toBe(0);
    expect((await client.get('/api/avatars?limit=101')).status).toBe(400);
    expect((await client.get('/api/avatars?page=0')).status).toBe(400);
    expect((await client.get('/api/avatars?gender=robot')).status).toBe(400);
    expect((await new TestClient(app).get('/api/avatars')).status).toBe(401);
  });

  test('a stock thumbnail is a PNG rendered once, then served from the cache', async () => {
    const anon = new TestClient(app);
    const t0 = performance.now();
    const first = await anon.get('/api/avatars/stock-1234/thumbnail.png');
    const firstMs = performance.now() - t0;
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('cache-control')).toContain('immutable');
    const res = await app.handle(new Request('http://localhost/api/avatars/stock-1234/thumbnail.png'));
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    expect(firstMs).toBeLessThan(2000);
    expect((await anon.get('/api/avatars/stock-99999/thumbnail.png')).status).toBe(404);
    expect((await anon.get('/api/avatars/custom-avatar-x/thumbnail.png')).status).toBe(404);
  });

  test('listing is fast: a filtered search over the whole library answers in well under 100 ms', async () => {
    const { client } = await signedInClient(app);
    await client.get('/api/avatars');
    const t0 = performance.now();
    for (let i = 0; i < 10; i++) await client.get(`/api/avatars?search=a&gender=male&page=${i + 1}`);
    expect((performance.now() - t0) / 10).toBeLessThan(100);
  });
});
