import { beforeAll, describe, expect, test } from 'bun:test';
import { z, type ZodType } from 'zod';
import { PNG_1x1 } from '../../test/fixtures';
import { signedInClient, testApp, TestClient, uniqueName } from '../../test/harness';
import { appRouter } from '../../app/router';
import { API_ROUTES } from '../../app/api-routes';
import { openApiDocument } from './openapi';

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
});

describe('NUL and control characters are refused before they reach the database', () => {
  test('JSON strings: 400 with the field named, also anonymously (login)', async () => {
    const anon = new TestClient(t.app);
    const r = await anon.post('/api/login', { username: 'a\u0000', password: 'x' });
    expect(r).toMatchObject({ status: 400, data: { message: 'Email must not contain control characters' } });
    const { client } = await signedInClient(t.app);
    const c = await client.post('/api/campaigns', { name: 'a\u0000b', platforms: ['email'] });
    expect(c).toMatchObject({ status: 400, data: { message: 'Campaign name must not contain control characters' } });
    const s = await client.post('/api/avatars/talk', { avatarId: 'stock-0', script: 'Hello\u0000' });
    expect(s).toMatchObject({ status: 400, data: { message: 'Script must not contain control characters' } });
    expect((await client.post('/api/contact-lists', { name: 'x\ud800' })).data).toEqual({ message: 'List name is not valid text' });
  });

  test('path ids: a control character names nothing (404); malformed percent-encoding is a bad request (400)', async () => {
    const { client } = await signedInClient(t.app);
    for (const path of ['/api/campaigns/a%00b', '/api/contact-lists/%01/contacts', '/v/a%00b', '/unsubscribe/%00', '/files/a%00b'])
      expect({ path, status: (await client.get(path)).status }).toEqual({ path, status: 404 });
    for (const path of ['/api/videos/x%ED%A0%80/status', '/api/avatars/talk/%E0%A4%A'])
      expect({ path, status: (await client.get(path)).status }).toEqual({ path, status: 400 });
  });

  test('query values: a control character is a 400 (tab and line feed are whitespace)', async () => {
    const { client } = await signedInClient(t.app);
    const r = await client.get('/api/videos?campaignId=a%00b');
    expect(r).toMatchObject({ status: 400, data: { message: 'Query parameters must not contain control characters' } });
    expect((await client.get('/api/avatars?search=%07')).status).toBe(400);
    expect((await client.get('/api/avatars?search=a%0Ab')).status).toBe(200);
  });

  test('tRPC inputs use the same schemas', async () => {
    const { client } = await signedInClient(t.app);
    const r = await client.trpc('query', 'campaigns.byId', { id: 'a\u0000b' });
    expect(r.status).toBe(400);
    expect(r.data.error.message).toBe('Invalid campaign');
    expect((await client.trpc('mutation', 'contacts.createList', { name: 'a\u0001' })).status).toBe(400);
  });

  test('a hostile session cookie is no session (401), not a failed query', async () => {
    for (const cookie of ['session=a%00b', 'session=%ZZ', 'session=a\u0001b']) {
      const res = await t.app.handle(new Request('http://localhost/api/user', { headers: { cookie } }));
      expect(res.status).toBe(401);
    }
  });

  test('an uploaded file name with control characters is cleaned', async () => {
    const { client } = await signedInClient(t.app);
    const form = new FormData();
    form.append('file', new File([PNG_1x1], 'sun\u0000set\tbeach.png', { type: 'image/png' }));
    const r = await client.post('/api/backgrounds/upload', form);
    expect(r.status).toBe(201);
    expect(r.data.name).toBe('sunset beach.png');
  });
});

