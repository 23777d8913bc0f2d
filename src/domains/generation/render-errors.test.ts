import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { MediaError } from '../../media/errors';
import { userFacingFailure } from '../../media/user-message';
import { facePhoto, portraitPng } from '../../test/api-world';
import { PICTURE_UNREADABLE } from '../../shared/pictures';
import { formWith, facePng } from '../../test/fixtures';
import { signedInClient, testApp, type TestClient } from '../../test/harness';
import { pollUntil, settled } from '../../test/wait';
import { personalRenders } from '../distribution/tables';

// Issue 9 item 13: what a tool printed (ffmpeg's "Error while decoding stream #0:0…", temporary
// paths) stays in the server log; users read a sentence about their video.

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
}, 120_000);

const BACKGROUND = "We couldn't render this video: the background image could not be read. Please try another image.";
const AVATAR = "We couldn't render this video: the avatar picture could not be read. Please try another picture.";
/** Anything that smells of a tool's own output or of the machine. */
const TOOL_TEXT = /ffmpeg|ffprobe|stream #|decod|invalid data|exit code|\/tmp\/|\/files\/|\[png|\[mjpeg|0x[0-9a-f]{4}|@ 0x/i;

/** A PNG signature then noise: passes a content check by magic bytes, decodes to nothing. */
const corruptPng = () => {
  const good = facePng(64, 64);
  const bytes = new Uint8Array(4000);
  bytes.set(good.subarray(0, 16));
  for (let i = 16; i < bytes.length; i++) bytes[i] = (i * 7919) % 251;
  return bytes;
};

async function expectFailedRender(client: TestClient, body: Record<string, unknown>, message: string) {
  const { data, status } = await client.post('/api/avatars/talk', { script: 'This will not render.', captions: 'none', ...body });
  expect(status).toBe(201);
  const st = await pollUntil(client, `/api/videos/${data.videoId}/status`, settled, 60_000);
  expect(st.data).toMatchObject({ status: 'failed', error: message, message });
  expect((await client.get(`/api/avatars/talk/${data.taskId}`)).data.error).toBe(message);
  const clip = (await client.get('/api/clips')).data.clips.find((c: { videoId: string }) => c.videoId === data.videoId);
  expect(clip).toMatchObject({ status: 'error', error: message });
  const video = (await client.get(`/api/videos/${data.videoId}`)).data;
  expect(JSON.stringify(video)).not.toMatch(TOOL_TEXT);
  return data.videoId as string;
}

