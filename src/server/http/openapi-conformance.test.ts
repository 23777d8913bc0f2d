import { beforeAll, describe, expect, test } from 'bun:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { API_CALLS, LAST } from '../../test/api-calls';
import { buildApiWorld, type ApiWorld } from '../../test/api-world';
import type { TestClient } from '../../test/harness';
import { loggedTestApp } from '../../test/statement-log';
import { API_ROUTES as OPERATIONS } from '../../app/api-routes';
import type { Route as Op } from './define-route';

// Issue 9 item 11: the OpenAPI document is valid OpenAPI 3.1, and every documented operation,
// called for real, answers a documented status with a body that matches the document's schema
// for that status. Successes come from a world of fixtures; errors from calls made to fail.

type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: object }>; headers?: Record<string, unknown> }> }>>;
  components: { schemas: { Error: object } };
};

let t: Awaited<ReturnType<typeof loggedTestApp>>;
let w: ApiWorld;
let doc: Doc;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

beforeAll(async () => {
  t = await loggedTestApp();
  w = await buildApiWorld(t.app, t.deps.db);
  doc = (await w.anon.get('/api/openapi.json')).data as Doc;
}, 180_000);

const key = (o: Pick<Op, 'method' | 'path'>) => `${o.method} ${o.path}`;
const docPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

/** Checks one real answer against the document: its status is documented, its body fits. */
function conform(o: Op, res: { status: number; data: unknown; headers: Headers }) {
  const responses = doc.paths[docPath(o.path)]![o.method.toLowerCase()]!.responses;
  const documented = responses[String(res.status)];
  expect({ op: key(o), status: res.status, documented: !!documented, body: documented ? undefined : res.data }).toEqual({
    op: key(o),
    status: res.status,
    documented: true,
    body: undefined,
  });
  const type = res.headers.get('content-type') ?? '';
  const content = documented!.content;
  if (!content) {
    expect({ op: key(o), status: res.status, body: res.data }).toEqual({ op: key(o), status: res.status, body: null });
    return;
  }
  const [media, { schema: raw } = {}] = Object.entries(content)[0]!;
  expect({ op: key(o), type: type.split(';')[0] }).toEqual({ op: key(o), type: media });
  if (media !== 'application/json') {
    expect((res.data as string).length).toBeGreaterThan(0);
    return;
  }
  const schema = (raw as { $ref?: string }).$ref === '#/components/schemas/Error' ? doc.components.schemas.Error : raw!;
  const validate = ajv.compile(schema);
  const valid = validate(res.data);
  expect({
    op: key(o),
    status: res.status,
    errors: valid ? null : validate.errors?.slice(0, 5),
    body: valid ? null : JSON.stringify(res.data).slice(0, 600),
  }).toEqual({
    op: key(o),
    status: res.status,
    errors: null,
    body: null,
  });
  // Optional headers (a list's next cursor, absent on its last page) are checked where they apply (paging tests).
  for (const [h, spec] of Object.entries(documented!.headers ?? {}) as [string, { required?: boolean }][])
    if (spec.required !== false) expect({ op: key(o), header: h, value: !!res.headers.get(h) }).toEqual({ op: key(o), header: h, value: true });
}

