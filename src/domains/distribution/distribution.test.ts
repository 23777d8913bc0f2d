import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { createSmtpEmail } from '../../server/providers/email/smtp';
import type { EmailProvider } from '../../server/providers/email/types';
import { signedInClient, TestClient, testApp } from '../../test/harness';
import { startSmtpSink, decodeWords, type SmtpSink } from './fixtures/smtp-sink';
import { DELIVER_JOB, utcDay } from './limits';
import { deliverOne, UNSUBSCRIBED_ERROR } from './outbox';
import { DISTRIBUTION_MESSAGES } from './schemas';
import { deliveries, deliveryQuotas } from './tables';
import { waitUntil } from '../../test/wait';

let t: Awaited<ReturnType<typeof testApp>>;
let sink: SmtpSink;
let sandboxEmail: EmailProvider;
const FROM = 'Avatar Studio <studio@mail.example.test>';

beforeAll(async () => {
  t = await testApp();
  // Other test files swap tracking's hooks for stubs (and reset them to null): plug ours back.
  sink = await startSmtpSink();
  // The shared worker sends e-mail through whatever provider the deps hold: SMTP for this file.
  sandboxEmail = t.deps.providers.email;
  t.deps.providers.email = createSmtpEmail({ url: sink.url, from: FROM });
});
afterAll(async () => {
  await t.deps.providers.email.close();
  t.deps.providers.email = sandboxEmail;
  await sink.close();
});

async function setup(opts: { contacts: Record<string, string | null>[]; campaign?: Record<string, string> }) {
  const { client, user } = await signedInClient(t.app);
  let campaignId: string | null = null;
  if (opts.campaign) {
    const c = await client.post('/api/campaigns', { name: 'Launch', platforms: ['email'], ...opts.campaign });
    expect(c.status).toBe(201);
    campaignId = c.data.id;
  }
  const video = await client.post('/api/videos', {
    title: 'Product <tour> & more',
    videoUrl: 'https://cdn.example.com/v/tour.mp4',
    thumbnail: 'https://cdn.example.com/v/tour.jpg',
    status: 'completed',
    ...(campaignId ? { campaignId } : {}),
  });
  expect(video.status).toBe(201);
  const list = await client.post('/api/contact-lists', { name: 'Leads' });
  const ids: string[] = [];
  for (const c of opts.contacts) {
    const r = await client.post(`/api/contact-lists/${list.data.id}/contacts`, c);
    expect(r.status).toBe(201);
    ids.push(r.data.id);
  }
  return { client, user, videoId: video.data.id as string, listId: list.data.id as string, contactIds: ids, campaignId };
}

const mailsTo = (address: string) => sink.received.filter((m) => m.to.includes(address));

