import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { GRAPH_FAKE, type GraphFake, startGraphFake } from '../../../test/fakes/publishing/graph-fake';
import { makeTestVideoFile, type TestVideoFile } from '../../../test/fakes/publishing/video-file';
import { createGraphPublisher } from './graph';
import { graphErrorKind, toGraphError } from './graph-http';
import { PublishError, type PublishPlatform, type PublishRequest, type PublishTarget, type PublishToken, type UploadSession } from './types';

let fake: GraphFake;
let file: TestVideoFile;
beforeAll(() => {
  fake = startGraphFake();
  file = makeTestVideoFile();
});
afterAll(() => {
  fake.stop();
  file.remove();
});
afterEach(() => {
  fake.fail(null);
  fake.tooLong(false);
  fake.dropAfter(null);
});

const MIB = 1024 * 1024;
const page = GRAPH_FAKE.pages[0];
const ig = page.ig;
const provider = () =>
  createGraphPublisher({
    appId: GRAPH_FAKE.appId,
    appSecret: GRAPH_FAKE.appSecret,
    graphUrl: fake.graphUrl,
    ruploadUrl: fake.url,
    pollIntervalMs: 5,
    maxPolls: 20,
  });

async function connect(platform: PublishPlatform): Promise<{ token: PublishToken; targets: PublishTarget[] }> {
  return provider().exchangeCode({ platform, code: GRAPH_FAKE.code, redirectUri: 'https://app.test/cb' });
}

const request = (platform: PublishPlatform, token: PublishToken, extra: Partial<PublishRequest> = {}): PublishRequest => ({
  platform,
  token,
  target: platform === 'facebook' ? { id: page.id, name: page.name } : { id: ig.id, name: ig.username },
  video: file.video,
  title: 'Our spring offer',
  description: 'Watch it here: https://app.test/v/abc',
  visibility: 'public',
  reference: 'pub_1',
  ...extra,
});

async function failure(p: Promise<unknown>): Promise<PublishError> {
  const err = await p.then(
    () => null,
    (e) => e,
  );
  expect(err).toBeInstanceOf(PublishError);
  return err as PublishError;
}

const since = (n: number) => fake.requests.slice(n);

describe('Graph adapter: connecting', () => {
  test('authorize URL: the dialog with the platform scopes and the state', () => {
    const fb = new URL(provider().authorizeUrl({ platform: 'facebook', state: 's1', redirectUri: 'https://app.test/cb' }));
    expect(fb.origin + fb.pathname).toBe('https://www.facebook.com/v21.0/dialog/oauth');
    expect(fb.searchParams.get('scope')).toBe('pages_show_list,pages_read_engagement,pages_manage_posts,read_insights');
    expect(fb.searchParams.get('client_id')).toBe(GRAPH_FAKE.appId);
    expect(fb.searchParams.get('state')).toBe('s1');
    const insta = new URL(provider().authorizeUrl({ platform: 'instagram', state: 's2', redirectUri: 'https://app.test/cb' }));
    expect(insta.searchParams.get('scope')).toContain('instagram_content_publish');
  });

  test('Facebook: code → long-lived token → Pages, each with its Page token', async () => {
    const before = fake.requests.length;
    const { token, targets } = await connect('facebook');
    expect(targets).toEqual(GRAPH_FAKE.pages.map((p) => ({ id: p.id, name: p.name })));
    expect(Object.keys(token.targetTokens ?? {})).toEqual(['1001', '1002']);
    expect(token.accessToken).toStartWith('EAAlong');
    expect(Date.parse(token.expiresAt!)).toBeGreaterThan(Date.now() + 50 * 86400_000);
    const calls = since(before);
    expect(calls.map((r) => r.path)).toEqual(['/v21.0/oauth/access_token', '/v21.0/oauth/access_token', '/v21.0/me/accounts']);
    expect(calls[1].params.grant_type).toBe('fb_exchange_token');
    expect(await provider().refresh({ platform: 'facebook', token })).toEqual(token);
  });

  test('Instagram: the professional accounts linked to the Pages', async () => {
    const { targets } = await connect('instagram');
    expect(targets).toEqual([{ id: ig.id, name: ig.username }]);
  });

  test('a wrong code → reauth', async () => {
    const err = await failure(provider().exchangeCode({ platform: 'facebook', code: 'nope', redirectUri: 'https://app.test/cb' }));
    expect(err.kind).toBe('reauth');
  });
});

