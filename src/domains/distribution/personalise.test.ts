import { beforeAll, describe, expect, test } from 'bun:test';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probe } from '../../media/ffmpeg';
import { signedInClient, TestClient, testApp } from '../../test/harness';
import { pollUntil, settled } from '../../test/wait';
import { DISTRIBUTION_MESSAGES } from './schemas';
import { registerDistributionHooks } from './tracking-hooks';
import { fillVariables, splitScript, varsOf } from './variables';

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
  // Other test files swap tracking's hooks for stubs (and reset them to null): plug ours back.
  registerDistributionHooks();
});

describe('variables', () => {
  test('fill with values, fallbacks and defaults; unknown names stay', () => {
    const vars = varsOf({ name: 'Alice Martin', email: 'a@x.io', company: 'Acme', position: null });
    expect(vars).toMatchObject({ first_name: 'Alice', last_name: 'Martin', company: 'Acme' });
    expect(fillVariables('Hi {first_name}, {Company} / {position|your role} / {{ last_name }} / {unknown}', vars)).toBe('Hi Alice, Acme / your role / Martin / {unknown}');
    expect(fillVariables('Hi {first_name}, welcome to {company}.', {})).toBe('Hi there, welcome to.');
    expect(fillVariables('Hi {first_name|}, hello', {})).toBe('Hi, hello');
    // A name that is only the e-mail's local part is not a first name.
    expect(varsOf({ name: 'jdoe', email: 'jdoe@example.com' }).first_name).toBeNull();
    expect(varsOf({ name: 'Ada Lovelace (sandbox)' }).first_name).toBe('Ada');
  });

  test('the head is the opening sentences holding every variable; the rest is shared', () => {
    expect(splitScript('Hi {first_name}! Great to meet you at {company}. Here is how we help teams. Talk soon.')).toEqual({
      head: 'Hi {first_name}! Great to meet you at {company}.',
      tail: 'Here is how we help teams. Talk soon.',
    });
    expect(splitScript('Hello {first_name|there}')).toEqual({ head: 'Hello {first_name|there}', tail: '' });
    expect(splitScript('No variables here. None at all.')).toBeNull();
  });
});

describe('personalised videos', () => {
  test('two recipients: each gets their own render (head + shared tail), linked to their delivery and landing page', async () => {
    const { client } = await signedInClient(t.app);
    const talk = await client.post('/api/avatars/talk', { avatarId: 'stock-3', script: 'Hello. This is our product.', voiceId: 'local-en-female' });
    expect(talk.status).toBe(201);
    const videoId = talk.data.videoId as string;
    const st = await pollUntil(client, `/api/videos/${videoId}/status`, settled, 60_000);
    expect(st.data.status).toBe('completed');

    const list = await client.post('/api/contact-lists', { name: 'VIP' });
    const alice = await client.post(`/api/contact-lists/${list.data.id}/contacts`, { firstName: 'Alice', email: 'alice@example.com' });
    const bob = await client.post(`/api/contact-lists/${list.data.id}/contacts`, { firstName: 'Bob', email: 'bob@example.com' });

    // Only videos rendered in the app, and only scripts with a variable.
    const saved = await client.post('/api/videos', { title: 'External', videoUrl: 'https://cdn.example.com/x.mp4', status: 'completed' });
    const body = { listIds: [list.data.id], platforms: ['email'], personalizeVideo: true, script: 'Hi {first_name}. Thanks for your time.' };
    expect((await client.post(`/api/videos/${saved.data.id}/distribute`, body)).data.message).toBe(DISTRIBUTION_MESSAGES.notPersonalisable);
    expect((await client.post(`/api/videos/${videoId}/distribute`, { ...body, script: 'No variables.' })).data.message).toBe(DISTRIBUTION_MESSAGES.noVariables);

    const res = await client.post(`/api/videos/${videoId}/distribute`, body);
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ deliveries: 2, renders: 2, skipped: [] });
    const id = res.data.distributionId;
    // The deliveries wait for their renders (no send before the personal video exists).
    const early = (await client.get(`/api/distributions/${id}/progress`)).data;
    expect(early.renders.total).toBe(2);
    expect(early.deliveries.sent).toBe(0);

    const done = await pollUntil(client, `/api/distributions/${id}/progress`, (p) => p.done, 90_000);
    expect(done.data).toMatchObject({ renders: { total: 2, done: 2, failed: 0 }, deliveries: { total: 2, sent: 2, pending: 0 } });
    const detail = (await client.get(`/api/distributions/${id}`)).data;
    const [a, b] = ['alice@example.com', 'bob@example.com'].map((e) => detail.deliveries.find((d: any) => d.address === e));
    expect(a.personalVideoUrl).toMatch(/^\/files\/personal\/[a-z2-7]+\.mp4$/);
    expect(b.personalVideoUrl).toMatch(/^\/files\/personal\/[a-z2-7]+\.mp4$/);
    expect(a.personalVideoUrl).not.toBe(b.personalVideoUrl);

    // The personal videos: same shared part, A/V in sync, longer than the opening alone.
    const dir = await mkdtemp(join(tmpdir(), 'personal-test-'));
    const lengths: number[] = [];
    for (const [i, d] of [a, b].entries()) {
      const file = join(dir, `${i}.mp4`);
      await Bun.write(file, await (await t.app.handle(new Request(`http://localhost${d.personalVideoUrl}`))).arrayBuffer());
      const info = await probe(file);
      expect(info.video?.codec).toBe('h264');
      expect(Math.abs((info.audio?.durationSec ?? 0) - (info.video?.durationSec ?? 0))).toBeLessThanOrEqual(0.04);
      lengths.push(info.durationSec);
    }
    expect(Math.min(...lengths)).toBeGreaterThan(1.5);

    // The landing page plays Alice's own video with its poster; her e-mail shows her thumbnail.
    const page = (await new TestClient(t.app).get(new URL(a.landingUrl).pathname)).data as string;
    expect(page).toContain(`src="${a.personalVideoUrl}"`);
    expect(page).toMatch(/poster="\/files\/personal\/[a-z2-7]+\.jpg"/);
    const inbox = (await client.get('/api/sandbox/inbox?channel=email')).data.messages as { to: string; html: string; meta: any }[];
    const mail = inbox.find((m) => m.to.includes('alice@example.com'))!;
    expect(mail.html).toMatch(/src="http:\/\/localhost\/files\/personal\/[a-z2-7]+\.jpg"/);
    expect(mail.meta.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  }, 120_000);
});
