import { describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { newId } from '../../shared/ids';
import { signedInClient, TestClient } from '../../test/harness';
import { waitUntil } from '../../test/wait';
import { mailsTo, setup, setUpSmtpWorld, t } from '../distribution/fixtures/distribute';
import { beacon, servedPage, shareLink } from '../tracking/fixtures/viewer';
import { videos } from '../videos/tables';
import { addMember } from '../workspaces/fixtures/team';
import { sendDigests } from './digest';
import { listNotices } from './service';
import { notices } from './tables';

// Hearing back (decision 225): a recipient's open, play, end and click reach the sender's bell and
// inbox, through the real beacon route and the real job queue, as Settings → Notifications say.
setUpSmtpWorld();

const MINUTE = 60_000;
/** The notice e-mails a user received (not the sign-up's address check). */
const noticeMails = (address: string) => mailsTo(address).filter((m) => m.messageId?.startsWith('<notice.'));

/** A sender's video e-mailed to Zoë, and the landing page served to her browser. */
async function sentToZoe(settings?: Record<string, unknown>, origin?: string) {
  const s = await setup({ contacts: [{ firstName: 'Zoë', lastName: 'Martin', email: `zoe.${newId()}@example.com` }] });
  if (settings) expect((await s.client.patch('/api/settings', settings)).status).toBe(200);
  // The address the sender uses the app at (the links of the e-mails about this send point there).
  if (origin) s.client.base = origin;
  const res = await s.client.post(`/api/videos/${s.videoId}/distribute`, { contactIds: s.contactIds, platforms: ['email'] });
  expect(res.status).toBe(201);
  const distributionId = res.data.distributionId as string;
  expect(await waitUntil(async () => (await s.client.get(`/api/distributions/${distributionId}/progress`)).data.done)).toBe(true);
  const d = (await s.client.get(`/api/distributions/${distributionId}`)).data.deliveries[0];
  const zoe = new TestClient(t.app);
  t.deps.limits.track.reset(zoe.ip);
  const page = await servedPage(zoe, d.landingUrl.split('/v/')[1]);
  return { ...s, zoe, page, distributionId };
}

const feedOf = async (client: TestClient) => (await client.trpc('query', 'notifications.list')).data.result.data;

describe('hearing back when a recipient watches', () => {
  test('with the defaults: the sender has the play, the end and the click in the bell and by e-mail within 60 s; once per viewer', async () => {
    const s = await sentToZoe();
    // The send's own notice once everything went: one sent, none failed.
    expect(await waitUntil(async () => (await feedOf(s.client)).items.some((n: any) => n.kind === 'send.finished'), MINUTE)).toBe(true);

    expect((await beacon(s.zoe, s.page, 'open')).status).toBe(204);
    expect((await beacon(s.zoe, s.page, 'view')).status).toBe(204);
    expect((await beacon(s.zoe, s.page, 'view')).status).toBe(204);
    expect((await beacon(s.zoe, s.page, 'progress', 100)).status).toBe(204);
    expect((await beacon(s.zoe, s.page, 'cta')).status).toBe(204);
    const watched = (kind: string) => (n: any) => n.kind === kind && n.data.viewer === 'Zoë Martin' && n.data.videoTitle === 'Product <tour> & more';
    expect(await waitUntil(async () => (await feedOf(s.client)).items.some(watched('viewer.clicked')), MINUTE)).toBe(true);
    const feed = await feedOf(s.client);
    for (const kind of ['viewer.opened', 'viewer.played', 'viewer.finished', 'viewer.clicked']) expect(feed.items.filter(watched(kind)).length).toBe(1);
    expect(feed.items.find(watched('viewer.played')).link).toBe(`/my-videos?viewers=${s.videoId}`);
    expect(feed.unread).toBe(5);
    const send = feed.items.find((n: any) => n.kind === 'send.finished');
    expect(send.data).toMatchObject({ sent: 1, failed: 0, deferred: 0 });

    // My Videos → Viewers lists her, without a campaign: opened, watched to the end, clicked; 404 to anyone else.
    const viewers = (await s.client.trpc('query', 'distribution.videoViewers', { videoId: s.videoId })).data.result.data;
    expect(viewers.viewers).toEqual([expect.objectContaining({ name: 'Zoë Martin', channel: 'email', watched: 100, clicked: true })]);
    expect(viewers.viewers[0].openedAt).toBeString();
    const stranger = await signedInClient(t.app);
    expect((await stranger.client.trpc('query', 'distribution.videoViewers', { videoId: s.videoId })).status).toBe(404);

    // The e-mails reach the sender's own address.
    expect(await waitUntil(() => noticeMails(s.user.email).length === 5, MINUTE)).toBe(true);
    expect(noticeMails(s.user.email).some((m) => m.text?.includes('Zoë Martin is watching “Product <tour> & more”'))).toBe(true);
  });

  test('with Campaigns off (e-mail and in-app): nothing reaches the sender', async () => {
    const s = await sentToZoe({ notifications: { email: { campaigns: false }, push: { campaigns: false } } });
    expect((await beacon(s.zoe, s.page, 'view')).status).toBe(204);
    expect((await beacon(s.zoe, s.page, 'cta')).status).toBe(204);
    // The notice is recorded within the beacon's own request: none is, and no e-mail is queued.
    const rows = await t.deps.db.select().from(notices).where(eq(notices.userId, s.user.id));
    expect(rows).toEqual([]);
    expect((await feedOf(s.client)).items).toEqual([]);
    await Bun.sleep(1500);
    expect(noticeMails(s.user.email)).toEqual([]);
  });

  test('in-app off, e-mail on: the e-mail comes, the bell stays empty', async () => {
    const s = await sentToZoe({ notifications: { push: { campaigns: false } } });
    expect((await beacon(s.zoe, s.page, 'view')).status).toBe(204);
    expect(await waitUntil(() => noticeMails(s.user.email).length >= 1, MINUTE)).toBe(true);
    expect((await feedOf(s.client)).items).toEqual([]);
  });

  test('mark read: one, then all; another user’s notice answers 404 and stays unread', async () => {
    const s = await sentToZoe();
    await beacon(s.zoe, s.page, 'view');
    await beacon(s.zoe, s.page, 'cta');
    const feed = await feedOf(s.client);
    const played = feed.items.find((n: any) => n.kind === 'viewer.played');
    const other = await signedInClient(t.app);
    const stranger = await other.client.trpc('mutation', 'notifications.markRead', { ids: [played.id] });
    expect(stranger.status).toBe(404);
    expect((await feedOf(s.client)).items.find((n: any) => n.id === played.id).read).toBe(false);
    const one = await s.client.trpc('mutation', 'notifications.markRead', { ids: [played.id] });
    expect(one.status).toBe(200);
    expect(one.data.result.data.unread).toBe(feed.unread - 1);
    const all = await s.client.trpc('mutation', 'notifications.markRead', {});
    expect(all.data.result.data.unread).toBe(0);
    expect((await s.client.trpc('mutation', 'notifications.markRead', { ids: 'x' })).status).toBe(400);
  });

  test('a team member hears about the video they made, the owner does not', async () => {
    const owner = await signedInClient(t.app);
    const member = await signedInClient(t.app);
    const workspaceId = owner.user.id;
    const scope = await addMember(t.deps.db, workspaceId, member.user.id);
    const videoId = newId();
    await t.deps.db
      .insert(videos)
      .values({ id: videoId, workspaceId, createdBy: member.user.id, title: 'Team tour', status: 'completed', videoUrl: 'https://cdn.example.com/t.mp4' });
    const viewer = new TestClient(t.app);
    t.deps.limits.track.reset(viewer.ip);
    const page = await servedPage(viewer, await shareLink(owner.client, videoId));
    expect((await beacon(viewer, page, 'view')).status).toBe(204);
    const theirs = await listNotices({ db: t.deps.db, scope });
    expect(theirs.items.map((n) => [n.kind, n.data.viewer])).toEqual([['viewer.played', null]]);
    expect((await feedOf(owner.client)).items).toEqual([]);
  });

  test('the daily digest: the day’s figures per sender, once per day, as the Analytics switches say; its link where the sender uses the app', async () => {
    const s = await sentToZoe({ notifications: { push: { analytics: true }, email: { analytics: true } } }, 'https://studio.example.com');
    await beacon(s.zoe, s.page, 'view');
    await beacon(s.zoe, s.page, 'progress', 100);
    const tomorrow = new Date(Date.now() + 86_400_000);
    await sendDigests(t.deps, tomorrow);
    await sendDigests(t.deps, tomorrow);
    const digests = (await feedOf(s.client)).items.filter((n: any) => n.kind === 'digest');
    expect(digests.length).toBe(1);
    expect(digests[0].data).toMatchObject({ played: 1, finished: 1, clicked: 0, day: new Date().toISOString().slice(0, 10) });
    const rows = await t.deps.db
      .select()
      .from(notices)
      .where(and(eq(notices.userId, s.user.id), eq(notices.kind, 'digest')));
    expect(rows[0]!.emailState).not.toBe('none');
    // No request is behind a digest: its e-mail links to where the sender last used the app, not localhost.
    expect(rows[0]!.linkOrigin).toBe('https://studio.example.com');
    const digestMail = () => noticeMails(s.user.email).find((m) => m.messageId?.startsWith(`<notice.${rows[0]!.id}@`));
    expect(await waitUntil(() => !!digestMail(), MINUTE)).toBe(true);
    const text = digestMail()!.text ?? '';
    expect(text).toContain('https://studio.example.com/');
    expect(text).not.toContain('localhost');
  });
});
