import { describe, expect, test } from 'bun:test';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { RouteArgs } from './routes';
import { byIdRoute, createRoute, pagedObjectRoute, pagedRoute, publicImageRoute, updateRoute, uploadRoute } from './row-routes';
import { ok } from './define-route';

// The helpers stand for one defineRoute each: these check what they declare and what the service is given.

const db = { name: 'db' } as unknown as AppContext['db'];
const hooks = { name: 'hooks' } as unknown as AppContext['hooks'];
const storage = { name: 'storage' } as unknown as AppContext['providers']['storage'];
const scope = { workspaceId: 'w1', userId: 'u1', role: 'owner' } as unknown as NonNullable<AppContext['scope']>;
const signedIn = { db, hooks, providers: { storage }, scope, user: { id: 'u1' } } as unknown as AppContext;
const anonymous = { ...signedIn, user: null, scope: null } as AppContext;

const args = (a: Partial<RouteArgs> & { url?: string }): RouteArgs => ({
  request: new Request(`http://x${a.url ?? '/api/things'}`),
  params: {},
  query: {},
  body: undefined,
  ...a,
});

const ZThing = z.object({ id: z.string(), name: z.string() });
const ZInput = z.object({ name: z.string().min(1, 'A name, please') }).strict();
const ZQuery = z.object({ cursor: z.string().optional() });

describe('row routes', () => {
  test('byIdRoute: the row deps and the path id, ok(schema), 401 when signed out', async () => {
    const seen: unknown[] = [];
    const r = byIdRoute('DELETE', '/api/things/:id', 'Delete a thing', ZThing, (o) => (seen.push(o), { id: o.id, name: 'gone' }));
    expect([r.method, r.path, r.access, r.responses[0].status, r.responses[0].schema]).toEqual(['DELETE', '/api/things/:id', 'user', 200, ZThing]);
    const res = (await r.run(signedIn, args({ params: { id: 't1' } }))) as Response;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 't1', name: 'gone' });
    expect(seen).toEqual([{ db, hooks, storage, scope, id: 't1' }]);
    await expect(r.run(anonymous, args({ params: { id: 't1' } }))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  test('createRoute answers 201 with the parsed body as input; updateRoute 200 with id and input', async () => {
    const create = createRoute('/api/things', 'Create', ZInput, ZThing, (o) => ({ id: 'new', name: `${o.input.name}@${o.scope.workspaceId}` }));
    expect([create.method, create.body, create.responses[0].status]).toEqual(['POST', ZInput, 201]);
    const made = (await create.run(signedIn, args({ body: { name: 'a' } }))) as Response;
    expect(made.status).toBe(201);
    expect(await made.json()).toEqual({ id: 'new', name: 'a@w1' });
    await expect(create.run(signedIn, args({ body: { name: '' } }))).rejects.toMatchObject({ code: 'INVALID_INPUT', message: 'A name, please' });

    const update = updateRoute('/api/things/:id', 'Rename', ZInput, ZThing, (o) => ({ id: o.id, name: o.input.name }));
    expect([update.method, update.body, update.responses[0].status]).toEqual(['PATCH', ZInput, 200]);
    const changed = (await update.run(signedIn, args({ params: { id: 't2' }, body: { name: 'b' } }))) as Response;
    expect(await changed.json()).toEqual({ id: 't2', name: 'b' });
  });

  test('pagedRoute: a plain array, the next page in headers, the paging sentence added to the summary', async () => {
    const r = pagedRoute('/api/things', 'Things, newest first', ZQuery, ZThing, async (o) => ({
      items: [{ id: 'a', name: String(o.query.cursor) }],
      nextCursor: 'c2',
    }));
    expect(r.summary).toBe('Things, newest first, one page at a time (next page: X-Next-Cursor / Link)');
    expect(r.query).toBe(ZQuery);
    expect(r.responses[0].optionalHeaders).toHaveProperty('X-Next-Cursor');
    const res = (await r.run(signedIn, args({ url: '/api/things?cursor=c1', query: { cursor: 'c1' } }))) as Response;
    expect(await res.json()).toEqual([{ id: 'a', name: 'c1' }]);
    expect(res.headers.get('x-next-cursor')).toBe('c2');
    expect(res.headers.get('link')).toBe('</api/things?cursor=c2>; rel="next"');
  });

  test('pagedObjectRoute: the object with its nextCursor, and the same headers', async () => {
    const ZList = z.object({ things: z.array(ZThing), nextCursor: z.string().nullable() });
    const r = pagedObjectRoute('/api/things', 'Things', ZQuery, ZList, async () => ({ things: [], nextCursor: null }));
    expect(r.summary).toBe('Things, one page at a time (limit default 50, at most 200; nextCursor)');
    expect(r.responses[0].description).toBe('One page');
    const res = (await r.run(signedIn, args({}))) as Response;
    expect(await res.json()).toEqual({ things: [], nextCursor: null });
    expect(res.headers.get('x-next-cursor')).toBeNull();
  });

  test('uploadRoute hands the named multipart field on; publicImageRoute needs no session', async () => {
    const up = uploadRoute('/api/things/upload', 'Upload', 'image', [ok(ZThing)], (o) => ({
      id: String(o.file),
      name: o.storage === storage ? 'stored' : '?',
    }));
    expect([up.method, up.file, up.access]).toEqual(['POST', 'image', 'user']);
    const res = (await up.run(signedIn, args({ body: { image: 'the-file', other: 'x' } }))) as Response;
    expect(await res.json()).toEqual({ id: 'the-file', name: 'stored' });

    const image = publicImageRoute('/api/things/:id/thumbnail.png', 'A thumbnail', async (o) => new Response(`${o.id}:${o.storage === storage}`));
    expect([image.access, image.responses[0].media]).toEqual(['public', 'image/png']);
    const png = (await image.run(anonymous, args({ params: { id: 't3' } }))) as Response;
    expect(await png.text()).toBe('t3:true');
  });
});