describe('the OpenAPI document', () => {
  test('is valid OpenAPI 3.1 (third-party validator)', async () => {
    const result = await new Validator().validate(structuredClone(doc) as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  test('documents a success for every operation, and the public ones need no credentials', () => {
    for (const o of OPERATIONS) {
      const op = doc.paths[docPath(o.path)]![o.method.toLowerCase()] as { responses: Record<string, unknown>; security?: unknown[] };
      expect({ op: key(o), success: Object.keys(op.responses).some((s) => s.startsWith('2')) }).toEqual({ op: key(o), success: true });
      expect({ op: key(o), public: op.security?.length === 0 }).toEqual({ op: key(o), public: o.access === 'public' });
    }
    for (const p of [
      '/api/avatars/{id}/thumbnail.png',
      '/api/voices/{id}/preview.m4a',
      '/api/templates/{id}/thumbnail.png',
      '/api/templates/{id}/background.png',
    ])
      expect((doc.paths[p]!.get as { security?: unknown[] }).security).toEqual([]);
    expect(Object.keys(doc.paths['/api/track']!.post!.responses)).toEqual(expect.arrayContaining(['204', '403', '404', '429']));
    expect(Object.keys(doc.paths['/api/login']!.post!.responses)).toEqual(expect.arrayContaining(['200', '401', '429']));
  });
});

describe('every operation, called for real, answers as documented', () => {
  const order = [...OPERATIONS.filter((o) => !LAST.has(key(o))), ...OPERATIONS.filter((o) => LAST.has(key(o)))];
  test.each(order.map((o) => [key(o), o] as const))(
    '%s',
    async (_name, o) => {
      const make = API_CALLS[key(o)];
      expect({ op: key(o), call: !!make }).toEqual({ op: key(o), call: true });
      const call = await make!({ w, deps: t.deps, app: t.app });
      const client: TestClient = call.as === 'anon' ? w.anon : w.client;
      const res = await client.request(o.method, call.path, call.body, call.headers);
      expect({ op: key(o), status: res.status }).toEqual({ op: key(o), status: call.status });
      expect(o.responses[0].status).toBe(call.status);
      conform(o, res);
    },
    60_000,
  );
});

describe('errors answer as documented', () => {
  test('anonymous calls to signed-in operations: 401 with a message', async () => {
    for (const o of OPERATIONS.filter((x) => x.access !== 'public')) {
      const res = await w.anon.request(o.method, o.path.replace(/:([A-Za-z]+)/g, 'x'), o.method === 'GET' || o.method === 'DELETE' ? undefined : {});
      expect({ op: key(o), status: res.status }).toEqual({ op: key(o), status: 401 });
      conform(o, res);
    }
  });

  test('unknown ids: a documented 4xx with a message', async () => {
    for (const o of OPERATIONS.filter((x) => x.path.includes(':'))) {
      const res = await w.client.request(
        o.method,
        o.path.replace(/:([A-Za-z]+)/g, 'zzzzzzzzzzzzzzzz'),
        o.method === 'GET' || o.method === 'DELETE' ? undefined : {},
      );
      expect({ op: key(o), client: res.status >= 400 && res.status < 500 }).toEqual({ op: key(o), client: true });
      conform(o, res);
    }
  });

  test('invalid bodies: 400; too large: 413; cross-origin: 403', async () => {
    for (const o of OPERATIONS.filter((x) => x.body)) {
      const path = o.path.replace(/:([A-Za-z]+)/g, 'zzzzzzzzzzzzzzzz');
      const client = o.access === 'public' ? w.anon : w.client;
      const bad = await client.request(o.method, path, '{"not json');
      expect({ op: key(o), status: bad.status }).toEqual({ op: key(o), status: 400 });
      conform(o, bad);
      const big = await client.request(o.method, path, JSON.stringify({ x: 'a'.repeat(12 * 1024 * 1024) }));
      expect({ op: key(o), status: big.status }).toEqual({ op: key(o), status: 413 });
      conform(o, big);
      const foreign = await client.request(o.method, path, {}, { origin: 'https://evil.example' });
      expect({ op: key(o), status: foreign.status }).toEqual({ op: key(o), status: 403 });
      conform(o, foreign);
    }
    // Each operation is sent a 12 MB body: about 5 s in all on a quiet machine, past bun's default.
  }, 30_000);

  test('login: 401 for a wrong password, then 429; track: 404 for an unknown link, 403 for a forged page token, then 429', async () => {
    const login = OPERATIONS.find((o) => key(o) === 'POST /api/login')!;
    const wrong = await w.anon.post('/api/login', { username: `nobody-${Date.now()}`, password: 'not the password' });
    expect(wrong.status).toBe(401);
    conform(login, wrong);
    let last = wrong;
    for (let i = 0; i < 30 && last.status !== 429; i++) last = await w.anon.post('/api/login', { username: `nobody-${i}`, password: 'not the password' });
    expect(last.status).toBe(429);
    conform(login, last);

    const track = OPERATIONS.find((o) => key(o) === 'POST /api/track')!;
    const unknown = await w.anon.post('/api/track', { ...w.beaconPage, token: 'nosuchlinktoken', event: 'view' });
    expect(unknown.status).toBe(404);
    conform(track, unknown);
    const forged = await w.anon.post('/api/track', { ...w.beaconPage, page: `${w.beaconPage.page}x`, event: 'view' });
    expect(forged.status).toBe(403);
    conform(track, forged);
    let hit = unknown;
    for (let i = 0; i < 400 && hit.status !== 429; i++) hit = await w.anon.post('/api/track', { ...w.beaconPage, event: 'view' });
    expect(hit.status).toBe(429);
    conform(track, hit);
  }, 60_000);
});
