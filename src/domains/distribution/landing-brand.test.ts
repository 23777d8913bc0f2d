import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { BRAND_COLOR_MESSAGE, brandColorOrNull, contrastRatio, DEFAULT_BRAND_COLOR, textOn } from '../../shared/brand';
import { formWith, PNG_1x1 } from '../../test/fixtures';
import { signedInClient, TestClient, testApp } from '../../test/harness';
import { campaigns } from '../campaigns/tables';
import { LOGO_MESSAGES } from '../users/schemas';
import { users } from '../users/tables';
import { landingBrand } from './landing-brand';

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
});

const INJECTIONS = [
  'red',
  '#fff',
  '#ffffff;',
  '#ffffff;}body{display:none',
  '#ffffff}</style><script>alert(1)</script>',
  'url(https://evil.example/x.png)',
  'expression(alert(1))',
  '#12345g',
  ' #1234567',
  'rgb(0,0,0)',
];

describe('brand colour', () => {
  test('only #rrggbb passes; text on it is white or near-black, whichever reads better (WCAG contrast ≥ 4.5 for these)', () => {
    for (const bad of INJECTIONS) expect(brandColorOrNull(bad)).toBeNull();
    expect(brandColorOrNull('#AbCdEf')).toBe('#abcdef');
    expect(textOn('#000000')).toBe('#ffffff');
    expect(textOn('#ffffff')).toBe('#111827');
    expect(textOn('#ffcc00')).toBe('#111827'); // yellow: dark text
    expect(textOn('#1e3a8a')).toBe('#ffffff'); // navy: white text
    expect(textOn(DEFAULT_BRAND_COLOR)).toBe('#ffffff');
    for (const c of ['#ffcc00', '#1e3a8a', '#22c55e', '#ef4444', '#0ea5e9', '#f5f5f5', '#111111', DEFAULT_BRAND_COLOR])
      expect(contrastRatio(c, textOn(c))).toBeGreaterThanOrEqual(4.5);
  });

  test('the campaign colour wins over the user colour; an invalid stored value falls back; non-http images are dropped', () => {
    expect(landingBrand({ campaignColor: '#112233', userColor: '#445566' }).color).toBe('#112233');
    expect(landingBrand({ campaignColor: null, userColor: '#445566' }).color).toBe('#445566');
    expect(landingBrand({ campaignColor: 'red;}', userColor: 'x' }).color).toBe(DEFAULT_BRAND_COLOR);
    expect(landingBrand({ logoUrl: 'javascript:alert(1)', photoUrl: 'data:image/svg+xml,<svg onload=alert(1)>' })).toMatchObject({
      logoUrl: null,
      photoUrl: null,
    });
    expect(landingBrand({ logoUrl: '/files/logo/abc.png', photoUrl: 'https://cdn.example.com/me.jpg' })).toMatchObject({
      logoUrl: '/files/logo/abc.png',
      photoUrl: 'https://cdn.example.com/me.jpg',
    });
  });

  test('PATCH on the profile and the campaign validates it strictly (400 with the message), stores it lower-cased, empty clears it', async () => {
    const { client, user } = await signedInClient(t.app);
    const campaign = (await client.post('/api/campaigns', { name: 'Brand', platforms: ['email'] })).data;
    for (const bad of INJECTIONS) {
      expect((await client.patch(`/api/users/${user.id}`, { brandColor: bad })).data).toEqual({ message: BRAND_COLOR_MESSAGE });
      expect((await client.patch(`/api/campaigns/${campaign.id}`, { brandColor: bad })).data).toEqual({ message: BRAND_COLOR_MESSAGE });
    }
    expect((await client.patch(`/api/users/${user.id}`, { brandColor: '#FFCC00' })).data.brandColor).toBe('#ffcc00');
    expect((await client.get('/api/user')).data.brandColor).toBe('#ffcc00');
    expect((await client.patch(`/api/campaigns/${campaign.id}`, { brandColor: '#1E3A8A' })).data.brandColor).toBe('#1e3a8a');
    expect((await client.trpc('mutation', 'campaigns.update', { id: campaign.id, patch: { brandColor: '' } })).data.result.data.brandColor).toBeNull();
    expect((await client.patch(`/api/users/${user.id}`, { brandColor: null })).data.brandColor).toBeNull();
  });
});

