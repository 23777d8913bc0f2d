import { describe, expect, test } from 'bun:test';
import { TestClient } from '../../test/harness';
import { waitUntil } from '../../test/wait';
import { mailsTo, setup, t, setUpSmtpWorld } from './fixtures/distribute';

/**
 * The landing page a recipient opens (/v/<token>) after an e-mail: greeting, video, CTA and sender,
 * escaping, and the beacons that raise the campaign's figures.
 */
setUpSmtpWorld();

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
    // The page-load token the server issued with this page: its beacons carry it (decision 206).
    const pageToken = /P="([A-Za-z0-9_.-]+)"/.exec(html)![1];
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
    expect((await beacon({ token, page: pageToken, event: 'view' })).status).toBe(204);
    expect((await beacon({ token, page: pageToken, event: 'progress', percent: 50 })).status).toBe(204);
    expect((await beacon({ token, page: pageToken, event: 'cta' })).status).toBe(204);
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
