import { describe, expect, test } from 'bun:test';
import { signedInClient, TestClient } from '../../test/harness';
import { waitUntil } from '../../test/wait';
import { mailsTo, setup, sink, t, setUpSmtpWorld } from './fixtures/distribute';
import { decodeWords } from './fixtures/smtp-sink';

/**
 * What recipients see, set before sending and corrected after (decision 224): subject, title,
 * call-to-action and sender; the workspace's defaults; the reach counted by distinct recipient,
 * one message per address; any recipient's version and a test of it to the sender.
 */
setUpSmtpWorld();

type Client = Awaited<ReturnType<typeof setup>>['client'];
const q = async (c: Client, path: string, input: unknown) => (await c.trpc('query', path, input)).data;
const m = async (c: Client, path: string, input: unknown) => (await c.trpc('mutation', path, input)).data;
const pageOf = async (landingUrl: string) => (await new TestClient(t.app).get(new URL(landingUrl).pathname)).data as string;

async function sentPage(client: Client, distributionId: string) {
  expect(await waitUntil(async () => (await client.get(`/api/distributions/${distributionId}/progress`)).data.done)).toBe(true);
  return (await client.get(`/api/distributions/${distributionId}`)).data.deliveries as { landingUrl: string; address: string }[];
}

describe('the send step holds what recipients see', () => {
  test('subject, title, call-to-action and sender as typed; a change after sending reaches the page already sent', async () => {
    const s = await setup({
      contacts: [
        { firstName: 'Zoë', email: 'zoe.send@example.com' },
        { name: '', email: 'nofirst.send@example.com' },
      ],
    });
    const bad = await s.client.post(`/api/videos/${s.videoId}/distribute`, { contactIds: s.contactIds, platforms: ['email'], ctaUrl: 'javascript:alert(1)' });
    expect(bad.status).toBe(400);
    expect(bad.data.message).toBe('The call-to-action link must start with http://, https:// or mailto:');
    const untitled = await s.client.post(`/api/videos/${s.videoId}/distribute`, { contactIds: s.contactIds, platforms: ['email'], title: ' ' });
    expect(untitled.status).toBe(400);
    expect(untitled.data.message).toBe('Give the video a title: recipients see it on their page and in the subject');
    // Nothing was written by the refused sends.
    expect((await s.client.get(`/api/videos/${s.videoId}`)).data.title).toBe('Product <tour> & more');

    const res = await s.client.post(`/api/videos/${s.videoId}/distribute`, {
      contactIds: s.contactIds,
      platforms: ['email'],
      subject: '{first_name|Hello}, a quick video about {video_title}',
      title: 'Your onboarding plan',
      ctaLabel: 'Pick a time',
      ctaUrl: 'https://cal.example.com/ada/15min',
      senderName: 'Ada from Studio',
    });
    expect(res.status).toBe(201);
    expect(await waitUntil(() => mailsTo('zoe.send@example.com').length === 1 && mailsTo('nofirst.send@example.com').length === 1)).toBe(true);
    expect(decodeWords(mailsTo('zoe.send@example.com')[0]!.headers.get('subject')!)).toBe('Zoë, a quick video about Your onboarding plan');
    expect(decodeWords(mailsTo('nofirst.send@example.com')[0]!.headers.get('subject')!)).toBe('Hello, a quick video about Your onboarding plan');
    const deliveries = await sentPage(s.client, res.data.distributionId);
    const zoe = deliveries.find((d) => d.address === 'zoe.send@example.com')!;
    for (const d of deliveries) {
      const html = await pageOf(d.landingUrl);
      expect(html).toContain('href="https://cal.example.com/ada/15min"');
      expect(html).toContain('>Pick a time</a>');
      expect(html).toContain('<strong>Your onboarding plan</strong>');
      expect(html).toContain('Sent by <strong>Ada from Studio</strong>');
      expect(html).not.toContain('Product &lt;tour&gt;');
    }
    // The send step of this video starts from what was sent.
    expect(await q(s.client, 'distribution.sendSettings', { videoId: s.videoId })).toMatchObject({
      result: { data: { title: 'Your onboarding plan', ctaLabel: 'Pick a time', ctaUrl: 'https://cal.example.com/ada/15min', senderName: 'Ada from Studio' } },
    });

    // Changed after sending: the page already sent shows the new values when opened.
    const changed = await m(s.client, 'distribution.updateLanding', {
      videoId: s.videoId,
      title: 'Your 30-day plan',
      ctaLabel: 'Book a demo',
      ctaUrl: 'https://cal.example.com/demo',
    });
    expect(changed.result.data).toMatchObject({ title: 'Your 30-day plan', ctaLabel: 'Book a demo' });
    const after = await pageOf(zoe.landingUrl);
    expect(after).toContain('href="https://cal.example.com/demo"');
    expect(after).toContain('>Book a demo</a>');
    expect(after).toContain('<strong>Your 30-day plan</strong>');

    // Another user's video: 404, and nothing changes.
    const other = await signedInClient(t.app);
    const foreign = await other.client.trpc('mutation', 'distribution.updateLanding', { videoId: s.videoId, ctaLabel: 'Hijacked' });
    expect(foreign.status).toBe(404);
    expect((await other.client.trpc('query', 'distribution.sendSettings', { videoId: s.videoId })).status).toBe(404);
    expect(await pageOf(zoe.landingUrl)).toContain('>Book a demo</a>');
  });

  test("a campaign's settings saved after sending reach the pages of a video that joined it later; the workspace's defaults prefill and apply", async () => {
    const s = await setup({ contacts: [{ firstName: 'Lou', email: 'lou.send@example.com' }] });
    // Workspace defaults (Settings → Sending).
    const saved = await m(s.client, 'distribution.saveDefaults', {
      senderName: 'Studio Team',
      subject: '{first_name|Hi}, for you: {video_title}',
      ctaLabel: 'Reply now',
      ctaUrl: 'https://studio.example.com/reply',
    });
    expect(saved.result.data).toMatchObject({ senderName: 'Studio Team', ctaLabel: 'Reply now' });
    expect((await s.client.trpc('mutation', 'distribution.saveDefaults', { ctaUrl: 'ftp://x' })).status).toBe(400);
    expect((await q(s.client, 'distribution.sendSettings', { videoId: s.videoId })).result.data).toMatchObject({
      subject: '{first_name|Hi}, for you: {video_title}',
      ctaLabel: 'Reply now',
      senderName: 'Studio Team',
    });
    // Sent without any of them (an API call): the defaults apply.
    const res = await s.client.post(`/api/videos/${s.videoId}/distribute`, { contactIds: s.contactIds, platforms: ['email'] });
    expect(await waitUntil(() => mailsTo('lou.send@example.com').length === 1)).toBe(true);
    expect(decodeWords(mailsTo('lou.send@example.com')[0]!.headers.get('subject')!)).toBe('Lou, for you: Product <tour> & more');
    const [d] = await sentPage(s.client, res.data.distributionId);
    expect(await pageOf(d!.landingUrl)).toContain('>Reply now</a>');

    // The video joins a campaign after it was sent, whose settings are saved later: the sent page follows.
    const c = await s.client.post('/api/campaigns', { name: 'Later', platforms: ['email'] });
    expect((await s.client.patch(`/api/videos/${s.videoId}`, { campaignId: c.data.id })).status).toBe(200);
    expect(
      (await s.client.patch(`/api/campaigns/${c.data.id}`, { ctaLabel: 'See pricing', ctaUrl: 'https://studio.example.com/pricing', senderName: 'Ada' }))
        .status,
    ).toBe(200);
    const html = await pageOf(d!.landingUrl);
    expect(html).toContain('>See pricing</a>');
    expect(html).toContain('Sent by <strong>Ada</strong>');
  });
});

