import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { signedInClient, TestClient, testApp } from '../../test/harness';
import { fillTemplate, TEMPLATES, templateVariablesOf } from '../../shared/templates';
import { pollUntil, settled } from '../../test/wait';
import { videos } from '../videos/tables';

let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  ctx = await testApp();
  // The first file to open the shared database migrates it: slow on a loaded machine.
}, 60_000);

const pngSize = (buf: ArrayBuffer) => {
  const v = new DataView(buf);
  return [v.getUint32(16), v.getUint32(20)];
};

describe('GET /api/templates', () => {
  test('at least 6 real templates with every field the wizard reads', async () => {
    const { client } = await signedInClient(ctx.app);
    const res = await client.get('/api/templates');
    expect(res.status).toBe(200);
    const list = res.data.templates;
    expect(list.length).toBeGreaterThanOrEqual(6);
    expect(new Set(list.map((t: { aspectRatio: string }) => t.aspectRatio))).toEqual(new Set(['landscape', 'portrait', 'square']));
    expect(new Set(list.map((t: { background: { type: string } }) => t.background.type))).toEqual(new Set(['color', 'image']));
    for (const t of list) {
      expect(t.thumbnail).toBe(`/api/templates/${t.id}/thumbnail.png`);
      expect(t.thumbnailUrl).toBe(t.thumbnail);
      for (const name of ['first_name', 'call_to_action', 'avatar', 'voice']) expect(t.variables[name].defaultValue).toBeString();
      // Every placeholder of the script has a variable with a default.
      for (const name of templateVariablesOf(t.script)) expect(t.variables[name]).toBeDefined();
      expect(t.duration).toBeGreaterThan(2);
      expect([typeof t.name, typeof t.description, t.avatarGender === 'male' || t.avatarGender === 'female']).toEqual(['string', 'string', true]);
    }
    // Recipient variables mean the recipient: the sender's company is {our_company}, a job is {role}.
    expect(list.filter((t: { variables: Record<string, unknown> }) => t.variables.company).length).toBeGreaterThanOrEqual(3);
    for (const t of list) expect(t.script).toContain('{first_name}');
  });

  test('GET /api/templates/{id}; unknown id 404', async () => {
    const { client } = await signedInClient(ctx.app);
    const one = await client.get('/api/templates/sales-intro');
    expect(one.data).toMatchObject({
      id: 'sales-intro',
      aspectRatio: 'landscape',
      background: { type: 'image', url: '/api/templates/sales-intro/background.png' },
      backgroundUrl: '/api/templates/sales-intro/background.png',
    });
    const missing = await client.get('/api/templates/nope');
    expect(missing.status).toBe(404);
    expect(missing.data.message).toBe('Template not found');
    expect((await new TestClient(ctx.app).get('/api/templates')).status).toBe(401);
  });

  test('thumbnails and image backgrounds are rendered PNGs in the template’s shape, cached', async () => {
    const anon = new TestClient(ctx.app);
    const get = (path: string) => ctx.app.handle(new Request(`http://localhost${path}`));
    for (const [id, size] of [
      ['sales-intro', [480, 270]],
      ['product-launch', [270, 480]],
      ['event-invite', [480, 480]],
    ] as const) {
      const res = await get(`/api/templates/${id}/thumbnail.png`);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(pngSize(await res.arrayBuffer())).toEqual([...size]);
    }
    const bg = await get('/api/templates/customer-thanks/background.png');
    expect(pngSize(await bg.arrayBuffer())).toEqual([1080, 1080]);
    expect((await anon.get('/api/templates/recruitment/background.png')).status).toBe(404);
    expect((await anon.get('/api/templates/nope/thumbnail.png')).status).toBe(404);
  });
});

describe('POST /api/templates/{id}/generate', () => {
  test('fills the sender’s variables into the script, keeps the recipient’s as placeholders (their values preview it), renders it', async () => {
    const { client } = await signedInClient(ctx.app);
    const res = await client.post('/api/templates/event-invite/generate', {
      variables: { first_name: 'Ada', event: 'the demo' },
      fallbacks: { first_name: 'friend' },
      text: 'Hi {first_name}, see you at {event} with {company}.',
      options: { captions: 'none' },
    });
    expect(res.status).toBe(201);
    expect(res.data.videoId).toBeString();
    expect(res.data.script).toBe('Hi {first_name}, see you at the demo with {company}.');
    const [row] = await ctx.deps.db.select().from(videos).where(eq(videos.id, res.data.videoId));
    expect(row).toMatchObject({
      templateId: 'event-invite',
      templateType: 'social',
      title: 'Event invitation',
      avatarId: 'stock-6',
      voiceId: 'local-en-female',
      script: 'Hi {first_name}, see you at the demo with {company}.',
      // The template's default for a recipient variable is its fallback, unless one is given.
      previewValues: { first_name: 'Ada', company: 'your company' },
      variableFallbacks: { first_name: 'friend', company: 'your company' },
    });
    expect((await client.get(`/api/videos/${res.data.videoId}`)).data.previewFor).toBe('Ada');
    const st = await pollUntil(client, `/api/videos/${res.data.videoId}/status`, settled);
    expect(st.data.status).toBe('completed');
    // Template renders are processed videos but not talk clips.
    expect((await client.get('/api/processed-videos')).data.videos.map((v: { id: string }) => v.id)).toEqual([res.data.videoId]);
    expect((await client.get('/api/clips')).data.clips).toEqual([]);
  }, 60_000);

  test('defaults fill what is not given; bad input is refused', async () => {
    const { client } = await signedInClient(ctx.app);
    const t = TEMPLATES.find((x) => x.id === 'follow-up')!;
    expect(fillTemplate(t.script, { first_name: 'Bo' })).toContain('Hi Bo,');
    expect(fillTemplate('{{ first_name }} / {missing}', { first_name: 'Bo' })).toBe('Bo / {missing}');
    expect((await client.post('/api/templates/nope/generate', {})).status).toBe(404);
    const empty = await client.post('/api/templates/follow-up/generate', { text: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.data.message).toContain('script is empty');
    expect((await client.post('/api/templates/follow-up/generate', { text: 'x'.repeat(5001) })).status).toBe(400);
    expect((await client.post('/api/templates/follow-up/generate', { voiceId: 'robot' })).status).toBe(404);
    expect((await client.post('/api/templates/follow-up/generate', { avatarId: 'stock-77777' })).status).toBe(404);
    expect((await client.post('/api/templates/follow-up/generate', { variables: 'x' })).status).toBe(400);
    expect((await client.get('/api/videos')).data).toEqual([]);
  });

  test('tRPC templates.list / byId', async () => {
    const { client } = await signedInClient(ctx.app);
    expect((await client.trpc('query', 'templates.list')).data.result.data.templates.length).toBeGreaterThanOrEqual(6);
    expect((await client.trpc('query', 'templates.byId', { id: 'nope' })).status).toBe(404);
  });
});
