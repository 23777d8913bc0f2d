import { afterAll, describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startYouTubeFake, YOUTUBE_FAKE } from '../../test/fakes/publishing/youtube-fake';
import { type AppProcess, freshDatabase, HttpClient, registerUser, startAppProcess } from '../distribution/fixtures/app-process';
import { startSmtpSink } from '../distribution/fixtures/smtp-sink';

// The app process (HTTP + embedded worker) is SIGKILLed while it uploads a video to YouTube (the local
// fake of the Data API), then started again on the same data. The upload job's missing heartbeat hands
// it to the new process, which resumes the session the first one stored before sending any byte: one
// video on the platform, every byte of the file, one publication recorded (docs/decisions/229, 230).

const onPostgres = !!process.env.DATABASE_URL;
const dataDir = mkdtempSync(join(tmpdir(), 'publish-crash-'));
const procs: AppProcess[] = [];
afterAll(async () => {
  for (const p of procs) await p.kill().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

const trpc = async (client: HttpClient, kind: 'query' | 'mutation', path: string, input?: unknown) => {
  const res =
    kind === 'query'
      ? await client.get(`/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`)
      : await client.post(`/trpc/${path}`, input ?? {});
  expect([path, res.status]).toEqual([path, 200]);
  return res.data.result.data;
};

describe(`publishing when the worker dies (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  test('app killed mid-upload to YouTube, then started again: the stored session is resumed, one video, its bytes whole, published once', async () => {
    const yt = startYouTubeFake();
    const sink = await startSmtpSink();
    const databaseUrl = onPostgres
      ? await freshDatabase(process.env.DATABASE_URL!, `${new URL(process.env.DATABASE_URL!).pathname.slice(1)}_publish_crash`)
      : undefined;
    const env = {
      GOOGLE_CLIENT_ID: YOUTUBE_FAKE.clientId,
      GOOGLE_CLIENT_SECRET: YOUTUBE_FAKE.clientSecret,
      GOOGLE_OAUTH_URL: `${yt.url}/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_URL: `${yt.url}/token`,
      YOUTUBE_API_URL: yt.url,
      PUBLISH_RETRY_SECONDS: '1',
      RENDER_MAX_RESOLUTION: '720p',
    };
    try {
      // A finished video rendered by the app itself (its file in the app's storage, a few hundred KB).
      const first = await startAppProcess({ dataDir, databaseUrl, smtpUrl: sink.url, env });
      procs.push(first);
      const client = new HttpClient(first.url);
      await registerUser(client);
      const talk = await client.post('/api/avatars/talk', {
        avatarId: 'stock-3',
        voiceId: 'local-en-female',
        script: 'Here is our spring tour, in a few words, for you and your team.',
      });
      expect(talk.status).toBe(201);
      const video = { data: { id: talk.data.videoId as string } };
      let status = '';
      const rendered = Date.now() + 150_000;
      while (status !== 'completed' && status !== 'failed' && Date.now() < rendered) {
        await Bun.sleep(500);
        status = (await client.get(`/api/videos/${video.data.id}/status`)).data.status;
      }
      expect(status).toBe('completed');
      const stored = (await client.get(`/api/videos/${video.data.id}`)).data;
      const bytes = new Uint8Array(await (await fetch(first.url + stored.videoUrl)).arrayBuffer());
      const sha256 = createHash('sha256').update(bytes).digest('hex');

      // Connected by OAuth: the platform's authorize URL carries our state; the browser comes back with its code.
      const { url } = await trpc(client, 'mutation', 'publishing.connect', { platform: 'youtube' });
      const state = new URL(url).searchParams.get('state')!;
      const back = await client.request('GET', `/publishing/callback?state=${encodeURIComponent(state)}&code=${YOUTUBE_FAKE.code}`);
      expect(back.status).toBe(200); // fetch followed the redirect to /connect-platforms

      // The first process dies once the platform holds the first bytes of the upload.
      let killed = false;
      yt.onBytes(async (held) => {
        if (killed || held >= bytes.length) return undefined;
        killed = true;
        await first.kill();
        return 'cut';
      });
      const publication = await trpc(client, 'mutation', 'publishing.publish', {
        videoId: video.data.id,
        platform: 'youtube',
        targetId: YOUTUBE_FAKE.channel.id,
        title: 'Crash tour',
        description: 'Resumed after a crash',
        visibility: 'unlisted',
        requestKey: crypto.randomUUID(),
      });
      const end = Date.now() + 60_000;
      while (!killed && Date.now() < end) await Bun.sleep(50);
      expect(killed).toBe(true);
      yt.onBytes(null);
      expect(yt.videos.size).toBe(0);
      const held = [...yt.sessions.values()][0]?.held ?? 0;
      expect(held).toBeGreaterThan(0);
      expect(held).toBeLessThan(bytes.length);

      const second = await startAppProcess({ dataDir, databaseUrl, smtpUrl: sink.url, env });
      procs.push(second);
      const again = new HttpClient(second.url);
      again.cookie = client.cookie;
      let row = publication;
      const until = Date.now() + 90_000;
      while (row.status !== 'published' && row.status !== 'failed' && Date.now() < until) {
        await Bun.sleep(500);
        row = (await trpc(again, 'query', 'publishing.list', { videoId: video.data.id }))[0];
      }
      expect(row).toMatchObject({ id: publication.id, status: 'published', error: null });
      // One video, every byte, and the second process sent only what the platform did not hold.
      expect(yt.videos.size).toBe(1);
      const [uploaded] = [...yt.videos.values()];
      expect({ size: uploaded!.size, sha256: uploaded!.sha256 }).toEqual({ size: bytes.length, sha256 });
      expect(yt.requests.filter((r) => r.method === 'POST' && r.path === '/upload/youtube/v3/videos')).toHaveLength(1);
      const resumedBytes = yt.requests.filter((r) => r.method === 'PUT').reduce((n, r) => n + r.bodyBytes, 0);
      expect(resumedBytes).toBe(bytes.length);
      expect(row.url).toContain(uploaded!.id);
    } finally {
      yt.stop();
      await sink.close();
    }
  }, 240_000);
});
