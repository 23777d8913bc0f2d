import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { TestClient } from '../../test/harness';
import { connect, connectionTo, m, publishingWorld, q, sameOrigin, settled, setup, trpcData } from './fixtures/world';
import { runUpload } from './upload';
import { publications, publishingConnections, sandboxPosts } from './tables';

const w = publishingWorld();

const postsOf = (publicationId: string) => w.t.deps.db.select().from(sandboxPosts).where(eq(sandboxPosts.publicationId, publicationId));

async function published(platform = 'youtube', extra: Record<string, unknown> = {}) {
  const s = await setup(w);
  await connect(s.client, platform);
  const conn = await connectionTo(s.client, platform);
  const defaults = trpcData(await q(s.client, 'defaults', { videoId: s.videoId }));
  const input = {
    videoId: s.videoId,
    platform,
    targetId: conn.targets[0].id,
    title: defaults.title,
    description: defaults.description,
    visibility: 'unlisted',
    requestKey: `key-${s.videoId}`,
    ...extra,
  };
  const first = trpcData(await m(s.client, 'publish', input));
  return { ...s, conn, defaults, input, first, done: await settled(s.client, first.id) };
}

describe('connecting a platform (sandbox)', () => {
  test('connect → consent page → Allow → callback: connected with a target named after the user; the token is stored only encrypted', async () => {
    const s = await setup(w);
    const before = trpcData(await q(s.client, 'connections')) as { platform: string; status: string; sandbox: boolean }[];
    expect(before.map((c) => [c.platform, c.status, c.sandbox])).toEqual([
      ['facebook', 'disconnected', true],
      ['instagram', 'disconnected', true],
      ['youtube', 'disconnected', true],
    ]);
    const { location } = await connect(s.client, 'instagram', 'Ada');
    expect(location).toBe('/connect-platforms?connected=instagram');
    const ig = await connectionTo(s.client, 'instagram');
    expect(ig).toMatchObject({ status: 'connected', sandbox: true, targets: [{ name: '@ada (sandbox)' }] });
    expect(ig.connectedAt).toBeString();

    const [row] = await w.t.deps.db.select().from(publishingConnections).where(eq(publishingConnections.workspaceId, s.user.id));
    expect(row!.tokenEncrypted).not.toContain('sbx-');
    const token = JSON.parse(await w.t.deps.box.decrypt(row!.tokenEncrypted, row!.id));
    expect(token.accessToken).toStartWith('sbx-instagram-');

    expect(trpcData(await m(s.client, 'disconnect', { platform: 'instagram' }))).toEqual({ ok: true });
    expect((await connectionTo(s.client, 'instagram')).status).toBe('disconnected');
  });

  test('the OAuth state is single use: the same callback again is refused and changes nothing', async () => {
    const s = await setup(w);
    const { callback } = await connect(s.client, 'youtube');
    const again = await s.client.get(callback);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toStartWith('/connect-platforms?error=');
    // Another user cannot use someone else's state either.
    const other = await setup(w);
    const stolen = await other.client.get(callback);
    expect(stolen.headers.get('location')).toStartWith('/connect-platforms?error=');
    expect((trpcData(await q(other.client, 'connections')) as { status: string }[]).every((c) => c.status === 'disconnected')).toBe(true);
  });
});

