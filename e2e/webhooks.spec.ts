import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { renderVideo, signUpViaApi, toast } from './helpers';

type Hit = { headers: IncomingHttpHeaders; body: string };

/** Standard Webhooks verification, written from the specification (not from the app's code). */
function verified(secret: string, h: IncomingHttpHeaders, body: string): boolean {
  const id = String(h['webhook-id'] ?? '');
  const ts = String(h['webhook-timestamp'] ?? '');
  if (!id || !ts || Math.abs(Date.now() / 1000 - Number(ts)) > 300) return false;
  const expected = createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64'))
    .update(`${id}.${ts}.${body}`)
    .digest();
  return String(h['webhook-signature'] ?? '')
    .split(' ')
    .some((s) => {
      const [v, sig] = s.split(',');
      const got = Buffer.from(sig ?? '', 'base64');
      return v === 'v1' && got.length === expected.length && timingSafeEqual(got, expected);
    });
}

/** A receiver on loopback, answering 200 to everything and keeping what it got. */
async function receiver() {
  const hits: Hit[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      hits.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok, thanks');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const of = (type: string) => hits.filter((h) => JSON.parse(h.body).type === type);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, hits, of, close: () => server.close() };
}

test('a webhook endpoint on loopback receives a signed video.ready and, after a shared landing page is played, a signed view.started; the deliveries show 200; a test event', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const hook = await receiver();
  try {
    await signUpViaApi(page);
    await page.goto('/settings?tab=advanced');
    const section = page.getByTestId('webhooks');
    await expect(section.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
    await expect(section.getByTestId('webhook-endpoint')).toHaveCount(0);

    // Nothing typed: the form says what is missing.
    await section.getByTestId('webhook-event-video.ready').uncheck();
    await section.getByTestId('webhook-event-view.started').uncheck();
    await section.getByTestId('webhook-add').click();
    await expect(section.getByText('Endpoint URL is required')).toBeVisible();
    await expect(section.getByText('Choose at least one event')).toBeVisible();

    await section.getByTestId('webhook-url').fill(hook.url);
    await section.getByTestId('webhook-event-video.ready').check();
    await section.getByTestId('webhook-event-view.started').check();
    await section.getByTestId('webhook-add').click();
    await expect(toast(page)).toContainText('Endpoint added');
    const secret = await section.getByTestId('webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expect(section.getByTestId('webhook-endpoint-url')).toHaveText(hook.url);
    await page.screenshot({ path: '/tmp/h13-webhooks-created.png', fullPage: true });
    await section.getByRole('button', { name: 'I have saved it' }).click();
    await expect(section.getByTestId('webhook-secret')).toHaveCount(0);

    // A render finishes: video.ready.
    const videoId = await renderVideo(page, 'Hello! A short video for you.');
    await expect.poll(() => hook.of('video.ready').length, { timeout: 15_000 }).toBe(1);
    const ready = hook.of('video.ready')[0]!;
    expect(verified(secret, ready.headers, ready.body)).toBe(true);
    expect(JSON.parse(ready.body).data.videoId).toBe(videoId);

    // A shared landing page is played by someone: view.started, signed.
    const share = await page.request.post(`/api/videos/${videoId}/share`);
    expect(share.status(), await share.text()).toBe(201);
    const { url } = (await share.json()) as { url: string };
    const visitor = await browser.newContext();
    const landing = await visitor.newPage();
    await landing.goto(new URL(url).pathname);
    await landing.locator('video').evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    await expect.poll(() => hook.of('view.started').length, { timeout: 20_000 }).toBe(1);
    await visitor.close();
    const started = hook.of('view.started')[0]!;
    expect(verified(secret, started.headers, started.body)).toBe(true);
    expect(verified(secret, started.headers, `${started.body} `)).toBe(false);
    const payload = JSON.parse(started.body);
    expect(payload.data).toMatchObject({ videoId, channel: 'share' });
    expect(started.headers['webhook-id']).toMatch(/^evt_/);

    // The deliveries list shows both, answered 200.
    await page.reload();
    const endpoint = page.getByTestId('webhooks').getByTestId('webhook-endpoint');
    const viewRow = endpoint.locator('[data-testid="webhook-delivery"][data-event="view.started"]');
    await expect(viewRow).toHaveAttribute('data-status', 'succeeded');
    await expect(viewRow.getByTestId('webhook-response-status')).toHaveText('200');
    await expect(viewRow).toContainText('Delivered');
    await expect(endpoint.locator('[data-testid="webhook-delivery"][data-event="video.ready"]')).toHaveAttribute('data-status', 'succeeded');

    // Send a test event: it arrives signed, and its row turns Delivered with 200.
    await endpoint.getByTestId('webhook-test').click();
    await expect(toast(page)).toContainText('Test event queued');
    await expect.poll(() => hook.of('webhook.test').length, { timeout: 15_000 }).toBe(1);
    expect(verified(secret, hook.of('webhook.test')[0]!.headers, hook.of('webhook.test')[0]!.body)).toBe(true);
    const testRow = endpoint.locator('[data-testid="webhook-delivery"][data-event="webhook.test"]');
    await expect(testRow).toHaveAttribute('data-status', 'succeeded');
    await expect(testRow.getByTestId('webhook-response-status')).toHaveText('200');
    await page.screenshot({ path: '/tmp/h13-webhooks-deliveries.png', fullPage: true });

    // Disable: the test button is off, and no more events arrive.
    await endpoint.getByTestId('webhook-toggle').click();
    await expect(toast(page).last()).toContainText('Endpoint disabled');
    await expect(endpoint.getByTestId('webhook-endpoint-state')).toHaveText('Disabled');
    await expect(endpoint.getByTestId('webhook-test')).toBeDisabled();
    await endpoint.getByTestId('webhook-toggle').click();
    await expect(endpoint.getByTestId('webhook-endpoint-state')).toHaveText('Receiving events');

    // Dark, then French, for the eyes.
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    await page.screenshot({ path: '/tmp/h13-webhooks-dark.png', fullPage: true });
    await page.request.patch('/api/settings', { data: { language: 'fr' } });
    await page.reload();
    await expect(page.getByTestId('webhooks')).toContainText('Envois récents');
    await expect(endpoint.locator('[data-testid="webhook-delivery"][data-event="view.started"]')).toContainText('Livré');
    await page.screenshot({ path: '/tmp/h13-webhooks-fr.png', fullPage: true });
    await page.request.patch('/api/settings', { data: { language: 'en' } });
    await page.reload();

    // Delete, confirmed.
    await endpoint.getByTestId('webhook-delete').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByTestId('webhooks').getByTestId('webhook-endpoint')).toHaveCount(0);
    await expect(page.getByTestId('webhooks')).toContainText('No endpoints yet.');
  } finally {
    hook.close();
  }
});