describe('logo upload', () => {
  test('a PNG, JPEG or WebP up to 2 MB, checked by its bytes; replaced and removed with its file; own account only', async () => {
    const { client, user } = await signedInClient(t.app);
    const up = await client.post(`/api/users/${user.id}/logo`, formWith('logo', PNG_1x1, 'logo.txt', 'text/plain'));
    expect(up.status).toBe(200);
    expect(up.data.brandLogoUrl).toMatch(/^\/files\/logo\/[a-z2-7]+\.png$/);
    expect((await new TestClient(t.app).get(up.data.brandLogoUrl)).headers.get('content-type')).toBe('image/png');

    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    const gif = new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00;');
    for (const [bytes, name] of [
      [svg, 'logo.png'],
      [gif, 'logo.gif'],
    ] as const) {
      const res = await client.post(`/api/users/${user.id}/logo`, formWith('logo', bytes, name, 'image/png'));
      expect(res.status).toBe(400);
      expect(res.data).toEqual({ message: LOGO_MESSAGES.type });
    }
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG_1x1);
    const tooBig = await client.post(`/api/users/${user.id}/logo`, formWith('logo', big, 'big.png', 'image/png'));
    expect(tooBig.status).toBe(413);
    expect(tooBig.data).toEqual({ message: LOGO_MESSAGES.size });
    expect((await client.post(`/api/users/${user.id}/logo`, new FormData())).data).toEqual({ message: LOGO_MESSAGES.missing });

    const other = await signedInClient(t.app);
    expect((await other.client.post(`/api/users/${user.id}/logo`, formWith('logo', PNG_1x1, 'a.png', 'image/png'))).status).toBe(404);
    expect((await other.client.delete(`/api/users/${user.id}/logo`)).status).toBe(404);

    const second = await client.post(`/api/users/${user.id}/logo`, formWith('logo', PNG_1x1, 'b.png', 'image/png'));
    expect((await client.get(up.data.brandLogoUrl)).status).toBe(404); // the replaced file is gone
    const removed = await client.delete(`/api/users/${user.id}/logo`);
    expect(removed.data.brandLogoUrl).toBeNull();
    expect((await client.get(second.data.brandLogoUrl)).status).toBe(404);
  });
});