describe('Graph adapter: Facebook Page videos', () => {
  let token: PublishToken;
  beforeAll(async () => {
    token = (await connect('facebook')).token;
  });

  test('publish: start → session stored → transfers at the offsets the server gives → finish; bytes equal the file', async () => {
    const before = fake.requests.length;
    const stored: UploadSession[] = [];
    const result = await provider().publish(request('facebook', token, { onSession: async (s) => void stored.push(s) }));
    const calls = since(before).map((r) => r.params.upload_phase);
    expect(calls).toEqual(['start', 'transfer', 'transfer', 'transfer', 'transfer', 'finish']);
    expect(stored[0]).toMatchObject({ videoId: result.postId, startOffset: 0, endOffset: MIB });
    const video = fake.videos.get(result.postId)!;
    expect(video.size).toBe(file.video.bytes);
    expect(video.sha256).toBe(file.sha256);
    expect(video.params).toMatchObject({ title: 'Our spring offer', description: 'Watch it here: https://app.test/v/abc' });
    expect(video.params.published).toBeUndefined();
    expect(result.url).toBe(`https://www.facebook.com/${page.id}/videos/${result.postId}`);
  });

  test('an upload cut mid-way resumes from the stored session and sends only the rest', async () => {
    const stored: UploadSession[] = [];
    fake.dropAfter(2 * MIB);
    const err = await failure(provider().publish(request('facebook', token, { onSession: async (s) => void stored.push(s) })));
    expect(err.kind).toBe('transient');
    const last = stored.at(-1)!;
    expect(last.startOffset).toBe(2 * MIB);
    const videos = fake.videos.size;
    const before = fake.requests.length;
    const result = await provider().publish(request('facebook', token, { resume: last }));
    const calls = since(before);
    expect(calls.some((r) => r.params.upload_phase === 'start')).toBe(false);
    expect(calls.reduce((n, r) => n + r.bytes, 0)).toBe(file.video.bytes - 2 * MIB);
    expect(fake.videos.size).toBe(videos + 1);
    expect(fake.videos.get(result.postId)!.sha256).toBe(file.sha256);
  });

  test('a stored offset behind the server: error 1363037 gives the offsets to go on from', async () => {
    const stored: UploadSession[] = [];
    fake.dropAfter(2 * MIB);
    await failure(provider().publish(request('facebook', token, { onSession: async (s) => void stored.push(s) })));
    const before = fake.requests.length;
    const result = await provider().publish(request('facebook', token, { resume: stored[0] }));
    const transfers = since(before).filter((r) => r.params.upload_phase === 'transfer');
    expect(transfers.map((r) => Number(r.params.start_offset))).toEqual([0, 2 * MIB, 3 * MIB]);
    expect(fake.videos.get(result.postId)!.sha256).toBe(file.sha256);
  });

  test('scheduling: published=false and scheduled_publish_time in unix seconds', async () => {
    const at = '2030-05-01T09:00:00.000Z';
    const result = await provider().publish(request('facebook', token, { publishAt: at }));
    expect(fake.videos.get(result.postId)!.params).toMatchObject({ published: 'false', scheduled_publish_time: String(Date.parse(at) / 1000) });
  });

  test('rate limits 4 and 32 → quota (retryable); 190 → reauth; a too-long video → rejected with the platform words', async () => {
    for (const code of [4, 32]) {
      fake.fail(code);
      const err = await failure(provider().publish(request('facebook', token)));
      expect(err.kind).toBe('quota');
      expect(err.retryable).toBe(true);
    }
    fake.fail(190);
    expect((await failure(provider().publish(request('facebook', token)))).kind).toBe('reauth');
    fake.fail(null);
    fake.tooLong(true);
    const long = await failure(provider().publish(request('facebook', token)));
    expect(long.kind).toBe('rejected');
    expect(long.retryable).toBe(false);
    expect(long.message).toContain('Sorry, the video file you selected is too long.');
  });

  test('insights: total_video_views with its source label', async () => {
    const { postId } = await provider().publish(request('facebook', token));
    fake.videos.get(postId)!.views = 321;
    const stats = await provider().insights({ platform: 'facebook', token, target: { id: page.id, name: page.name }, postId });
    expect(stats).toEqual({ views: 321, likes: null, comments: null, source: 'Facebook video insights total_video_views' });
  });
});

