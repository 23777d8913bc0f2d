import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { makeTestVideoFile, type TestVideoFile } from '../../../test/fakes/publishing/video-file';
import { startYouTubeFake, YOUTUBE_FAKE, type YouTubeFake } from '../../../test/fakes/publishing/youtube-fake';
import { PublishError, type PublishRequest, type PublishToken, type UploadSession } from './types';
import { createYouTubePublisher } from './youtube';

let fake: YouTubeFake;
let file: TestVideoFile;
beforeAll(() => {
  fake = startYouTubeFake();
  file = makeTestVideoFile();
});
afterAll(() => {
  fake.stop();
  file.remove();
});
afterEach(() => {
  fake.quota(null);
  fake.dropAfter(null);
  fake.revokeRefresh(false);
});

const MIB = 1024 * 1024;
const provider = (chunkBytes = MIB) =>
  createYouTubePublisher({
    clientId: YOUTUBE_FAKE.clientId,
    clientSecret: YOUTUBE_FAKE.clientSecret,
    tokenUrl: `${fake.url}/token`,
    apiUrl: fake.url,
    chunkBytes,
  });

async function connect(): Promise<PublishToken> {
  const { token } = await provider().exchangeCode({ platform: 'youtube', code: YOUTUBE_FAKE.code, redirectUri: 'https://app.test/cb' });
  return token;
}

const request = (token: PublishToken, extra: Partial<PublishRequest> = {}): PublishRequest => ({
  platform: 'youtube',
  token,
  target: { id: YOUTUBE_FAKE.channel.id, name: YOUTUBE_FAKE.channel.title },
  video: file.video,
  title: 'Our spring offer',
  description: 'Watch it here: https://app.test/v/abc',
  visibility: 'unlisted',
  reference: 'pub_1',
  ...extra,
});

const since = (n: number) => fake.requests.slice(n);

async function failure(p: Promise<unknown>): Promise<PublishError> {
  const err = await p.then(
    () => null,
    (e) => e,
  );
  expect(err).toBeInstanceOf(PublishError);
  return err as PublishError;
}

