import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi, toast } from './helpers';

const KEY = 'sk-e2e-kokoro-7f3a';

// Chromium's fake microphone (a beep), allowed without a prompt, for "Clone my voice".
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});

/** 1.2 s of a 220 Hz tone as 16-bit mono WAV at 24 kHz: what a speech server answers, as far as the app can tell. */
function toneWav(): Buffer {
  const rate = 24_000;
  const n = Math.round(rate * 1.2);
  const data = Buffer.alloc(n * 2);
  for (let i = 0; i < n; i++) data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 220 * i) / rate) * 8000 * Math.min(1, i / 2000, (n - i) / 2000)), i * 2);
  const head = Buffer.alloc(44);
  head.write('RIFF', 0);
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVEfmt ', 8);
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate * 2, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36);
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

/** An OpenAI-compatible speech server on loopback, as Kokoro-FastAPI answers: its voices, and speech for the right key only. */
async function speechServer() {
  const hits: { path: string; auth?: string; body?: { voice?: string; input?: string } }[] = [];
  const read = (req: IncomingMessage) =>
    new Promise<string>((r) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => r(body));
    });
  const server = createServer(async (req, res) => {
    const text = await read(req);
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.push({ path, auth: req.headers.authorization, body: text ? JSON.parse(text) : undefined });
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.headers.authorization !== `Bearer ${KEY}`) return json(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } });
    if (req.method === 'GET' && path === '/v1/audio/voices') return json(200, { voices: ['af_bella', 'am_adam', 'ff_siwis'] });
    if (req.method === 'POST' && path === '/v1/audio/speech') return res.writeHead(200, { 'content-type': 'audio/wav' }).end(toneWav());
    return json(404, { error: { message: `Unknown route ${path}` } });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, hits, close: () => server.close() };
}

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test('an admin connects an OpenAI-compatible speech server, a wrong key shows its reason, Test connection passes, and its voice is picked in the wizard', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const fake = await speechServer();
  try {
    await signUpViaApi(page);
    await page.goto('/settings?tab=integrations');
    await expect(page.getByRole('heading', { name: 'Voice and video providers' })).toBeVisible();
    const card = page.getByTestId('integration-openai-speech');
    await expect(card).toHaveAttribute('data-status', 'notConnected');
    await expect(card.getByTestId('integration-status')).toHaveText('Not connected');
    for (const p of ['elevenlabs', 'heygen', 'd-id', 'creatify'])
      await expect(page.getByTestId(`integration-${p}`)).toHaveAttribute('data-status', 'notConnected');

    // The form says what is missing, in the server's schema's words.
    await card.getByTestId('integration-edit').click();
    await card.getByTestId('integration-save').click();
    await expect(card.getByText('Enter the server address')).toBeVisible();

    // A wrong key: saved, tested at once, and the card shows the server's own reason.
    await card.getByTestId('integration-base-url').fill(fake.url);
    await card.getByTestId('integration-model').fill('kokoro');
    await card.getByTestId('integration-key').fill('sk-wrong-0000');
    await card.getByTestId('integration-save').click();
    await expect(card).toHaveAttribute('data-status', 'failed');
    await expect(card.getByTestId('integration-message')).toHaveText('The voice provider OpenAI-compatible speech failed: Incorrect API key provided');
    await expect(toast(page)).toContainText('OpenAI-compatible refused the connection');
    await card.screenshot({ path: test.info().outputPath('integrations-failed-card.png') });
    await toast(page).getByRole('button').click();

    // The right key: connected; the key is never shown again, only its last four characters.
    await card.getByTestId('integration-edit').click();
    await expect(card.getByTestId('integration-base-url')).toHaveValue(fake.url);
    await card.getByTestId('integration-key').fill(KEY);
    await card.getByTestId('integration-save').click();
    await expect(card).toHaveAttribute('data-status', 'connected');
    await expect(card.getByTestId('integration-found')).toContainText('3 voices available');
    await expect(card.getByTestId('integration-key-hint')).toHaveText('•••• 7f3a');
    await expect(page.getByText(KEY)).toHaveCount(0);
    await toast(page).getByRole('button').click();
    const before = fake.hits.length;
    await card.getByTestId('integration-test').click();
    await expect(toast(page)).toContainText('Connected to OpenAI-compatible');
    await toast(page).getByRole('button').click();
    expect(fake.hits.slice(before).map((h) => [h.path, h.auth])).toContainEqual(['/v1/audio/speech', `Bearer ${KEY}`]);

    // How it looks: light, dark, and at 390 px.
    await shot(page, 'integrations-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.request.patch('/api/settings', { data: { theme: 'dark' } });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(card).toHaveAttribute('data-status', 'connected');
    await shot(page, 'integrations-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(card).toHaveAttribute('data-status', 'connected');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'integrations-390-dark');
    await page.request.patch('/api/settings', { data: { theme: 'light' } });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    await expect(card).toHaveAttribute('data-status', 'connected');
    await card.getByTestId('integration-edit').click();
    await shot(page, 'integrations-390-light-form');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The wizard: the server's voices beside the offline ones, its name shown; picked, and heard.
    await page.goto('/create-video');
    await page.getByTestId('script-input').fill('Hello Sam, this is a short note from our team. Talk soon.');
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('avatar-search').fill('stock-7');
    await page.locator('[data-testid="avatar-card"][data-avatar-id="stock-7"]').click();
    await page.getByTestId('wizard-next').click();
    await expect(page.getByTestId('create-video')).toHaveAttribute('data-step', 'avatar-customize');
    const adam = page.locator('[data-testid="voice-option"][data-voice-id="openai-am_adam"]');
    await expect(adam.getByTestId('voice-engine')).toHaveText('OpenAI-compatible');
    await expect(page.locator('[data-testid="voice-option"][data-voice-id="local-pt-female"]')).toHaveCount(1);
    await adam.getByRole('radio').click();
    await expect(adam.getByRole('radio')).toHaveAttribute('aria-checked', 'true');
    const heard = page.waitForResponse((r) => r.url().endsWith('/api/voices/openai-am_adam/hear') && r.request().method() === 'POST');
    await page.getByTestId('voice-hear').click();
    expect((await heard).status()).toBe(200);
    expect(
      fake.hits.some((h) => h.path === '/v1/audio/speech' && h.body?.voice === 'am_adam' && h.body?.input === 'Hello Sam, this is a short note from our team.'),
    ).toBe(true);
    await shot(page, 'integrations-wizard-voice');
  } finally {
    fake.close();
  }
});

/** ElevenLabs on the port the e2e server was told (playwright.config.ts): its voices, and instant voice cloning into the key's account. */
async function elevenLabsServer(port: number, key: string) {
  const cloned: { voice_id: string; name: string }[] = [];
  const adds: { name: string; files: { name: string; type: string; size: number }[] }[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.headers['xi-api-key'] !== key) return json(401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } });
    if (req.method === 'GET' && path === '/v1/voices')
      return json(200, {
        voices: [
          { voice_id: '21m00Tcm4TlvDq8ikWAM', name: 'Rachel', category: 'premade', labels: { gender: 'female', language: 'en' } },
          ...cloned.map((v) => ({ ...v, category: 'cloned', labels: {} })),
        ],
      });
    if (req.method === 'POST' && path === '/v1/voices/add') {
      const form = await new Request('http://x/', {
        method: 'POST',
        headers: { 'content-type': String(req.headers['content-type']) },
        body: Buffer.concat(chunks),
      }).formData();
      const files = form.getAll('files').filter((f): f is File => typeof f !== 'string');
      adds.push({ name: String(form.get('name')), files: files.map((f) => ({ name: f.name, type: f.type, size: f.size })) });
      const voice_id = `cloned${cloned.length + 1}`;
      cloned.push({ voice_id, name: String(form.get('name')) });
      return json(200, { voice_id, requires_verification: false });
    }
    return json(404, { detail: { message: `Unknown route ${path}` } });
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { adds, close: () => server.close() };
}