describe('Graph adapter: Instagram Reels', () => {
  let token: PublishToken;
  beforeAll(async () => {
    token = (await connect('instagram')).token;
  });

  test('publish: container → session stored → rupload of the whole file → FINISHED → media_publish → permalink', async () => {
    const before = fake.requests.length;
    const stored: UploadSession[] = [];
    const result = await provider().publish(request('instagram', token, { onSession: async (s) => void stored.push(s) }));
    expect(stored[0]).toMatchObject({ uploaded: 0 });
    const container = fake.containers.get(String(stored[0].containerId))!;
    expect(container.caption).toBe('Our spring offer\n\nWatch it here: https://app.test/v/abc');
    const up = since(before).find((r) => r.path.startsWith('/ig-api-upload/v21.0/'))!;
    expect(up.headers.authorization).toBe(`OAuth ${token.accessToken}`);
    expect(up.headers.offset).toBe('0');
    expect(up.headers.file_size).toBe(String(file.video.bytes));
    const m = fake.media.get(result.postId)!;
    expect(m.size).toBe(file.video.bytes);
    expect(m.sha256).toBe(file.sha256);
    expect(result.url).toBe(`https://www.instagram.com/reel/${result.postId}/`);
  });

  test('an upload cut mid-way resumes into the same container and ends with one Reel', async () => {
    const stored: UploadSession[] = [];
    fake.dropAfter(1_000_000);
    const err = await failure(provider().publish(request('instagram', token, { onSession: async (s) => void stored.push(s) })));
    expect(err.kind).toBe('transient');
    const containers = fake.containers.size;
    const media = fake.media.size;
    const result = await provider().publish(request('instagram', token, { resume: stored.at(-1) }));
    expect(fake.containers.size).toBe(containers);
    expect(fake.media.size).toBe(media + 1);
    expect(fake.media.get(result.postId)).toMatchObject({ containerId: stored[0].containerId, sha256: file.sha256 });
  });

  test('a video Instagram refuses: ERROR status → rejected with its status; 190 → reauth; 4 → quota', async () => {
    fake.tooLong(true);
    const err = await failure(provider().publish(request('instagram', token)));
    expect(err.kind).toBe('rejected');
    expect(err.message).toContain('longer than the 15 minutes a Reel may last');
    fake.tooLong(false);
    fake.fail(190);
    expect((await failure(provider().publish(request('instagram', token)))).kind).toBe('reauth');
    fake.fail(4);
    expect((await failure(provider().publish(request('instagram', token)))).kind).toBe('quota');
  });

  test('insights: views, likes, comments with the source label', async () => {
    const { postId } = await provider().publish(request('instagram', token));
    fake.media.get(postId)!.insights = { views: 987, likes: 65, comments: 4 };
    const stats = await provider().insights({ platform: 'instagram', token, target: { id: ig.id, name: ig.username }, postId });
    expect(stats).toEqual({ views: 987, likes: 65, comments: 4, source: 'Instagram media insights views' });
  });
});

describe('Graph error codes → kinds', () => {
  test.each([
    [400, 190, 'reauth'],
    [400, 102, 'reauth'],
    [400, 463, 'reauth'],
    [400, 467, 'reauth'],
    [403, 200, 'reauth'],
    [400, 4, 'quota'],
    [400, 17, 'quota'],
    [400, 32, 'quota'],
    [400, 613, 'quota'],
    [400, 80001, 'quota'],
    [500, 2, 'transient'],
    [503, 0, 'transient'],
    [400, 100, 'rejected'],
    [400, 352, 'rejected'],
    [400, 6000, 'rejected'],
  ] as const)('HTTP %i code %i → %s', (status, code, kind) => {
    expect(graphErrorKind(status, { code })).toBe(kind);
  });

  test('the platform words lead the message, with the code', () => {
    const err = toGraphError(
      400,
      { error: { message: 'Invalid parameter', error_user_msg: 'The title is too long.', code: 100, error_subcode: 33 } },
      'Facebook video publish',
    );
    expect(err.message).toBe('Facebook video publish: The title is too long. (code 100/33)');
    expect(err.kind).toBe('rejected');
  });
});
