import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { signedInClient, TestClient } from '../../test/harness';
import { waitUntil } from '../../test/wait';
import { mailsTo, setup, sink, t, setUpSmtpWorld } from './fixtures/distribute';
import { decodeWords } from './fixtures/smtp-sink';
import { DELIVER_JOB } from './limits';
import { deliverOne, UNSUBSCRIBED_ERROR } from './outbox';
import { DISTRIBUTION_MESSAGES } from './schemas';
import { deliveries } from './tables';

/**
 * Sending a video by e-mail (POST /api/videos/{id}/distribute) to a real SMTP server on loopback:
 * what is refused, what the mail holds, status per contact, unsubscribing, refused recipients.
 * Landing pages: distribution-landing.test.ts; social channels: distribution-social.test.ts.
 */
setUpSmtpWorld();

/** The contacts a distribution skipped for `reason`, sorted. */
const skippedFor = (data: { skipped: { reason: string; contactId: string }[] }, reason: string) =>
  data.skipped
    .filter((x) => x.reason === reason)
    .map((x) => x.contactId)
    .sort();

describe('POST /api/videos/{id}/distribute: validation', () => {
  test("another workspace's list answers 404, in the preview (tRPC) as in the send (REST)", async () => {
    const a = await setup({ contacts: [{ name: 'Ann Example', email: 'ann@example.com' }] });
    const b = await setup({ contacts: [{ name: 'Bob Other', email: 'bob@example.com' }] });
    const preview = (input: Record<string, unknown>) => a.client.trpc('query', 'distribution.preview', { videoId: a.videoId, platforms: ['email'], ...input });
    const foreignList = await preview({ listIds: [b.listId] });
    expect(foreignList.status).toBe(404);
    expect(foreignList.data.error.message).toBe('Contact list not found');
    // Mixed with one's own list, the foreign one still answers 404 (not a preview of the own part).
    expect((await preview({ listIds: [a.listId, b.listId] })).status).toBe(404);
    // The own list previews as before.
    const own = await preview({ listIds: [a.listId] });
    expect(own.status).toBe(200);
    expect(own.data.result.data.recipients).toBe(1);
    const send = await a.client.post(`/api/videos/${a.videoId}/distribute`, { listIds: [b.listId], platforms: ['email'], message: 'Hi' });
    expect(send).toMatchObject({ status: 404, data: { message: 'Contact list not found' } });
  });

  test('missing or foreign video, no platforms, no recipients, unconnected channel, unfinished video', async () => {
    const a = await setup({ contacts: [{ name: 'Ann Example', email: 'ann@example.com' }] });
    const b = await signedInClient(t.app);
    const body = { contactIds: a.contactIds, platforms: ['email'], message: 'Hi' };
    expect((await b.client.post(`/api/videos/${a.videoId}/distribute`, body)).status).toBe(404);
    expect((await a.client.post('/api/videos/nope/distribute', body)).status).toBe(404);
    const res = (over: Record<string, unknown>) => a.client.post(`/api/videos/${a.videoId}/distribute`, { ...body, ...over });
    expect((await res({ platforms: [] })).data).toEqual({ message: DISTRIBUTION_MESSAGES.noPlatforms });
    expect((await res({ platforms: undefined })).data).toEqual({ message: DISTRIBUTION_MESSAGES.noPlatforms });
    expect((await res({ contactIds: [] })).data).toEqual({ message: DISTRIBUTION_MESSAGES.noRecipients });
    expect((await res({ contactIds: ['someone-else'] })).data).toEqual({ message: DISTRIBUTION_MESSAGES.noneFound });
    const linked = await res({ platforms: ['email', 'linkedin'] });
    expect(linked.status).toBe(400);
    expect(linked.data.message).toBe('LinkedIn is not connected');
    expect((await res({ platforms: ['myspace'] })).status).toBe(400);
    expect((await res({ videoId: 'other' })).data.message).toBe(DISTRIBUTION_MESSAGES.videoMismatch);
    const draft = await a.client.post('/api/videos', { title: 'Draft', status: 'draft' });
    expect((await a.client.post(`/api/videos/${draft.data.id}/distribute`, body)).data.message).toBe(DISTRIBUTION_MESSAGES.notReady);
    // Nothing was created by any of these.
    expect((await a.client.get(`/api/videos/${a.videoId}/deliveries`)).data).toEqual({ total: 0, deliveries: [], nextCursor: null });
  });
});

