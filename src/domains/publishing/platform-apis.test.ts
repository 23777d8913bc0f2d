import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { runFfmpeg } from '../../media/ffmpeg';
import { createGraphPublisher } from '../../server/providers/publishing/graph';
import { createYouTubePublisher } from '../../server/providers/publishing/youtube';
import { type GraphFake, GRAPH_FAKE, startGraphFake } from '../../test/fakes/publishing/graph-fake';
import { startYouTubeFake, YOUTUBE_FAKE, type YouTubeFake } from '../../test/fakes/publishing/youtube-fake';
import { TestClient, type signedInClient } from '../../test/harness';
import { keyFromUrl } from '../files/service';
import { videos } from '../videos/tables';
import { m, publishingWorld, q, settled, setup, trpcData } from './fixtures/world';

// The publishing domain with the real adapters (YouTube Data API, Meta Graph) against local fakes that
// speak those APIs over HTTP: OAuth, resumable uploads cut mid-way, the platforms' refusals, insights.
const w = publishingWorld();
let yt: YouTubeFake;
let graph: GraphFake;
let big: { path: string; sha256: string; bytes: number };
let restore: () => void;

beforeAll(async () => {
  yt = startYouTubeFake();
  graph = startGraphFake();
  graph.processingPolls = 1;
  const publishing = w.t.deps.providers.publishing;
  const before = { ...publishing };
  publishing.youtube = createYouTubePublisher({
    clientId: YOUTUBE_FAKE.clientId,
    clientSecret: YOUTUBE_FAKE.clientSecret,
    oauthUrl: `${yt.url}/o/oauth2/v2/auth`,
    tokenUrl: `${yt.url}/token`,
    apiUrl: yt.url,
    chunkBytes: 1024 * 1024,
  });
  const meta = createGraphPublisher({
    appId: GRAPH_FAKE.appId,
    appSecret: GRAPH_FAKE.appSecret,
    graphUrl: graph.graphUrl,
    ruploadUrl: graph.url,
    pollIntervalMs: 50,
  });
  publishing.facebook = meta;
  publishing.instagram = meta;
  restore = () => Object.assign(publishing, before);
  // A real MP4 of ~7 MB (vertical, 2 s of noise): big enough to be cut mid-upload.
  const path = join(mkdtempSync(join(tmpdir(), 'publish-apis-')), 'big.mp4');
  await runFfmpeg(
    [
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=360x640:r=25:d=2',
      '-vf',
      'noise=alls=30:allf=t,format=yuv420p',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-qp',
      '24',
      path,
    ],
    { timeoutMs: 120_000 },
  );
  const bytes = new Uint8Array(await Bun.file(path).arrayBuffer());
  big = { path, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  expect(big.bytes).toBeGreaterThan(3 * 1024 * 1024);
}, 180_000);
afterAll(() => {
  restore?.();
  yt?.stop();
  graph?.stop();
});

type Session = Awaited<ReturnType<typeof setup>>;

/** A user with a finished video whose stored file is the big MP4. */
async function withBigVideo(durationSec = 30): Promise<Session> {
  const s = await setup(w, durationSec);
  const [v] = await w.t.deps.db.select({ url: videos.videoUrl }).from(videos).where(eq(videos.id, s.videoId));
  await w.t.deps.providers.storage.putFile(keyFromUrl(v!.url)!, big.path, 'video/mp4');
  return s;
}

/** connect → the platform's authorize URL (its state) → the callback with the platform's code, as the browser comes back. */
async function connectVia(client: Awaited<ReturnType<typeof signedInClient>>['client'], platform: string, authorizeOrigin: string, code: string) {
  const { url } = trpcData(await m(client, 'connect', { platform }));
  expect(url.startsWith(authorizeOrigin)).toBe(true);
  const state = new URL(url).searchParams.get('state')!;
  const back = await client.get(`/publishing/callback?state=${encodeURIComponent(state)}&code=${encodeURIComponent(code)}`);
  expect(back.status).toBe(303);
  return back.headers.get('location');
}

const publish = (s: Session, input: Record<string, unknown>) =>
  m(s.client, 'publish', { videoId: s.videoId, campaignId: s.campaignId, visibility: 'public', requestKey: crypto.randomUUID(), ...input });

describe('YouTube through its Data API (local fake)', () => {
  test('OAuth connect; an upload cut mid-way resumes its session: one video, its bytes whole, recorded once; its views come back beside the link’s clicks', async () => {
    const s = await withBigVideo();
    expect(await connectVia(s.client, 'youtube', yt.url, YOUTUBE_FAKE.code)).toBe('/connect-platforms?connected=youtube');
    const conn = trpcData(await q(s.client, 'connections')).find((c: { platform: string }) => c.platform === 'youtube');
    expect(conn).toMatchObject({ sandbox: false, status: 'connected', targets: [{ id: YOUTUBE_FAKE.channel.id, name: YOUTUBE_FAKE.channel.title }] });

    const defaults = trpcData(await q(s.client, 'defaults', { videoId: s.videoId }));
    yt.dropAfter(1_500_000);
    const requestKey = crypto.randomUUID();
    const input = {
      platform: 'youtube',
      targetId: YOUTUBE_FAKE.channel.id,
      title: 'Spring tour',
      description: defaults.description,
      visibility: 'unlisted',
      requestKey,
    };
    const first = trpcData(await publish(s, input));
    const done = await settled(s.client, first.id, 60_000);
    expect(done).toMatchObject({ status: 'published', error: null, needsReconnect: false });
    // One video on the platform, every byte of the file, though the first attempt's connection was cut.
    expect(yt.videos.size).toBe(1);
    const [video] = [...yt.videos.values()];
    expect({ size: video!.size, sha256: video!.sha256 }).toEqual({ size: big.bytes, sha256: big.sha256 });
    expect(video!.resource.status).toMatchObject({ privacyStatus: 'unlisted' });
    expect(video!.resource.snippet.description).toContain(`?via=${first.id}`);
    expect(done.url).toContain(video!.id);
    // The second attempt asked the session what it held, then sent only the rest: one upload started.
    expect(yt.requests.filter((r) => r.method === 'POST' && r.path === '/upload/youtube/v3/videos')).toHaveLength(1);
    expect(yt.requests.some((r) => r.method === 'PUT' && (r.headers['content-range'] ?? '').startsWith('bytes */'))).toBe(true);

    // The same request again: the same publication, no second upload.
    expect(trpcData(await publish(s, input)).id).toBe(first.id);
    await Bun.sleep(500);
    expect(yt.videos.size).toBe(1);

    // The platform's views and the tracked link's opens, side by side in the campaign.
    yt.setStats(video!.id, { viewCount: 321 });
    const refreshed = trpcData(await m(s.client, 'refreshInsights', { id: first.id }));
    expect(refreshed).toMatchObject({ views: 321, viewsSource: 'YouTube statistics.viewCount' });
    // A viewer comes by the link in the video's description: the page opens (its beacon), and plays.
    const link = new URL(video!.resource.snippet.description!.match(/https?:\/\/\S+/)![0]);
    const viewer = new TestClient(w.t.app);
    const landing = await viewer.get(link.pathname + link.search);
    expect(landing.status).toBe(200);
    const page = /P="([A-Za-z0-9_.-]+)"/.exec(String(landing.data))![1]!;
    const token = link.pathname.split('/').pop();
    for (const event of ['open', 'view']) expect((await viewer.post('/api/track', { token, page, event })).status).toBe(204);
    const campaign = (await s.client.get(`/api/campaigns/${s.campaignId}`)).data;
    expect(campaign.publishing).toContainEqual(
      expect.objectContaining({ platform: 'youtube', posts: 1, views: 321, viewsSource: 'YouTube statistics.viewCount', clicks: 1, plays: 1 }),
    );
  }, 120_000);

  test('an expired grant the platform will not refresh ends “reconnect”; the quota ends waiting with the reason; nothing is lost', async () => {
    const s = await withBigVideo();
    await connectVia(s.client, 'youtube', yt.url, YOUTUBE_FAKE.code);
    const videosBefore = yt.videos.size;
    yt.expireTokens();
    yt.revokeRefresh(true);
    try {
      const failed = trpcData(await publish(s, { platform: 'youtube', targetId: YOUTUBE_FAKE.channel.id, title: 'Expired', description: 'x' }));
      const ended = await settled(s.client, failed.id, 30_000);
      expect(ended).toMatchObject({ status: 'failed', needsReconnect: true });
      expect(ended.error).toMatch(/reconnect/i);
      const conn = trpcData(await q(s.client, 'connections')).find((c: { platform: string }) => c.platform === 'youtube');
      expect(conn.status).toBe('expired');
    } finally {
      yt.revokeRefresh(false);
    }

    // Reconnected; the channel's quota is spent: the publication waits and says why.
    await connectVia(s.client, 'youtube', yt.url, YOUTUBE_FAKE.code);
    yt.quota('quotaExceeded');
    try {
      const waiting = trpcData(await publish(s, { platform: 'youtube', targetId: YOUTUBE_FAKE.channel.id, title: 'Quota', description: 'x' }));
      let row = waiting;
      const end = Date.now() + 30_000;
      while (!row.note && Date.now() < end) {
        await Bun.sleep(200);
        row = trpcData(await q(s.client, 'list', { videoId: s.videoId })).find((p: { id: string }) => p.id === waiting.id);
      }
      expect(row).toMatchObject({ status: 'queued', error: null });
      expect(row.note).toMatch(/quota/i);
    } finally {
      yt.quota(null);
    }
    expect(yt.videos.size).toBe(videosBefore);
  }, 90_000);
});

describe('Facebook and Instagram through the Graph API (local fake)', () => {
  test('a Page video and a Reel published; a video longer than Reels allow is refused before any upload; the platform’s own refusal ends failed with its reason', async () => {
    const s = await withBigVideo();
    await connectVia(s.client, 'facebook', new URL(GRAPH_FAKE_DIALOG).origin, GRAPH_FAKE.code);
    await connectVia(s.client, 'instagram', new URL(GRAPH_FAKE_DIALOG).origin, GRAPH_FAKE.code);
    const page = GRAPH_FAKE.pages[0];

    const onPage = trpcData(await publish(s, { platform: 'facebook', targetId: page.id, title: 'Spring tour', description: 'On our Page' }));
    expect(await settled(s.client, onPage.id, 60_000)).toMatchObject({ status: 'published' });
    const reel = trpcData(await publish(s, { platform: 'instagram', targetId: page.ig!.id, title: 'Spring tour', description: 'A Reel' }));
    expect(await settled(s.client, reel.id, 60_000)).toMatchObject({ status: 'published' });
    expect([...graph.videos.values()].map((v) => v.sha256)).toEqual([big.sha256]);
    expect([...graph.media.values()].map((v) => v.sha256)).toEqual([big.sha256]);

    // Reels last at most 15 minutes: refused here, with the rule, before the platform hears of it.
    const long = await withBigVideo(20 * 60);
    await connectVia(long.client, 'instagram', new URL(GRAPH_FAKE_DIALOG).origin, GRAPH_FAKE.code);
    const calls = graph.requests.length;
    const refused = await publish(long, { platform: 'instagram', targetId: page.ig!.id, title: 'Too long', description: 'x' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain('15 min');
    expect(graph.requests.length).toBe(calls);
    expect(trpcData(await q(long.client, 'list', { videoId: long.videoId }))).toEqual([]);

    // The platform's own refusal (its length rule for Page videos): failed with its words, not retried.
    graph.tooLong(true);
    try {
      const rejected = trpcData(await publish(s, { platform: 'facebook', targetId: page.id, title: 'Rejected', description: 'x' }));
      const ended = await settled(s.client, rejected.id, 30_000);
      expect(ended.status).toBe('failed');
      expect(ended.error).toContain('The maximum length for this video is 240 minutes');
      expect(ended.needsReconnect).toBe(false);
    } finally {
      graph.tooLong(false);
    }
  }, 150_000);
});

const GRAPH_FAKE_DIALOG = 'https://www.facebook.com/v21.0/dialog/oauth';