describe('counting right: distinct recipients, one message per address', () => {
  test('an address in two lists (two contact records) is one recipient, merged in the preview, and gets one e-mail', async () => {
    const s = await setup({
      contacts: [
        { name: 'Max Mustermann', email: 'max.dup@example.com' },
        { name: 'Eva Solo', email: 'eva.dup@example.com' },
      ],
    });
    const list2 = await s.client.post('/api/contact-lists', { name: 'Event' });
    expect((await s.client.post(`/api/contact-lists/${list2.data.id}/contacts`, { name: 'Max M.', email: ' MAX.dup@Example.com' })).status).toBe(201);
    const selection = { videoId: s.videoId, platforms: ['email'], listIds: [s.listId, list2.data.id] };
    const preview = (await q(s.client, 'distribution.preview', selection)).result.data;
    expect(preview.recipients).toBe(2);
    expect(preview.reach).toEqual({ total: 2, byChannel: { email: 2 } });
    expect(preview.merged).toEqual([{ platform: 'email', address: 'max.dup@example.com', kept: 'Max Mustermann', merged: ['Max M.'] }]);

    sink.reset();
    const res = await s.client.post(`/api/videos/${s.videoId}/distribute`, { platforms: ['email'], listIds: [s.listId, list2.data.id] });
    expect(res.status).toBe(201);
    expect(res.data.deliveries).toBe(2);
    await sentPage(s.client, res.data.distributionId);
    expect(mailsTo('max.dup@example.com')).toHaveLength(1);
    // Sent again to the second list alone: that address already got this video.
    const again = await s.client.post(`/api/videos/${s.videoId}/distribute`, { platforms: ['email'], listIds: [list2.data.id] });
    expect(again.data.deliveries).toBe(0);
    expect(again.data.skipped).toEqual([expect.objectContaining({ name: 'Max M.', reason: 'already sent' })]);
  });
});