describe('YouTube adapter against the fake', () => {
  test('authorize URL asks for upload + readonly, offline access and consent', () => {
    const url = new URL(provider().authorizeUrl({ platform: 'youtube', state: 'st8', redirectUri: 'https://app.test/cb' }));
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(url.searchParams.get('scope')).toBe('https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly');
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('prompt')).toBe('consent');
    expect(url.searchParams.get('state')).toBe('st8');
  });

  test('token exchange lists the channel; refresh gives a new access token and keeps the refresh token', async () => {
    const { token, targets } = await provider().exchangeCode({ platform: 'youtube', code: YOUTUBE_FAKE.code, redirectUri: 'https://app.test/cb' });
    expect(targets).toEqual([{ id: YOUTUBE_FAKE.channel.id, name: YOUTUBE_FAKE.channel.title }]);
    expect(token.refreshToken).toBe(YOUTUBE_FAKE.refreshToken);
    expect(Date.parse(token.expiresAt!)).toBeGreaterThan(Date.now() + 3000_000);
    const fresh = await provider().refresh({ platform: 'youtube', token });
    expect(fresh.accessToken).not.toBe(token.accessToken);
    expect(fresh.refreshToken).toBe(YOUTUBE_FAKE.refreshToken);
    const bad = await failure(provider().exchangeCode({ platform: 'youtube', code: 'wrong', redirectUri: 'https://app.test/cb' }));
    expect(bad.kind).toBe('reauth');
  });

  test('publish: session stored before any byte, whole file in 256 KiB-multiple chunks, id and watch URL back', async () => {
    const token = await connect();
    const before = fake.requests.length;
    const stored: UploadSession[] = [];
    const result = await provider().publish(
      request(token, {
        onSession: async (s) => {
          stored.push(s);
          expect(fake.requests.slice(before).some((r) => r.method === 'PUT')).toBe(false);
        },
      }),
    );
    expect(stored).toHaveLength(1);
    expect(String(stored[0].uri)).toStartWith(`${fake.url}/upload/youtube/v3/videos?uploadType=resumable&upload_id=`);
    const video = fake.videos.get(result.postId)!;
    expect(video.size).toBe(file.video.bytes);
    expect(video.sha256).toBe(file.sha256);
    expect(result.url).toBe(`https://www.youtube.com/watch?v=${result.postId}`);
    expect(video.resource.status.privacyStatus).toBe('unlisted');
    expect(video.resource.snippet.title).toBe('Our spring offer');
    const start = fake.requests.slice(before).find((r) => r.method === 'POST' && r.path === '/upload/youtube/v3/videos')!;
    expect(start.headers['x-upload-content-length']).toBe(String(file.video.bytes));
    expect(start.headers['x-upload-content-type']).toBe('video/mp4');
    const puts = fake.requests.slice(before).filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.headers['content-range'])).toEqual([
      `bytes 0-${MIB - 1}/${file.video.bytes}`,
      `bytes ${MIB}-${2 * MIB - 1}/${file.video.bytes}`,
      `bytes ${2 * MIB}-${3 * MIB - 1}/${file.video.bytes}`,
      `bytes ${3 * MIB}-${file.video.bytes - 1}/${file.video.bytes}`,
    ]);
  });

  test('an upload cut mid-way, resumed with the stored session, sends only the rest and ends with one video', async () => {
    const token = await connect();
    const videosBefore = fake.videos.size;
    const first: UploadSession[] = [];
    const cut = 1_500_000;
    fake.dropAfter(cut);
    const err = await failure(provider(8 * MIB).publish(request(token, { onSession: async (s) => void first.push(s) })));
    expect(err.kind).toBe('transient');
    expect(err.retryable).toBe(true);
    const session = first.at(-1)!;
    const before = fake.requests.length;
    const again: UploadSession[] = [];
    const result = await provider(8 * MIB).publish(request(token, { resume: session, onSession: async (s) => void again.push(s) }));
    expect(again).toHaveLength(0);
    const after = fake.requests.slice(before);
    expect(after.some((r) => r.method === 'POST')).toBe(false);
    expect(after[0].headers['content-range']).toBe(`bytes */${file.video.bytes}`);
    expect(after.reduce((n, r) => n + r.bodyBytes, 0)).toBe(file.video.bytes - cut);
    expect(fake.videos.size).toBe(videosBefore + 1);
    expect(fake.videos.get(result.postId)!.sha256).toBe(file.sha256);
  });

  test('a session the server no longer knows starts over', async () => {
    const token = await connect();
    const first: UploadSession[] = [];
    fake.dropAfter(500_000);
    await failure(provider().publish(request(token, { onSession: async (s) => void first.push(s) })));
    const session = first[0];
    fake.forgetSessions();
    const fresh: UploadSession[] = [];
    const result = await provider().publish(request(token, { resume: session, onSession: async (s) => void fresh.push(s) }));
    expect(fresh).toHaveLength(1);
    expect(fresh[0].uri).not.toBe(session.uri);
    expect(fake.videos.get(result.postId)!.sha256).toBe(file.sha256);
  });

  test('a stored session on another host is not asked (the token stays home): a new session', async () => {
    const token = await connect();
    const before = fake.requests.length;
    const fresh: UploadSession[] = [];
    await provider(8 * MIB).publish(request(token, { resume: { uri: 'http://127.0.0.2:9/upload?upload_id=x' }, onSession: async (s) => void fresh.push(s) }));
    expect(fresh).toHaveLength(1);
    expect(since(before)[0].method).toBe('POST');
  });

  test('scheduling: private with status.publishAt', async () => {
    const token = await connect();
    const at = '2030-05-01T09:00:00.000Z';
    const result = await provider(8 * MIB).publish(request(token, { visibility: 'public', publishAt: at }));
    expect(fake.videos.get(result.postId)!.resource.status).toMatchObject({ privacyStatus: 'private', publishAt: at });
  });

  test('expired access token: refreshed once and the publish goes on', async () => {
    const token = await connect();
    fake.expireTokens();
    const result = await provider(8 * MIB).publish(request(token));
    expect(fake.videos.get(result.postId)!.sha256).toBe(file.sha256);
  });

  test('expired token and a revoked refresh token → reauth', async () => {
    const token = await connect();
    fake.expireTokens();
    fake.revokeRefresh();
    const err = await failure(provider().publish(request(token)));
    expect(err.kind).toBe('reauth');
    expect(err.retryable).toBe(false);
    const noRefresh = await failure(provider().publish(request({ accessToken: 'stale' })));
    expect(noRefresh.kind).toBe('reauth');
  });
});

describe('YouTube adapter: quota, rejections, insights', () => {
  let token: PublishToken;
  beforeAll(async () => {
    token = await connect();
  });

  test('quotaExceeded and rateLimitExceeded → quota, retryable', async () => {
    for (const reason of ['quotaExceeded', 'rateLimitExceeded'] as const) {
      fake.quota(reason);
      const err = await failure(provider().publish(request(token)));
      expect(err.kind).toBe('quota');
      expect(err.retryable).toBe(true);
      expect(err.status).toBe(403);
    }
  });

  test('an invalid video → rejected with the platform message', async () => {
    fake.rejectNext('The request metadata specifies an invalid video title.');
    const err = await failure(provider().publish(request(token)));
    expect(err.kind).toBe('rejected');
    expect(err.retryable).toBe(false);
    expect(err.message).toContain('The request metadata specifies an invalid video title.');
  });

  test('insights: the fake statistics with their source label', async () => {
    const { postId } = await provider(8 * MIB).publish(request(token));
    fake.setStats(postId, { viewCount: 1234, likeCount: 56, commentCount: 7 });
    const stats = await provider().insights({ platform: 'youtube', token, target: { id: YOUTUBE_FAKE.channel.id, name: '' }, postId });
    expect(stats).toEqual({ views: 1234, likes: 56, comments: 7, source: 'YouTube statistics.viewCount' });
  });
});