describe('single-line fields: line breaks and tabs become a space, other controls are refused', () => {
  test('full name, title, sender name, first name, campaign and list names; multi-line text keeps its lines', async () => {
    const c = new TestClient(t.app);
    const username = uniqueName();
    const reg = await c.post('/api/register', { fullName: 'Ada\nLovelace', email: `${username}@example.com`, username, password: 'correct horse battery' });
    expect(reg.status).toBe(201);
    expect(reg.data.fullName).toBe('Ada Lovelace');
    const profile = await c.patch(`/api/users/${reg.data.id}`, { position: 'Chief\r\nEngineer', companyName: 'Engines\tLtd' });
    expect(profile.data).toMatchObject({ position: 'Chief Engineer', companyName: 'Engines Ltd' });
    expect((await c.patch(`/api/users/${reg.data.id}`, { fullName: 'Ada\u0007' })).data).toEqual({ message: 'Full name must not contain control characters' });

    const campaign = await c.post('/api/campaigns', {
      name: 'Spring\nlaunch',
      senderName: 'Ada\r\nL.',
      description: 'Line one\nLine two\tend',
      platforms: ['email'],
    });
    expect(campaign.status).toBe(201);
    expect(campaign.data).toMatchObject({ name: 'Spring launch', senderName: 'Ada L.', description: 'Line one\nLine two\tend' });

    const list = await c.post('/api/contact-lists', { name: 'VIP\nclients', description: 'a\nb' });
    expect(list.data).toMatchObject({ name: 'VIP clients', description: 'a\nb' });
    const contact = await c.post(`/api/contact-lists/${list.data.id}/contacts`, { firstName: 'Grace\n', lastName: 'Hop\tper', email: 'grace@example.com' });
    expect(contact.data).toMatchObject({ firstName: 'Grace', lastName: 'Hop per', name: 'Grace Hop per' });
    const bad = await c.post(`/api/contact-lists/${list.data.id}/contacts`, { name: 'Bell\u0007', email: 'bell@example.com' });
    expect(bad).toMatchObject({ status: 400, data: { message: 'Name must not contain control characters' } });

    const video = await c.post('/api/videos', { title: 'My\nvideo', videoUrl: 'https://example.com/v.mp4', script: 'Hi\nthere' });
    expect(video.data).toMatchObject({ title: 'My video', script: 'Hi\nthere' });
  });
});

describe('every documented input string follows a text rule', () => {
  type Js = { type?: unknown; pattern?: string; allOf?: Js[]; enum?: unknown; const?: unknown; format?: string; [k: string]: unknown };
  function unruled(schema: unknown, at: string, out: string[]) {
    if (!schema || typeof schema !== 'object') return;
    const s = schema as Js;
    // Several patterns (the builder's and a field's own) come out as allOf.
    const pattern = s.pattern ?? s.allOf?.find((x) => x.pattern)?.pattern;
    if (s.type === 'string' && !pattern && s.enum === undefined && s.const === undefined && s.format !== 'password') out.push(at);
    for (const [k, v] of Object.entries(s)) {
      if (Array.isArray(v)) for (const [i, x] of v.entries()) unruled(x, `${at}.${k}[${i}]`, out);
      else if (v && typeof v === 'object') unruled(v, `${at}.${k}`, out);
    }
  }

  test('REST bodies and queries (from the OpenAPI document) and tRPC inputs: singleLine, multiLine, id or secret', () => {
    const out: string[] = [];
    const doc = openApiDocument(API_ROUTES) as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string; schema: unknown }[]; requestBody?: unknown }>>;
    };
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        for (const p of op.parameters ?? []) if (p.in === 'query') unruled(p.schema, `${method} ${path} ?${p.name}`, out);
        const body = (op.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)?.content?.['application/json']?.schema;
        unruled(body, `${method} ${path} body`, out);
      }
    const procedures = (appRouter as unknown as { _def: { procedures: Record<string, { _def: { inputs: ZodType[] } }> } })._def.procedures;
    for (const [name, p] of Object.entries(procedures))
      for (const input of p._def.inputs) unruled(z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }), `trpc ${name}`, out);
    expect(out).toEqual([]);
  });
});