describe('POST /api/videos/{id}/distribute: validation', () => {
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
    expect(
      again.data.skipped
        .filter((x: any) => x.reason === 'already sent')
        .map((x: any) => x.contactId)
        .sort(),
    ).toEqual([s.contactIds[0], s.contactIds[1]].sort());
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
    expect(
      second.data.skipped
        .filter((x: any) => x.reason === 'unsubscribed')
        .map((x: any) => x.contactId)
        .sort(),
    ).toEqual([s.contactIds[0], again2.data.id].sort());
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

describe('landing page /v/<token>', () => {
  test('greets by first name, plays the video with its poster, shows the CTA and sender, escapes; beacons raise views and reach', async () => {
    const s = await setup({
      contacts: [{ firstName: 'Zoë <b>', lastName: 'X', email: 'zoe@example.com' }],
      campaign: { senderName: 'Ada "Studio" <Sales>', ctaLabel: 'Book <now>', ctaUrl: 'https://studio.example.com/book?a=1&b=2' },
    });
    const res = await s.client.post(`/api/videos/${s.videoId}/distribute`, { contactIds: s.contactIds, platforms: ['email'], campaignId: s.campaignId });
    expect(res.status).toBe(201);
    expect(await waitUntil(() => mailsTo('zoe@example.com').length === 1)).toBe(true);
    // Recorded sent just after the server's 250.
    expect(await waitUntil(async () => (await s.client.get(`/api/distributions/${res.data.distributionId}/progress`)).data.deliveries.sent === 1)).toBe(true);
    const d = (await s.client.get(`/api/distributions/${res.data.distributionId}`)).data.deliveries[0];
    const token = d.landingUrl.split('/v/')[1];

    const anon = new TestClient(t.app);
    const page = await anon.get(`/v/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toContain('no-store');
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("media-src 'self' https://cdn.example.com");
    expect(csp).toContain("connect-src 'self'");
    const html = page.data as string;
    expect(html).toContain('<h1>Hi Zoë &lt;b&gt;!</h1>');
    expect(html).toContain(
      '<video id="v" controls playsinline preload="metadata" poster="https://cdn.example.com/v/tour.jpg" src="https://cdn.example.com/v/tour.mp4">',
    );
    expect(html).toContain('href="https://studio.example.com/book?a=1&amp;b=2"');
    expect(html).toContain('>Book &lt;now&gt;</a>');
    expect(html).toContain('Sent by <strong>Ada &quot;Studio&quot; &lt;Sales&gt;</strong>');
    expect(html).toContain('Product &lt;tour&gt; &amp; more');
    expect(html).not.toMatch(/<b>|<now>|<Sales>|<tour>/);
    expect(html).toContain(`var T="${token}"`);
    expect(html).toContain("'/api/track'");
    expect(html).not.toContain('/assets/'); // no SPA bundle
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)![1];
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect((await anon.get('/v/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')).status).toBe(404);
    expect((await anon.get('/v/<script>')).status).toBe(404);

    // The page's beacons (as sendBeacon posts them: text/plain) raise the campaign's figures.
    const before = (await s.client.get(`/api/campaigns/${s.campaignId}`)).data;
    expect(before).toMatchObject({ views: 0, reach: 1 });
    const beacon = (body: unknown) =>
      anon.request('POST', '/api/track', JSON.stringify(body), { 'content-type': 'text/plain;charset=UTF-8', origin: 'http://localhost' });
    expect((await beacon({ token, event: 'view', viewId: 'view-aaaa-1' })).status).toBe(204);
    expect((await beacon({ token, event: 'progress', viewId: 'view-aaaa-1', percent: 50 })).status).toBe(204);
    expect((await beacon({ token, event: 'cta', viewId: 'view-aaaa-1' })).status).toBe(204);
    const after = (await s.client.get(`/api/campaigns/${s.campaignId}`)).data;
    expect(after).toMatchObject({ views: 1, reach: 1, uniqueViewers: 1, engagementRate: 50, ctr: 100 });
    expect(after.platformStats.find((p: any) => p.platform === 'email')).toMatchObject({ deliveries: 1, views: 1 });
    expect((await s.client.get(`/api/videos/${s.videoId}/deliveries`)).data.deliveries[0].viewed).toBe(true);
  });

  test('without a campaign: the sender is the user and the CTA falls back to replying by e-mail', async () => {
    const s = await setup({ contacts: [{ name: 'Sam Lee', email: 'sam@example.com' }] });
    const res = await s.client.post(`/api/videos/${s.videoId}/distribute`, { contactIds: s.contactIds, platforms: ['email'] });
    const d = (await s.client.get(`/api/distributions/${res.data.distributionId}`)).data.deliveries[0];
    const html = (await new TestClient(t.app).get(new URL(d.landingUrl).pathname)).data as string;
    expect(html).toContain('<h1>Hi Sam!</h1>');
    expect(html).toContain('Sent by <strong>Test User</strong>');
    expect(html).toContain(`href="mailto:${s.user.email}"`);
    expect(html).toContain('>Get in touch</a>');
  });
});

describe('social channels through the messaging provider (sandbox)', () => {
  test('LinkedIn contacts and social contacts land in the sandbox inbox; WhatsApp needs a connection', async () => {
    const s = await setup({
      contacts: [
        { name: 'Lin Kedin', linkedinUrl: 'https://www.linkedin.com/in/lin-kedin', email: 'lin@example.com' },
        { name: 'No Profile', email: 'np@example.com' },
      ],
    });
    const conn = await s.client.post('/api/social-connections/linkedin/direct', { username: 'me@example.com', password: 'pw' });
    expect(conn.status).toBe(200);
    const social = (await s.client.get('/api/social-contacts')).data as { id: string; name: string; profileUrl: string }[];
    expect((await s.client.post(`/api/videos/${s.videoId}/distribute`, { contactIds: s.contactIds, platforms: ['whatsapp'] })).data.message).toBe(
      'WhatsApp is not connected',
    );

    const res = await s.client.post(`/api/videos/${s.videoId}/distribute`, {
      contactIds: s.contactIds,
      socialContactIds: [social[0]!.id],
      platforms: ['linkedin'],
      message: 'Hello {first_name}, a video for you.',
    });
    expect(res.status).toBe(201);
    expect(res.data.deliveries).toBe(2);
    expect(res.data.skipped).toEqual([{ contactId: s.contactIds[1], name: 'No Profile', platform: 'linkedin', reason: 'No LinkedIn profile URL' }]);
    const done = await waitUntil(async () => (await s.client.get(`/api/distributions/${res.data.distributionId}/progress`)).data.deliveries.sent === 2);
    expect(done).toBe(true);
    const inbox = (await s.client.get('/api/sandbox/inbox?channel=linkedin')).data.messages as { to: string; text: string; meta: any }[];
    expect(inbox).toHaveLength(2);
    const toLin = inbox.find((m) => m.to === 'https://www.linkedin.com/in/lin-kedin')!;
    expect(toLin.text).toMatch(/^Hello Lin, a video for you\.\n\nhttp:\/\/localhost\/v\/[a-z2-7]{32}$/);
    const first = social[0]!.name.split(' ')[0];
    const toSocial = inbox.find((m) => m.to !== 'https://www.linkedin.com/in/lin-kedin')!;
    expect(toSocial.text).toStartWith(`Hello ${first}, a video for you.`);
    const detail = (await s.client.get(`/api/distributions/${res.data.distributionId}`)).data;
    expect(detail.deliveries.find((d: any) => d.socialContactId === social[0]!.id)).toMatchObject({ platform: 'linkedin', status: 'sent', contactId: null });
    // The same social contact again: never twice.
    const again = await s.client.post(`/api/videos/${s.videoId}/distribute`, { socialContactIds: [social[0]!.id], platforms: ['linkedin'] });
    expect(again.data).toMatchObject({ deliveries: 0, skipped: [{ socialContactId: social[0]!.id, platform: 'linkedin', reason: 'already sent' }] });
  });

  test('over the daily limit a delivery is deferred to the next day, not dropped', async () => {
    const s = await setup({
      contacts: [
        { name: 'One', linkedinUrl: 'https://www.linkedin.com/in/one' },
        { name: 'Two', linkedinUrl: 'https://www.linkedin.com/in/two' },
      ],
    });
    const conn = await s.client.post('/api/social-connections/linkedin/direct', { username: 'limits@example.com', password: 'pw' });
    const profileId = conn.data.profileId as string;
    // 79 of LinkedIn's 80 already used today by this account.
    await t.deps.db.insert(deliveryQuotas).values({ accountKey: `profile:${profileId}`, day: utcDay(new Date()), used: 79 });
    const res = await s.client.post(`/api/videos/${s.videoId}/distribute`, { contactIds: s.contactIds, platforms: ['linkedin'] });
    expect(res.data.deliveries).toBe(2);
    const settled = await waitUntil(async () => {
      const p = (await s.client.get(`/api/distributions/${res.data.distributionId}/progress`)).data;
      return p.deliveries.sent === 1 && p.deliveries.deferred === 1;
    });
    expect(settled).toBe(true);
    const detail = (await s.client.get(`/api/distributions/${res.data.distributionId}`)).data;
    const deferred = detail.deliveries.find((d: any) => d.status === 'deferred');
    const tomorrow = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1));
    expect(new Date(deferred.deferredUntil).getTime()).toBeGreaterThanOrEqual(tomorrow.getTime());
    expect(deferred.attempts).toBe(0);
    // Its next attempt is a queued job starting tomorrow.
    const [row] = await t.deps.db.select({ jobId: deliveries.jobId }).from(deliveries).where(eq(deliveries.id, deferred.id));
    const job = await t.deps.queue.boss.getJobById(DELIVER_JOB, row!.jobId!);
    expect(job?.state).toBe('created');
    expect(new Date(job!.startAfter).getTime()).toBeGreaterThanOrEqual(tomorrow.getTime());
    expect((await s.client.get('/api/sandbox/inbox?channel=linkedin')).data.messages).toHaveLength(1);
  });
});