describe('the landing page carries the brand', () => {
  /** A user with a logo, a photo, a colour and a campaign; its video's share page. */
  async function brandedPage(opts: { userColor?: string; campaignColor?: string; senderName?: string } = {}) {
    const { client, user } = await signedInClient(t.app);
    const logo = (await client.post(`/api/users/${user.id}/logo`, formWith('logo', PNG_1x1, 'l.png', 'image/png'))).data.brandLogoUrl as string;
    const photo = (await client.post(`/api/users/${user.id}/avatar`, formWith('avatar', PNG_1x1, 'p.png', 'image/png'))).data.avatarUrl as string;
    if (opts.userColor) await client.patch(`/api/users/${user.id}`, { brandColor: opts.userColor });
    const campaign = (
      await client.post('/api/campaigns', {
        name: 'B',
        platforms: ['email'],
        senderName: opts.senderName ?? 'Acme',
        ...(opts.campaignColor ? { brandColor: opts.campaignColor } : {}),
      })
    ).data;
    const video = (await client.post('/api/videos', { title: 'Hello', videoUrl: 'https://cdn.example.com/b.mp4', campaignId: campaign.id })).data;
    const share = (await client.post(`/api/videos/${video.id}/share`)).data;
    const get = async () => {
      const res = await new TestClient(t.app).get(share.path);
      return { html: res.data as string, csp: res.headers.get('content-security-policy')! };
    };
    return { client, user, logo, photo, campaign, video, get };
  }

  test('logo in the header, the photo by the sender, the colour with readable text on the CTA; strict nonce CSP for style and script', async () => {
    const p = await brandedPage({ userColor: '#ffcc00' });
    const { html, csp } = await p.get();
    expect(html).toContain(':root{--brand:#ffcc00;--on-brand:#111827}');
    expect(html).toMatch(
      /<header class="brand" data-brand="header"><div><span class="logo"><img src="\/files\/logo\/[a-z2-7]+\.png" alt="Acme" data-brand="logo"><\/span><\/div><\/header>/,
    );
    expect(html).toContain(`<img class="photo" src="${p.photo}" alt="" data-brand="photo">`);
    expect(html).toContain('.cta{display:inline-block;margin-top:1.25rem;background:var(--brand);color:var(--on-brand)');
    const nonce = /style-src 'nonce-([^']+)'/.exec(csp)![1];
    expect(csp).toContain(`script-src 'nonce-${nonce}'`);
    expect(csp).not.toContain('unsafe-inline');
    expect(html).toContain(`<style nonce="${nonce}">`);
    expect(html).not.toContain(' style="'); // no inline style attribute (the nonce CSP would block it)
    // Light: one inline script, well under a kilobyte, no bundle.
    const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    expect(scripts[0]![1]!.length).toBeLessThan(1500);

    // The campaign's colour overrides the user's: navy, white text.
    await p.client.patch(`/api/campaigns/${p.campaign.id}`, { brandColor: '#1e3a8a' });
    expect((await p.get()).html).toContain(':root{--brand:#1e3a8a;--on-brand:#ffffff}');
    // No logo: the sender's name in the band instead.
    await p.client.delete(`/api/users/${p.user.id}/logo`);
    expect((await p.get()).html).toContain('<header class="brand" data-brand="header"><div><span class="brand-name">Acme</span></div></header>');
  });

  test('every value is escaped and a value written past validation cannot inject CSS, markup or a script URL', async () => {
    const p = await brandedPage({ senderName: '"><script>alert(1)</script>' });
    // Straight into the database, past the API's validation: the page must still be safe.
    await t.deps.db
      .update(users)
      .set({ brandColor: '#fff;}</style><script>alert(2)</script>', brandLogoUrl: 'javascript:alert(3)', avatarUrl: '" onerror="alert(4)' })
      .where(eq(users.id, p.user.id));
    await t.deps.db.update(campaigns).set({ brandColor: 'red;}body{display:none' }).where(eq(campaigns.id, p.campaign.id));
    const { html } = await p.get();
    expect(html).toContain(`:root{--brand:${DEFAULT_BRAND_COLOR};--on-brand:#ffffff}`);
    expect(html).not.toContain('alert(2)');
    // The injected rule would close the colour's declaration and hide the page (the page's own CSS hides only its play button).
    expect(html).not.toContain('}body{display:none');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('data-brand="photo"');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html.match(/<script\b/g)).toHaveLength(1);
  });

  test("a delivery's page carries the same brand", async () => {
    const p = await brandedPage({ userColor: '#22c55e' });
    const list = (await p.client.post('/api/contact-lists', { name: 'L' })).data;
    const contact = (await p.client.post(`/api/contact-lists/${list.id}/contacts`, { name: 'Ann Lee', email: 'ann@example.com' })).data;
    const res = await p.client.post(`/api/videos/${p.video.id}/distribute`, { contactIds: [contact.id], platforms: ['email'], campaignId: p.campaign.id });
    expect(res.status).toBe(201);
    const d = (await p.client.get(`/api/distributions/${res.data.distributionId}`)).data.deliveries[0];
    const html = (await new TestClient(t.app).get(new URL(d.landingUrl).pathname)).data as string;
    expect(html).toContain('<h1>Hi Ann!</h1>');
    expect(html).toContain(':root{--brand:#22c55e;--on-brand:#111827}');
    expect(html).toContain('data-brand="logo"');
    expect(html).toContain(`src="${p.photo}"`);
  });
});