describe('publishing (sandbox)', () => {
  test('publish → job → published: the row, one sandbox post, and the description carries the tracked link', async () => {
    const { first, done, defaults, client, videoId, campaignId } = await published();
    expect(defaults.link).toMatch(/^http:\/\/localhost\/v\/[a-z2-7]{32}$/);
    expect(defaults.description).toContain(defaults.link);
    expect(first).toMatchObject({ videoId, campaignId, platform: 'youtube', title: 'Spring tour', needsReconnect: false, clicks: 0, plays: 0 });
    expect(done).toMatchObject({ status: 'published', error: null, note: null });
    expect(done.url).toStartWith('/sandbox/publishing/posts#post-');
    expect(done.publishedAt).toBeString();
    const posts = await postsOf(first.id);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.description).toContain(`${defaults.link}?via=${first.id}`);
    expect(posts[0]!.visibility).toBe('unlisted');
    const [row] = await w.t.deps.db.select().from(publications).where(eq(publications.id, first.id));
    expect(row!.description).toContain(`${defaults.link}?via=${first.id}`);
    expect(row!.session).toEqual({ sessionId: `sbx-session-${first.id}` });
    // The sandbox posts page shows it, to its workspace only.
    const page = await client.get('/sandbox/publishing/posts');
    expect(String(page.data)).toContain(`id="post-${posts[0]!.id}"`);
    const other = await setup(w);
    expect(String((await other.client.get('/sandbox/publishing/posts')).data)).not.toContain(posts[0]!.id);
  });

  test('a video never shared: defaults has no link (a read writes nothing), publish makes it and adds it, tagged', async () => {
    const s = await setup(w, 30, { shared: false });
    await connect(s.client, 'facebook');
    expect(trpcData(await q(s.client, 'defaults', { videoId: s.videoId }))).toEqual({ title: 'Spring tour', description: 'Spring tour', link: '' });
    const conn = await connectionTo(s.client, 'facebook');
    const input = {
      videoId: s.videoId,
      platform: 'facebook',
      targetId: conn.targets[0].id,
      title: 'T',
      description: 'Our tour',
      visibility: 'public',
      requestKey: 'k1',
    };
    const first = trpcData(await m(s.client, 'publish', input));
    const [row] = await w.t.deps.db.select().from(publications).where(eq(publications.id, first.id));
    expect(row!.description).toMatch(new RegExp(`^Our tour\\n\\nhttp://localhost/v/[a-z2-7]{32}\\?via=${first.id}$`));
    expect(trpcData(await q(s.client, 'defaults', { videoId: s.videoId })).link).toMatch(/^http:\/\/localhost\/v\/[a-z2-7]{32}$/);
  });

  test('the same requestKey twice: one publication, one job, one sandbox post', async () => {
    const { first, client, input } = await published('facebook');
    const again = trpcData(await m(client, 'publish', input));
    expect(again.id).toBe(first.id);
    await Bun.sleep(300);
    expect(await postsOf(first.id)).toHaveLength(1);
    const rows = await w.t.deps.db.select().from(publications).where(eq(publications.requestKey, input.requestKey));
    expect(rows).toHaveLength(1);
  });

  test('a job run again (the worker died after the upload, before or after the row was written) leaves one post', async () => {
    const { first } = await published();
    const [post] = await postsOf(first.id);
    await runUpload(w.t.deps, first.id);
    // Died between the platform's answer and the row's update: the stored session is resumed.
    await w.t.deps.db.update(publications).set({ status: 'uploading', postId: null, url: null }).where(eq(publications.id, first.id));
    await runUpload(w.t.deps, first.id);
    const [row] = await w.t.deps.db.select().from(publications).where(eq(publications.id, first.id));
    expect(row!.status).toBe('published');
    expect(row!.postId).toBe(post!.id);
    expect(await postsOf(first.id)).toHaveLength(1);
  });

  test('a scheduled publication is "scheduled" until its time', async () => {
    const publishAt = new Date(Date.now() + 3_600_000).toISOString();
    const { done } = await published('youtube', { publishAt });
    expect(done.status).toBe('scheduled');
    expect(done.publishAt).toBe(publishAt);
  });

  test('the platform rules refuse first: a 20-minute video for Instagram → 400 with the reason, nothing stored', async () => {
    const s = await setup(w, 20 * 60);
    await connect(s.client, 'instagram');
    const conn = await connectionTo(s.client, 'instagram');
    const res = await m(s.client, 'publish', {
      videoId: s.videoId,
      platform: 'instagram',
      targetId: conn.targets[0].id,
      title: 'Too long',
      description: 'x',
      visibility: 'public',
      requestKey: 'too-long',
    });
    expect(res.status).toBe(400);
    expect(res.data.error.message).toBe('Instagram accepts videos up to 15 min: this one lasts 20 min');
    expect(trpcData(await q(s.client, 'list', { videoId: s.videoId }))).toEqual([]);
  });

  test('another workspace: its ids answer 404', async () => {
    const { first, videoId, campaignId } = await published();
    const other = await setup(w);
    for (const [kind, path, input] of [
      ['mutation', 'refreshInsights', { id: first.id }],
      ['query', 'defaults', { videoId }],
      ['query', 'list', { videoId }],
      ['query', 'list', { campaignId }],
    ] as const) {
      const res = await other.client.trpc(kind, `publishing.${path}`, input);
      expect(res.status).toBe(404);
    }
    const publish = await m(other.client, 'publish', {
      videoId,
      platform: 'youtube',
      targetId: 'x',
      title: 't',
      description: '',
      visibility: 'public',
      requestKey: 'k',
    });
    expect(publish.status).toBe(404);
  });
});

describe('figures', () => {
  test('insights (sandbox player plays) and the tracked link’s opens and plays show per publication, in the campaign and the dashboard', async () => {
    const { first, client, campaignId, defaults } = await published();
    const [post] = await postsOf(first.id);
    for (let i = 0; i < 2; i++) expect((await client.request('POST', `/sandbox/publishing/posts/${post!.id}/play`, undefined, sameOrigin)).status).toBe(200);
    const viewer = new TestClient(w.t.app);
    w.t.deps.limits.track.reset(viewer.ip);
    const landing = await viewer.get(`${new URL(defaults.link).pathname}?via=${first.id}`);
    const page = /P="([A-Za-z0-9_.-]+)"/.exec(String(landing.data))![1]!;
    const token = new URL(defaults.link).pathname.split('/').pop();
    for (const event of ['open', 'view']) expect((await viewer.post('/api/track', { token, page, event })).status).toBe(204);
    // A visit without ?via= counts for the video, not for the post.
    const plain = /P="([A-Za-z0-9_.-]+)"/.exec(String((await viewer.get(new URL(defaults.link).pathname)).data))![1]!;
    expect((await viewer.post('/api/track', { token, page: plain, event: 'view' })).status).toBe(204);

    const refreshed = trpcData(await m(client, 'refreshInsights', { id: first.id }));
    expect(refreshed).toMatchObject({ views: 2, viewsSource: 'sandbox player plays', clicks: 1, plays: 1 });
    expect(refreshed.insightsAt).toBeString();

    const detail = (await client.get(`/api/campaigns/${campaignId}`)).data;
    expect(detail.publishing).toEqual([{ platform: 'youtube', posts: 1, views: 2, viewsSource: 'sandbox player plays', clicks: 1, plays: 1 }]);
    const dashboard = (await client.get('/api/dashboard')).data;
    expect(dashboard.viewsBySource).toEqual([
      { source: 'landing-page', views: 2, viewsSource: 'landing page plays' },
      { source: 'youtube', views: 2, viewsSource: 'sandbox player plays' },
    ]);
    expect(dashboard.totalViews).toBe(4);
  });
});
