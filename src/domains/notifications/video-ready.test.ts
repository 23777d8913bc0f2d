import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { signedInClient } from '../../test/harness';
import { pollUntil, settled, waitUntil } from '../../test/wait';
import { mailsTo, setUpSmtpWorld, t } from '../distribution/fixtures/distribute';
import { notices } from './tables';

// Settings → Notifications → Videos (decision 225): a finished render e-mails "your video is ready"
// when the e-mail switch is on, and nothing when it is off. Real renders, through the shared worker.
setUpSmtpWorld();

const render = async (client: Awaited<ReturnType<typeof signedInClient>>['client']) => {
  const started = await client.post('/api/avatars/talk', { avatarId: 'stock-10', script: 'Hello Sam.', voiceId: 'local-en-female' });
  expect(started.status).toBe(201);
  const st = await pollUntil(client, `/api/videos/${started.data.videoId}/status`, settled);
  expect(st.data.status).toBe('completed');
  return started.data.videoId as string;
};
const readyMails = (address: string) => mailsTo(address).filter((m) => m.messageId?.startsWith('<notice.'));

describe('the "video ready" e-mail', () => {
  test('Videos on (the default): the finished render e-mails its creator, with a link to My Videos', async () => {
    const { client, user } = await signedInClient(t.app);
    const videoId = await render(client);
    expect(await waitUntil(() => readyMails(user.email).length === 1, 60_000)).toBe(true);
    const mail = readyMails(user.email)[0]!;
    expect(mail.text).toContain('is ready');
    expect(mail.text).toContain('/my-videos');
    const feed = (await client.trpc('query', 'notifications.list')).data.result.data;
    expect(feed.items.map((n: any) => [n.kind, n.videoId])).toEqual([['video.ready', videoId]]);
  }, 90_000);

  test('Videos off (e-mail and in-app): the render finishes and nothing is told', async () => {
    const { client, user } = await signedInClient(t.app);
    expect((await client.patch('/api/settings', { notifications: { email: { videos: false }, push: { videos: false } } })).status).toBe(200);
    await render(client);
    await Bun.sleep(1500);
    expect(readyMails(user.email)).toEqual([]);
    expect(await t.deps.db.select().from(notices).where(eq(notices.userId, user.id))).toEqual([]);
  }, 90_000);

  test('a French user’s e-mail is in French', async () => {
    const { client, user } = await signedInClient(t.app);
    expect((await client.patch('/api/settings', { language: 'fr' })).status).toBe(200);
    await render(client);
    expect(await waitUntil(() => readyMails(user.email).length === 1, 60_000)).toBe(true);
    expect(readyMails(user.email)[0]!.text).toContain('est prête');
  }, 90_000);
});