describe('e-mail over SMTP (a real server on loopback)', () => {
  test('HTML and text parts, personal link, greeting, thumbnail, List-Unsubscribe; skips; status per contact; no duplicate on resend', async () => {
    const s = await setup({
      contacts: [
        { firstName: 'Alice', lastName: 'Martin', email: 'alice@example.com', company: 'Acme' },
        { name: 'Bob Stone', email: 'bob@example.com' },
        { name: 'No Mail', phoneNumber: '+33 6 12 34 56 78' },
      ],
      campaign: { senderName: 'Ada at Studio', ctaLabel: 'Book a demo', ctaUrl: 'https://studio.example.com/demo' },
    });
    const res = await s.client.post(`/api/videos/${s.videoId}/distribute`, {
      videoId: s.videoId,
      listIds: [s.listId],
      platforms: ['email'],
      message: 'Hi {first_name|friend},\n\nHere is a short video for {company|your team}.',
    });
    expect(res.status).toBe(201);
    expect(res.data.deliveries).toBe(2);
    expect(res.data.skipped).toEqual([{ contactId: s.contactIds[2], name: 'No Mail', platform: 'email', reason: 'No e-mail address' }]);
    expect(await waitUntil(() => mailsTo('alice@example.com').length === 1 && mailsTo('bob@example.com').length === 1)).toBe(true);

    const dist = await s.client.get(`/api/distributions/${res.data.distributionId}`);
    expect(await waitUntil(async () => (await s.client.get(`/api/distributions/${res.data.distributionId}`)).data.counts.sent === 2)).toBe(true);
    const detail = (await s.client.get(`/api/distributions/${res.data.distributionId}`)).data;
    expect(dist.status).toBe(200);
    expect(detail.counts).toMatchObject({ total: 2, sent: 2, failed: 0, pending: 0 });
    const alice = detail.deliveries.find((d: any) => d.address === 'alice@example.com');
    expect(alice).toMatchObject({ contactId: s.contactIds[0], platform: 'email', status: 'sent', error: null, viewed: false });
    expect(alice.sentAt).toBeString();
    expect(alice.landingUrl).toMatch(/^http:\/\/localhost\/v\/[a-z2-7]{32}$/);
    const token = alice.landingUrl.split('/v/')[1];

    const [mail] = mailsTo('alice@example.com');
    expect(mail!.from).toBe('studio@mail.example.test');
    expect(decodeWords(mail!.headers.get('from')!)).toBe('Ada at Studio <studio@mail.example.test>');
    expect(decodeWords(mail!.headers.get('subject')!)).toBe('Alice, a video for you: Product <tour> & more');
    expect(mail!.messageId).toBe(`<${alice.id}@mail.example.test>`);
    expect(mail!.headers.get('list-unsubscribe')).toBe(`<http://localhost/unsubscribe/${token}>`);
    expect(mail!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail!.headers.get('reply-to')).toBe(s.user.email);
    expect(mail!.headers.get('content-type')).toStartWith('multipart/alternative');
    expect(mail!.text).toContain('Hi Alice,\n\nHere is a short video for Acme.');
    expect(mail!.text).toContain(`Watch your video: http://localhost/v/${token}`);
    expect(mail!.text).toContain(`Unsubscribe: http://localhost/unsubscribe/${token}`);
    expect(mail!.html).toContain('>Hi Alice,</p>');
    expect(mail!.html).toContain(`href="http://localhost/v/${token}"`);
    expect(mail!.html).toContain('src="https://cdn.example.com/v/tour.jpg"');
    expect(mail!.html).toContain('alt="Play the video: Product &lt;tour&gt; &amp; more"');
    expect(mail!.html).not.toContain('<tour>');
    const [bob] = mailsTo('bob@example.com');
    expect(bob!.text).toStartWith('Hi Bob,\n\nHere is a short video for your team.');

    // Sending again: nothing new, reported as already sent.
    const again = await s.client.post(`/api/videos/${s.videoId}/distribute`, {
      listIds: [s.listId],
      contactIds: [s.contactIds[0]],
      platforms: ['email'],
      message: 'Again',
    });
    expect(again.status).toBe(201);
    expect(again.data.deliveries).toBe(0);
    expect(skippedFor(again.data, 'already sent')).toEqual([s.contactIds[0], s.contactIds[1]].sort());
    await Bun.sleep(400);
    expect(mailsTo('alice@example.com')).toHaveLength(1);
    expect(mailsTo('bob@example.com')).toHaveLength(1);

    // Status per contact for the video, and the final screen's progress.
    const list = (await s.client.get(`/api/videos/${s.videoId}/deliveries`)).data;
    expect(list.total).toBe(2);
    expect(list.deliveries.map((d: any) => d.status)).toEqual(['sent', 'sent']);
    const progress = (await s.client.get(`/api/distributions/${res.data.distributionId}/progress`)).data;
    expect(progress).toMatchObject({
      renders: { total: 0, done: 0, failed: 0 },
      deliveries: { total: 2, sent: 2, failed: 0, deferred: 0, pending: 0 },
      done: true,
    });
    const viaTrpc = await s.client.trpc('query', 'distribution.progress', { id: res.data.distributionId });
    expect(viaTrpc.data.result.data.deliveries.sent).toBe(2);
    // Another user sees none of it.
    const other = await signedInClient(t.app);
    expect((await other.client.get(`/api/distributions/${res.data.distributionId}`)).status).toBe(404);
    expect((await other.client.get(`/api/distributions/${res.data.distributionId}/progress`)).status).toBe(404);
    expect((await other.client.get(`/api/videos/${s.videoId}/deliveries`)).status).toBe(404);

    // One-click unsubscribe (RFC 8058): no session, no Origin; GET shows the page with its button.
    const anon = new TestClient(t.app);
    const page = await anon.get(`/unsubscribe/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.data).toContain(`<form method="post" action="/unsubscribe/${token}">`);
    expect(page.data).toContain('<button type="submit">Unsubscribe</button>');
    expect(page.data).toContain('a•••e@example.com');
    const post = await anon.request('POST', `/unsubscribe/${token}`, 'List-Unsubscribe=One-Click', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(post.status).toBe(200);
    expect(post.data).toContain('You are unsubscribed');
    // Mail clients may send Origin: null; still honoured. Repeating is harmless.
    const nullOrigin = await anon.request('POST', `/unsubscribe/${token}`, 'List-Unsubscribe=One-Click', {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'null',
    });
    expect(nullOrigin.status).toBe(200);
    expect((await anon.get(`/unsubscribe/${token}`)).data).toContain('You are unsubscribed');
    const contacts = (await s.client.get(`/api/contact-lists/${s.listId}/contacts`)).data;
    expect(contacts.find((c: any) => c.id === s.contactIds[0]).unsubscribed).toBe(true);
    expect(contacts.find((c: any) => c.id === s.contactIds[1]).unsubscribed).toBe(false);
    expect((await anon.get('/unsubscribe/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')).status).toBe(404);
    // A delivery still queued when its recipient unsubscribes (a retry, a deferral) is not sent.
    await t.deps.db.update(deliveries).set({ status: 'pending', sentAt: null }).where(eq(deliveries.id, alice.id));
    expect(await deliverOne(t.deps, alice.id)).toBe('failed');
    const [stopped] = await t.deps.db.select().from(deliveries).where(eq(deliveries.id, alice.id));
    expect(stopped).toMatchObject({ status: 'failed', error: UNSUBSCRIBED_ERROR });
    expect(mailsTo('alice@example.com')).toHaveLength(1);

    // A later video to the same list: the unsubscribed contact is skipped, even re-imported elsewhere.
    const list2 = await s.client.post('/api/contact-lists', { name: 'Re-import' });
    const again2 = await s.client.post(`/api/contact-lists/${list2.data.id}/contacts`, { name: 'Alice M', email: 'ALICE@example.com' });
    const v2 = await s.client.post('/api/videos', { title: 'Second', videoUrl: 'https://cdn.example.com/v/2.mp4', status: 'completed' });
    const second = await s.client.post(`/api/videos/${v2.data.id}/distribute`, { listIds: [s.listId, list2.data.id], platforms: ['email'] });
    expect(second.data.deliveries).toBe(1);
    expect(skippedFor(second.data, 'unsubscribed')).toEqual([s.contactIds[0], again2.data.id].sort());
    expect(await waitUntil(() => mailsTo('bob@example.com').length === 2)).toBe(true);
    // The default message (spec §4): greeting, title, date.
    expect(mailsTo('bob@example.com')[1]!.text).toMatch(/^Hi Bob,\n\nI recorded a short video for you: "Second" \(\d{1,2} \w+ \d{4}\)\./);
  });

  test('a refused recipient (550) fails without retries; a temporary refusal (451) is retried later', async () => {
    const s = await setup({
      contacts: [
        { name: 'Gone', email: 'gone@example.com' },
        { name: 'Busy', email: 'busy@example.com' },
      ],
    });
    const previous = sink.beforeAccept;
    sink.beforeAccept = (m) => {
      if (m.to.includes('gone@example.com')) throw Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
      if (m.to.includes('busy@example.com')) throw new Error('try later');
    };
    try {
      const res = await s.client.post(`/api/videos/${s.videoId}/distribute`, { contactIds: s.contactIds, platforms: ['email'], message: 'Hello' });
      expect(res.data.deliveries).toBe(2);
      const settled = await waitUntil(async () => {
        const d = (await s.client.get(`/api/distributions/${res.data.distributionId}`)).data;
        return d.counts.failed === 1 && d.counts.pending === 1 && d.deliveries.every((x: any) => x.attempts === 1);
      });
      expect(settled).toBe(true);
      const d = (await s.client.get(`/api/distributions/${res.data.distributionId}`)).data;
      expect(d.deliveries.find((x: any) => x.address === 'gone@example.com')).toMatchObject({ status: 'failed', attempts: 1 });
      expect(d.deliveries.find((x: any) => x.address === 'gone@example.com').error).toContain('SMTP 550');
      // 451: waits for its next attempt (a delayed job), not lost and not failed.
      const busy = d.deliveries.find((x: any) => x.address === 'busy@example.com');
      expect(busy).toMatchObject({ status: 'pending', attempts: 1 });
      expect(busy.error).toContain('SMTP 451');
      const [row] = await t.deps.db.select({ jobId: deliveries.jobId }).from(deliveries).where(eq(deliveries.id, busy.id));
      const job = await t.deps.queue.boss.getJobById(DELIVER_JOB, row!.jobId!);
      expect(job?.state).toBe('created');
      expect(new Date(job!.startAfter).getTime()).toBeGreaterThan(Date.now() + 20_000);
    } finally {
      sink.beforeAccept = previous;
    }
  });
});

describe('the opt-out outlives the video (issue 25, decision 206)', () => {
  test('after the video is deleted, the unsubscribe link and the RFC 8058 one-click POST still opt the contact out', async () => {
    const s = await setup({
      contacts: [
        { name: 'Gina Gone', email: 'gina@example.com' },
        { name: 'Hal Here', email: 'hal@example.com' },
      ],
      campaign: { senderName: 'Ada at Studio' },
    });
    const res = await s.client.post(`/api/videos/${s.videoId}/distribute`, { contactIds: s.contactIds, platforms: ['email'], message: 'Hello' });
    expect(res.status).toBe(201);
    expect(await waitUntil(async () => (await s.client.get(`/api/distributions/${res.data.distributionId}`)).data.counts.sent === 2)).toBe(true);
    const sent = (await s.client.get(`/api/distributions/${res.data.distributionId}`)).data.deliveries as { address: string; landingUrl: string }[];
    const tokenOf = (address: string) => new URL(sent.find((d) => d.address === address)!.landingUrl).pathname.slice(3);
    const [gina, hal] = [tokenOf('gina@example.com'), tokenOf('hal@example.com')];

    expect((await s.client.delete(`/api/videos/${s.videoId}`)).status).toBe(200);
    const anon = new TestClient(t.app);
    expect((await anon.get(`/v/${gina}`)).status).toBe(410);
    // The link: the page, naming the sender and the masked address, with its button.
    const page = await anon.get(`/unsubscribe/${gina}`);
    expect(page.status).toBe(200);
    expect(page.data).toContain('g•••a@example.com');
    expect(page.data).toContain(`<form method="post" action="/unsubscribe/${gina}">`);
    // The one-click POST (a mail client: no session, Origin null).
    const oneClick = await anon.request('POST', `/unsubscribe/${gina}`, 'List-Unsubscribe=One-Click', {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'null',
    });
    expect(oneClick.status).toBe(200);
    expect(oneClick.data).toContain('You are unsubscribed');
    expect(oneClick.data).toContain('Ada at Studio');
    // The page's own button, for the other recipient.
    expect(
      (await anon.request('POST', `/unsubscribe/${hal}`, 'List-Unsubscribe=One-Click', { 'content-type': 'application/x-www-form-urlencoded' })).status,
    ).toBe(200);
    const listed = (await s.client.get(`/api/contact-lists/${s.listId}/contacts`)).data as { id: string; unsubscribed: boolean }[];
    expect(listed.filter((c) => s.contactIds.includes(c.id)).map((c) => c.unsubscribed)).toEqual([true, true]);
    expect((await anon.get(`/unsubscribe/${gina}`)).data).toContain('You are unsubscribed');
    // A later video to them: both skipped.
    const v2 = await s.client.post('/api/videos', { title: 'Next', videoUrl: 'https://cdn.example.com/v/next.mp4', status: 'completed' });
    const next = await s.client.post(`/api/videos/${v2.data.id}/distribute`, { contactIds: s.contactIds, platforms: ['email'], message: 'Hello' });
    expect(next.data.deliveries ?? 0).toBe(0);
  });
});