/** `seconds` of a 180 Hz tone, 16 kHz mono WAV: a sample to upload. */
function sampleWav(seconds: number): Buffer {
  const rate = 16_000;
  const n = rate * seconds;
  const out = Buffer.alloc(44 + n * 2);
  out.write('RIFF', 0);
  out.writeUInt32LE(36 + n * 2, 4);
  out.write('WAVEfmt ', 8);
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36);
  out.writeUInt32LE(n * 2, 40);
  for (let i = 0; i < n; i++) out.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 180 * i) / rate) * 6000), 44 + i * 2);
  return out;
}

test.describe('Clone my voice', () => {
  test('with ElevenLabs connected: the text to read, a short recording is refused, an uploaded sample becomes a voice of the workspace', async ({ page }) => {
    test.setTimeout(120_000);
    const eleven = await elevenLabsServer(Number(process.env.E2E_PORT ?? 3210) + 1000, 'el-e2e-key-91ab');
    try {
      await signUpViaApi(page);
      await page.goto('/settings?tab=integrations');
      // Not offered before ElevenLabs is connected.
      await expect(page.getByTestId('integration-elevenlabs')).toHaveAttribute('data-status', 'notConnected');
      await expect(page.getByTestId('clone-voice')).toHaveCount(0);
      const card = page.getByTestId('integration-elevenlabs');
      await card.getByTestId('integration-edit').click();
      await card.getByTestId('integration-key').fill('el-e2e-key-91ab');
      await card.getByTestId('integration-save').click();
      await expect(card).toHaveAttribute('data-status', 'connected');
      await expect(card.getByTestId('integration-found')).toContainText('1 voice available');
      await toast(page).getByRole('button').click();

      const clone = page.getByTestId('clone-voice');
      await expect(clone.getByTestId('clone-voice-text')).toContainText('thanks for taking a minute with me');
      // Recording through the microphone: a few seconds are not enough.
      await clone.getByTestId('clone-voice-record').click();
      await expect(clone.getByTestId('clone-voice-state')).toContainText('Recording… 2 s', { timeout: 10_000 });
      await clone.getByTestId('clone-voice-stop').click();
      await expect(clone.getByTestId('clone-voice-state')).toContainText('Recorded:');
      await expect(clone.getByText('Keep reading: at least 20 seconds are needed.')).toBeVisible();
      await expect(clone.getByTestId('clone-voice-submit')).toBeDisabled();
      await shot(page, 'clone-voice-short');

      // An uploaded recording of 22 seconds, named: cloned, and in the wizard's voice list.
      await clone.getByTestId('clone-voice-file').setInputFiles({ name: 'me.wav', mimeType: 'audio/wav', buffer: sampleWav(22) });
      await clone.getByTestId('clone-voice-submit').click();
      await expect(clone.getByTestId('field-error')).toHaveText('Give the voice a name');
      await clone.getByTestId('clone-voice-name').fill('My own voice');
      await clone.getByTestId('clone-voice-submit').click();
      await expect(toast(page)).toContainText('Your voice is ready');
      expect(eleven.adds).toEqual([{ name: 'My own voice', files: [{ name: 'sample.wav', type: expect.stringMatching(/wav/), size: expect.any(Number) }] }]);
      const voices = (await (await page.request.get('/api/voices')).json()) as { voices: { id: string; name: string; engineName: string }[] };
      expect(voices.voices.find((v) => v.id === 'elevenlabs-cloned1')).toMatchObject({ name: 'My own voice', engineName: 'ElevenLabs' });
    } finally {
      eleven.close();
    }
  });
});