describe("any recipient's version before sending", () => {
  test('the 38th of a list is found by search, with their subject, e-mail and page; fallbacks listed; a test reaches the sender', async () => {
    const contacts = Array.from(
      { length: 38 },
      (_, i): Record<string, string> =>
        i === 20 ? { name: '', email: 'anon.send@example.com' } : { firstName: `Person${i + 1}`, email: `p${i + 1}.send@example.com` },
    );
    const s = await setup({ contacts });
    const selection = {
      videoId: s.videoId,
      platforms: ['email'],
      listIds: [s.listId],
      subject: '{first_name|Hello}, about {video_title}',
      title: 'Plan {company|for you}',
    };
    const preview = (await q(s.client, 'distribution.preview', selection)).result.data;
    expect(preview.reach).toEqual({ total: 38, byChannel: { email: 38 } });
    expect(preview.withFallbacks).toBe(38);

    const found = (await q(s.client, 'distribution.recipients', { ...selection, search: 'person38' })).result.data;
    expect(found).toMatchObject({ total: 38, matched: 1, items: [{ position: 38, name: 'Person38', address: 'p38.send@example.com', channels: ['email'] }] });
    const anon = (await q(s.client, 'distribution.recipients', { ...selection, search: 'anon.send' })).result.data.items[0];
    expect(anon.fallbacks).toEqual([
      { variable: 'first_name', values: ['there', 'Hello'] },
      { variable: 'company', values: ['for you'] },
    ]);

    const version = {
      ...selection,
      recipientKey: found.items[0].recipientKey,
      ctaLabel: 'Pick a time',
      ctaUrl: 'https://cal.example.com/x',
      senderName: 'Ada',
    };
    const v = (await q(s.client, 'distribution.recipientVersion', version)).result.data;
    expect(v).toMatchObject({
      name: 'Person38',
      subject: 'Person38, about Plan for you',
      title: 'Plan for you',
      cta: { label: 'Pick a time', url: 'https://cal.example.com/x' },
      sender: 'Ada',
    });
    expect(v.message).toContain('Person38');
    const page = (await new TestClient(t.app).get(v.landingPath)).data as string;
    expect(page).toContain('<h1>Hi Person38!</h1>');
    expect(page).toContain('>Pick a time</a>');
    expect(page).not.toContain("'/api/track'"); // a test page is not tracked
    expect((await new TestClient(t.app).get('/v-test/forged')).status).toBe(404);
    expect((await s.client.trpc('query', 'distribution.recipientVersion', { ...version, recipientKey: 'nobody' })).status).toBe(404);

    const sent = await m(s.client, 'distribution.sendTest', version);
    expect(sent.result.data).toEqual({ to: s.user.email, subject: 'Person38, about Plan for you' });
    // The sender's inbox also holds the sign-up's address check: the test is the one with the recipient's subject.
    const testMail = () => mailsTo(s.user.email).find((x) => decodeWords(x.headers.get('subject') ?? '') === 'Person38, about Plan for you');
    expect(await waitUntil(() => !!testMail())).toBe(true);
    const mail = testMail()!;
    expect(mail.text).toContain('/v-test/');
    expect(mailsTo('p38.send@example.com')).toHaveLength(0);
    // Nothing was sent to anyone, nothing written.
    expect((await s.client.get(`/api/videos/${s.videoId}/deliveries`)).data.total).toBe(0);
  });
});