describe('render failures users read', () => {
  test('a corrupt background upload: the background is named, no ffmpeg text', async () => {
    const { client } = await signedInClient(t.app);
    // A file that does not decode is refused at upload (decision 208); one that went corrupt in storage fails the render.
    const refused = await client.post('/api/backgrounds/upload', formWith('file', corruptPng(), 'bg.png', 'image/png'));
    expect(refused).toMatchObject({ status: 400, data: { message: PICTURE_UNREADABLE } });
    const bg = await client.post('/api/backgrounds/upload', formWith('file', portraitPng(64, 64), 'bg.png', 'image/png'));
    expect(bg.status).toBe(201);
    await t.deps.providers.storage.put(bg.data.url.slice('/files/'.length), corruptPng(), 'image/png');
    await expectFailedRender(client, { avatarId: 'stock-4', backgroundId: bg.data.id }, BACKGROUND);
  }, 90_000);

  test('a custom avatar whose picture went corrupt: the avatar is named, no ffmpeg text', async () => {
    const { client } = await signedInClient(t.app);
    const up = await client.post('/api/avatars/upload', formWith('image', await facePhoto(), 'me.jpg', 'image/jpeg'));
    const created = await client.post('/api/avatars/create-custom', { name: 'Me', gender: 'female', imageUrl: up.data.url, mimeType: 'image/jpeg' });
    const ready = await pollUntil(client, `/api/avatars/custom/${created.data.id}`, (d) => d.status === 'done' || d.status === 'failed', 30_000);
    expect(ready.data.status).toBe('done');
    await t.deps.providers.storage.put(ready.data.imageUrl.slice('/files/'.length), corruptPng(), 'image/png');
    await expectFailedRender(client, { avatarId: created.data.id }, AVATAR);
  }, 90_000);

  test('a custom avatar from a corrupt picture is refused at upload with a sentence, not the tool’s output', async () => {
    const { client } = await signedInClient(t.app);
    // The face check reads the picture at upload (issue 11): a file that does not decode stops there.
    const up = await client.post('/api/avatars/upload', formWith('image', corruptPng(), 'me.png', 'image/png'));
    expect(up.status).toBe(400);
    expect(up.data.message).toBe('We could not read this picture. Please upload a PNG, JPEG or WebP photo.');
    expect(up.data.message).not.toMatch(TOOL_TEXT);
  }, 60_000);

  test('a personalised render that fails records the same sentence', async () => {
    const { client, user } = await signedInClient(t.app);
    const bg = await client.post('/api/backgrounds/upload', formWith('file', facePng(64, 36), 'bg.png', 'image/png'));
    const talk = await client.post('/api/avatars/talk', {
      avatarId: 'stock-5',
      script: 'Hello. This is our product.',
      captions: 'none',
      backgroundId: bg.data.id,
    });
    expect((await pollUntil(client, `/api/videos/${talk.data.videoId}/status`, settled, 60_000)).data.status).toBe('completed');
    await t.deps.providers.storage.put(bg.data.url.slice('/files/'.length), corruptPng(), 'image/png');
    const list = await client.post('/api/contact-lists', { name: 'One' });
    await client.post(`/api/contact-lists/${list.data.id}/contacts`, { firstName: 'Alice', email: 'alice@example.com' });
    const res = await client.post(`/api/videos/${talk.data.videoId}/distribute`, {
      listIds: [list.data.id],
      platforms: ['email'],
      personalizeVideo: true,
      script: 'Hi {first_name}. Thanks.',
    });
    expect(res.status).toBe(201);
    const done = await pollUntil(client, `/api/distributions/${res.data.distributionId}/progress`, (p) => p.done, 90_000);
    expect(done.data.renders).toMatchObject({ total: 1, failed: 1 });
    const rows = await t.deps.db.select({ error: personalRenders.error }).from(personalRenders).where(eq(personalRenders.workspaceId, user.id));
    expect(rows).toEqual([{ error: BACKGROUND }]);
  }, 150_000);
});

describe('userFacingFailure', () => {
  const stderr =
    '[png @ 0x3d81a780] chunk too big\nError while decoding stream #0:0: Invalid data found when processing input\n/tmp/render-x/.render-1/background-upload';
  test('tool failures answer a generic sentence; the output is kept for the log', () => {
    for (const e of [
      new MediaError('FFMPEG_FAILED', 'video render failed (exit code 1)', { details: stderr }),
      new MediaError('PROBE_FAILED', 'A media file could not be read', { details: stderr }),
      new MediaError('TTS_FAILED', 'Speech synthesis failed (exit code 1)', { details: stderr }),
      new MediaError('FFMPEG_TIMEOUT', 'video render took longer than 60 s and was stopped', { details: stderr }),
      new Error(`ENOENT: no such file or directory, open '/tmp/render-x/speech.wav'`),
      'a string',
    ]) {
      const f = userFacingFailure(e);
      expect(f.message).toStartWith("We couldn't render this video");
      expect(f.message).not.toMatch(TOOL_TEXT);
      if (e instanceof MediaError) expect(f.log.details).toBe(stderr);
    }
  });

  test('our own sentences about the input are kept, the subject named', () => {
    expect(userFacingFailure(new MediaError('INVALID_INPUT', 'The script is empty')).message).toBe("We couldn't render this video: the script is empty.");
    expect(userFacingFailure(new MediaError('INVALID_INPUT', 'x', { subject: 'background', details: stderr })).message).toBe(BACKGROUND);
    expect(userFacingFailure(new MediaError('INVALID_INPUT', 'x', { subject: 'avatar' })).message).toBe(AVATAR);
  });
});
