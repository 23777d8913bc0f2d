import { beforeAll, describe, expect, test } from 'bun:test';
import { count, eq } from 'drizzle-orm';
import { renderUsage } from '../billing/tables';
import { signedInClient, TestClient, testApp } from '../../test/harness';
import { pollUntil, RENDER_WAIT_MS, settled, waitUntil } from '../../test/wait';
import { DISTRIBUTION_MESSAGES } from './schemas';
import { distributions, personalRenders } from './tables';

// Any recipient's version before sending, their video included (decision 224): rendered on demand by
// the send's own per-recipient render job, once per opening, without a credit, for the owner only.

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
}, 60_000);

type Client = TestClient;
const q = async (c: Client, input: unknown) => (await c.trpc('query', 'distribution.recipientRender', input)).data.result.data;
const ask = async (c: Client, input: unknown) => (await c.trpc('mutation', 'distribution.renderRecipient', input)).data.result.data;

/** A rendered video of `script` and a list of `people`; the selection of the send step. */
async function world(client: Client, script: string, people: string[]) {
  const talk = await client.post('/api/avatars/talk', { avatarId: 'stock-3', script, voiceId: 'local-en-female', previewValues: { first_name: 'Jane' } });
  expect(talk.status).toBe(201);
  const videoId = talk.data.videoId as string;
  expect((await pollUntil(client, `/api/videos/${videoId}/status`, settled, 90_000)).data.status).toBe('completed');
  const list = await client.post('/api/contact-lists', { name: 'Preview' });
  for (const p of people) await client.post(`/api/contact-lists/${list.data.id}/contacts`, { firstName: p, email: `${p.toLowerCase()}.render@example.com` });
  return { videoId, platforms: ['email'], listIds: [list.data.id as string] };
}

const recipientKeyOf = async (client: Client, selection: object, search: string) =>
  (await client.trpc('query', 'distribution.recipients', { ...selection, search })).data.result.data.items[0].recipientKey as string;

describe("a recipient's own video before sending", () => {
  test(
    'rendered on demand as a job with progress: their name in its captions, made once, no credit, 404 to anyone else',
    async () => {
      const { client, user } = await signedInClient(t.app);
      const selection = await world(client, 'Hi {first_name}! This short video is for you. See you soon.', ['Ada', 'Grace']);
      const input = { ...selection, recipientKey: await recipientKeyOf(client, selection, 'grace') };
      const credits = async () => Number((await t.deps.db.select({ n: count() }).from(renderUsage).where(eq(renderUsage.workspaceId, user.id)))[0]!.n);
      const creditsBefore = await credits();

      // Nothing made before it is asked for.
      expect(await q(client, input)).toEqual({ personalised: true, usesCredit: false, render: null });
      const first = await ask(client, input);
      expect(first.usesCredit).toBe(false);
      expect(first.render).toMatchObject({ status: 'pending', videoUrl: null });
      const seen = new Set<number>();
      expect(
        await waitUntil(async () => {
          const r = (await q(client, input)).render;
          seen.add(r.progress);
          return r.status === 'completed';
        }, RENDER_WAIT_MS),
      ).toBe(true);
      const { render } = await q(client, input);
      expect(render).toMatchObject({ id: first.render.id, status: 'completed', progress: 100, error: null });
      // Progress was reported on the way, not only at the end.
      expect([...seen].some((p) => p > 0 && p < 100)).toBe(true);

      // The file exists and is hers: a playable MP4 whose captions greet Grace (not the preview's Jane, not Ada).
      const anon = new TestClient(t.app);
      expect(render.videoUrl).toMatch(/^\/v-test\/[a-z2-7]+\.[0-9a-f]{32}\/video\.mp4$/);
      const vtt = await anon.get(render.captionsUrl);
      expect(vtt.status).toBe(200);
      expect(vtt.data).toStartWith('WEBVTT');
      expect(vtt.data).toContain('Hi Grace!');
      for (const other of ['Jane', 'Ada', '{']) expect(vtt.data).not.toContain(other);
      const head = await t.app.handle(new Request(`http://localhost${render.videoUrl}`, { headers: { range: 'bytes=0-99' } }));
      expect(head.status).toBe(206);
      expect(head.headers.get('content-type')).toBe('video/mp4');
      const whole = new Uint8Array(await (await t.app.handle(new Request(`http://localhost${render.videoUrl}`))).arrayBuffer());
      expect(whole.length).toBeGreaterThan(10_000);
      expect(new TextDecoder().decode(whole.subarray(4, 8))).toBe('ftyp');

      // A second click shows the same render: nothing queued, nothing rendered again; no credit used, no delivery made.
      const again = await ask(client, input);
      expect(again.render).toEqual(render);
      const rows = await t.deps.db
        .select({ id: personalRenders.id })
        .from(personalRenders)
        .innerJoin(distributions, eq(distributions.id, personalRenders.distributionId))
        .where(eq(distributions.videoId, selection.videoId));
      expect(rows).toEqual([{ id: render.id }]);
      expect(await credits()).toBe(creditsBefore);
      expect((await client.get(`/api/videos/${selection.videoId}/deliveries`)).data.total).toBe(0);

      // Another user: the video, the recipient and the render are not found; a forged media address neither.
      const stranger = await signedInClient(t.app);
      expect((await stranger.client.trpc('mutation', 'distribution.renderRecipient', input)).status).toBe(404);
      expect((await stranger.client.trpc('query', 'distribution.recipientRender', input)).status).toBe(404);
      expect((await client.trpc('query', 'distribution.recipientRender', { ...input, recipientKey: 'nobody' })).status).toBe(404);
      const forged = render.videoUrl.replace(/\.[0-9a-f]{32}\//, `.${'0'.repeat(32)}/`);
      expect((await anon.get(forged)).status).toBe(404);
      expect((await anon.get(render.videoUrl.replace('video.mp4', 'poster.jpg'))).status).toBe(404);
    },
    RENDER_WAIT_MS + 120_000,
  );

  test('a video that is the same for everyone has no recipient video to make: its preview is theirs', async () => {
    const { client } = await signedInClient(t.app);
    const selection = await world(client, 'Hello everyone. Thanks for watching.', ['Ada']);
    const input = { ...selection, recipientKey: await recipientKeyOf(client, selection, 'ada') };
    expect(await q(client, input)).toEqual({ personalised: false, usesCredit: false, render: null });
    const res = await client.trpc('mutation', 'distribution.renderRecipient', input);
    expect(res.status).toBe(400);
    expect(res.data.error.message).toBe(DISTRIBUTION_MESSAGES.samePreview);
  }, 120_000);
});
