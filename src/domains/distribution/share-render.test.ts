import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { signedInClient, TestClient, testApp } from '../../test/harness';
import { pollUntil, RENDER_WAIT_MS, settled } from '../../test/wait';
import { shareFallbackMessage, SHARE_RECIPIENT } from './share-render';
import { distributions, personalRenders } from './tables';

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
  // The first file to open the shared database migrates it: slow on a loaded machine.
}, 60_000);

async function rendered(client: TestClient, script: string, extra: Record<string, unknown> = {}) {
  const talk = await client.post('/api/avatars/talk', { avatarId: 'stock-3', script, voiceId: 'local-en-female', ...extra });
  expect(talk.status).toBe(201);
  const st = await pollUntil(client, `/api/videos/${talk.data.videoId}/status`, settled, 60_000);
  expect(st.data.status).toBe('completed');
  return (await client.get(`/api/videos/${talk.data.videoId}`)).data;
}

describe('share link of a video with variables', () => {
  test(
    'plays the render with the fallbacks ("Hi there!"), never the preview ("Hi Jane!"), made once and reused',
    async () => {
      const { client } = await signedInClient(t.app);
      const v = await rendered(client, 'Hi {first_name}! Welcome aboard.', { previewValues: { first_name: 'Jane' } });
      await client.patch(`/api/videos/${v.id}`, { title: 'Welcome {first_name}' });
      const share = (await client.post(`/api/videos/${v.id}/share`)).data;
      const anon = new TestClient(t.app);
      // Until its version for everyone exists the page waits (and reloads), it does not play the preview.
      const early = await anon.get(share.path);
      if (early.status === 503) {
        expect(early.data).toContain('This video is being prepared');
        expect(early.headers.get('retry-after')).toBe('5');
        expect(early.data).not.toContain(v.videoUrl);
      }
      const ready = await pollUntil(anon, share.path, (page) => typeof page === 'string' && page.includes('video.mp4'), RENDER_WAIT_MS);
      const page = ready.data as string;
      expect(page).toContain(`src="/v/${share.token}/video.mp4#t=0.001"`);
      expect(page).not.toContain('poster=');
      expect(page).not.toContain(v.videoUrl);
      expect(page).toContain('<h1>Welcome there</h1>');
      expect(page).not.toContain('Jane');
      const vtt = await anon.get(`${share.path}/captions.vtt`);
      expect(vtt.data).toContain('Hi there!');
      expect(vtt.data).not.toContain('Jane');
      const video = await t.app.handle(new Request(`http://localhost${share.path}/video.mp4`, { headers: { range: 'bytes=0-99' } }));
      expect(video.status).toBe(206);
      expect(video.headers.get('content-type')).toBe('video/mp4');

      // A new link, or the link turned off and on again: the same render, not a new one.
      await client.post(`/api/videos/${v.id}/share`, { regenerate: true });
      await client.delete(`/api/videos/${v.id}/share`);
      const again = (await client.post(`/api/videos/${v.id}/share`)).data;
      expect((await anon.get(again.path)).data).toContain(`src="/v/${again.token}/video.mp4`);
      const mine = await t.deps.db
        .select({ key: personalRenders.recipientKey, head: personalRenders.headScript })
        .from(personalRenders)
        .innerJoin(distributions, eq(distributions.id, personalRenders.distributionId))
        .where(eq(distributions.videoId, v.id));
      expect(mine).toEqual([{ key: SHARE_RECIPIENT, head: 'Hi there!' }]);
    },
    RENDER_WAIT_MS + 60_000,
  );

  test('a variable without a fallback refuses the share with its name; a video without variables shares its own file', async () => {
    const { client } = await signedInClient(t.app);
    const v = await rendered(client, 'Hi {first_name}, how is {industry}?', { previewValues: { first_name: 'Jane', industry: 'retail' } });
    const res = await client.post(`/api/videos/${v.id}/share`);
    expect(res).toMatchObject({ status: 400, data: { message: shareFallbackMessage(['industry']) } });
    const plain = await rendered(client, 'Hello everyone.');
    const share = (await client.post(`/api/videos/${plain.id}/share`)).data;
    expect((await new TestClient(t.app).get(share.path)).data).toContain(`src="${plain.videoUrl}"`);
  }, 120_000);
});
