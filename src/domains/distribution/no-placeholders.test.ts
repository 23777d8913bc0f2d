import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { runFfmpeg } from '../../media/ffmpeg';
import { eq } from 'drizzle-orm';
import { createSmtpEmail } from '../../server/providers/email/smtp';
import type { EmailProvider } from '../../server/providers/email/types';
import { signedInClient, TestClient, testApp } from '../../test/harness';
import { pollUntil, RENDER_WAIT_MS, settled } from '../../test/wait';
import { decodeWords, startSmtpSink, type SmtpSink } from './fixtures/smtp-sink';
import { distributions, personalRenders } from './tables';

// Issue 10 §2, §4, §6 and its bad input: one real render sent to three recipients (one without a
// company, one without a name), and every output scanned for a brace, a parenthesis placeholder
// or a variable name: what the voice spoke (the TTS input), the captions, the images' text, the
// e-mail (HTML and text, through a real SMTP server), the LinkedIn message and the landing page.

let t: Awaited<ReturnType<typeof testApp>>;
let sink: SmtpSink;
let sandboxEmail: EmailProvider;
let images: ReturnType<typeof Bun.serve>;
const PNG = new Uint8Array(
  new Resvg('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="36"><rect width="64" height="36" fill="#b91c1c"/></svg>').render().asPng(),
);

beforeAll(async () => {
  t = await testApp();
  sink = await startSmtpSink();
  sandboxEmail = t.deps.providers.email;
  t.deps.providers.email = createSmtpEmail({ url: sink.url, from: 'Studio <studio@mail.example.test>' });
  images = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: (req) =>
      new URL(req.url).pathname === '/bg.png'
        ? new Response(PNG, { headers: { 'content-type': 'image/png' } })
        : new Response('<html>a page</html>', { headers: { 'content-type': 'text/html' } }),
  });
});
afterAll(async () => {
  await t.deps.providers.email.close();
  t.deps.providers.email = sandboxEmail;
  await sink.close();
  images.stop(true);
});

/** Nothing a person reads or hears may hold these. */
const LEAKS = /[{}]|\((?:first_name|last_name|company|position|industry)\)|first_name|last_name|\bindustry\b/;
const noLeak = (label: string, text: string | null | undefined) => expect([label, LEAKS.exec(text ?? '')?.[0] ?? null]).toEqual([label, null]);

async function renderTalk(client: TestClient, body: Record<string, unknown>) {
  const talk = await client.post('/api/avatars/talk', { avatarId: 'stock-3', voiceId: 'local-en-female', ...body });
  expect(talk.status).toBe(201);
  const st = await pollUntil(client, `/api/videos/${talk.data.videoId}/status`, settled, 90_000);
  expect(st.data).toMatchObject({ status: 'completed' });
  return talk.data.videoId as string;
}

/** The colour of a video's lower-left corner at `at` seconds (from the end when negative): the background there. */
async function cornerColour(url: string, at: number): Promise<number[]> {
  const dir = await mkdtemp(join(tmpdir(), 'corner-'));
  const file = join(dir, 'v.mp4');
  await Bun.write(file, await (await t.app.handle(new Request(`http://localhost${new URL(url).pathname}`))).arrayBuffer());
  await runFfmpeg(
    [
      at < 0 ? '-sseof' : '-ss',
      String(at),
      '-i',
      file,
      '-frames:v',
      '1',
      '-vf',
      'crop=16:16:8:ih-120,scale=1:1',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      join(dir, 'px.rgb'),
    ],
    { timeoutMs: 30_000 },
  );
  return [...(await Bun.file(join(dir, 'px.rgb')).bytes())];
}

async function importCsv(client: TestClient, name: string, csv: string) {
  const list = await client.post('/api/contact-lists', { name });
  const form = new FormData();
  form.append('file', new File([csv], 'contacts.csv', { type: 'text/csv' }));
  const r = await client.post(`/api/contact-lists/${list.data.id}/import`, form);
  expect(r.status).toBe(200);
  return { listId: list.data.id as string, imported: r.data.imported as number };
}

describe('variables stay variables; nothing shows or speaks a placeholder', () => {
  test(
    'one video, three recipients: voice, captions, images, e-mail, message and landing page agree, with fallbacks',
    async () => {
      const { client } = await signedInClient(t.app);
      const videoId = await renderTalk(client, {
        script: 'Hi {first_name}! Great to see {company} doing well in {industry}. This short video shows how we help.',
        previewValues: { first_name: 'Jane', company: 'Globex', industry: 'retail' },
        fallbacks: { first_name: 'there', company: 'your team', industry: 'your field' },
      });
      // The video keeps its placeholders; the preview's values are stored next to them and labelled.
      const video = (await client.get(`/api/videos/${videoId}`)).data;
      expect(video).toMatchObject({
        script: 'Hi {first_name}! Great to see {company} doing well in {industry}. This short video shows how we help.',
        variables: ['first_name', 'company', 'industry'],
        previewValues: { first_name: 'Jane', company: 'Globex', industry: 'retail' },
        variableFallbacks: { first_name: 'there', company: 'your team', industry: 'your field' },
        previewFor: 'Jane',
      });

      const base = `http://127.0.0.1:${images.port}`;
      const { listId, imported } = await importCsv(
        client,
        'Mixed',
        [
          'Name,Email,Company,Industry,Background URL,LinkedIn',
          `Ada Lovelace,ada@example.com,Analytical Engines,aerospace,${base}/bg.png,https://www.linkedin.com/in/ada`,
          `Bob Stone,bob@example.com,,,${base}/page.html,`,
          'jdoe,jdoe@example.com,,,,',
        ].join('\n'),
      );
      expect(imported).toBe(3);
      const contacts = (await client.get(`/api/contact-lists/${listId}/contacts`)).data;
      expect(contacts[0].fields).toEqual({ industry: 'aerospace', background_url: `${base}/bg.png` });
      await client.post('/api/social-connections/linkedin/direct', { username: 'me@example.com', password: 'pw' });

      // The send step's look ahead: personalised, each opening resolved.
      const preview = await client.get(
        `/trpc/distribution.preview?input=${encodeURIComponent(JSON.stringify({ videoId, listIds: [listId], platforms: ['email'] }))}`,
      );
      expect(preview.data.result.data).toMatchObject({
        personalised: true,
        recipients: 3,
        problems: [],
        ownBackgrounds: 2,
        samples: [
          { name: 'Ada Lovelace', opening: 'Hi Ada! Great to see Analytical Engines doing well in aerospace.', greeting: 'Ada' },
          { name: 'Bob Stone', opening: 'Hi Bob! Great to see your team doing well in your field.', greeting: 'Bob' },
          { name: 'jdoe', opening: 'Hi there! Great to see your team doing well in your field.', greeting: 'there' },
        ],
      });

      const res = await client.post(`/api/videos/${videoId}/distribute`, {
        listIds: [listId],
        platforms: ['email', 'linkedin'],
        message: 'Hi {first_name},\n\nA short video for {company}.',
      });
      expect(res.status).toBe(201);
      expect(res.data).toMatchObject({ personalised: true, renders: 3, deliveries: 4 });
      const done = await pollUntil(client, `/api/distributions/${res.data.distributionId}/progress`, (p) => p.done, RENDER_WAIT_MS);
      expect(done.data).toMatchObject({ renders: { total: 3, done: 3, failed: 0 }, deliveries: { sent: 4, failed: 0 } });
      expect(await sink.waitFor(3, 10_000)).toBe(true);
      const detail = (await client.get(`/api/distributions/${res.data.distributionId}`)).data;

      // What each voice spoke (the TTS input) and the images' text.
      const renders = await t.database.db.select().from(personalRenders).where(eq(personalRenders.distributionId, res.data.distributionId));
      const spoken = Object.fromEntries(renders.map((r) => [r.headline, r.headScript]));
      expect(spoken).toEqual({
        'Ada, this video is for you': 'Hi Ada! Great to see Analytical Engines doing well in aerospace.',
        'Bob, this video is for you': 'Hi Bob! Great to see your team doing well in your field.',
        'A video for you': 'Hi there! Great to see your team doing well in your field.',
      });
      for (const r of renders) {
        noLeak('tts', r.headScript);
        noLeak('image text', r.headline);
      }
      const [dist] = await t.database.db.select().from(distributions).where(eq(distributions.id, res.data.distributionId));
      noLeak('shared part', dist!.tailScript);

      const anon = new TestClient(t.app);
      const names = { 'ada@example.com': 'Ada', 'bob@example.com': 'Bob', 'jdoe@example.com': 'there' } as const;
      for (const [address, greeting] of Object.entries(names)) {
        const d = detail.deliveries.find((x: any) => x.address === address && x.platform === 'email');
        const path = new URL(d.landingUrl).pathname;
        // Captions of their video (the same cues were burned in): their own opening and the shared part.
        const vtt = (await anon.get(`${path}/captions.vtt`)).data as string;
        noLeak(`captions ${address}`, vtt);
        expect(vtt).toContain(`Hi ${greeting}!`);
        expect(vtt).toContain('how we help');
        for (const other of Object.values(names)) if (other !== greeting) expect(vtt).not.toContain(`Hi ${other}!`);
        // The landing page greets with the value the voice used.
        const page = (await anon.get(path)).data as string;
        noLeak(`landing ${address}`, page.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ''));
        expect(page).toContain(`<h1>Hi ${greeting}!</h1>`);
        // The e-mail, as received over SMTP.
        const mail = sink.received.find((m) => m.to.includes(address))!;
        noLeak(`e-mail text ${address}`, mail.text);
        noLeak(`e-mail html ${address}`, mail.html?.replace(/<!--\[if[^\]]*\]>|<!\[endif\]-->|<!-->|<!--/g, ''));
        expect(mail.text).toContain(`Hi ${greeting},`);
        expect(mail.html).toContain(`${path}/preview.gif`);
        // The title holds the script's start: resolved for them too.
        const subject = decodeWords(mail.headers.get('subject') ?? '');
        expect(subject).toContain(`Talking video: Hi ${greeting}!`);
        noLeak(`subject ${address}`, subject);
      }
      expect(sink.received.find((m) => m.to.includes('ada@example.com'))!.text).toContain('A short video for Analytical Engines.');
      expect(sink.received.find((m) => m.to.includes('bob@example.com'))!.text).toContain('A short video for your team.');
      // The LinkedIn message.
      const linkedin = (await client.get('/api/sandbox/inbox?channel=linkedin')).data.messages as { to: string; text: string }[];
      expect(linkedin).toHaveLength(1);
      noLeak('linkedin', linkedin[0]!.text);
      expect(linkedin[0]!.text).toStartWith('Hi Ada,\n\nA short video for Analytical Engines.');

      // Backgrounds: Ada's image was used; Bob's address is a web page: the video's own, and the reason is shown; the send went on.
      const bob = detail.deliveries.find((x: any) => x.address === 'bob@example.com');
      const ada = detail.deliveries.find((x: any) => x.address === 'ada@example.com' && x.platform === 'email');
      expect(bob).toMatchObject({ status: 'sent', backgroundError: expect.stringContaining('Not an image') });
      expect(ada).toMatchObject({ status: 'sent', backgroundError: null });
      const byVideo = (await client.get(`/api/videos/${videoId}/deliveries`)).data.deliveries.find((x: any) => x.address === 'bob@example.com');
      expect(byVideo.backgroundError).toContain('Not an image');
      // Behind the presenter, in their opening and in the shared part: Ada's red image; Bob the video's own grey.
      // (0.4 s: in their opening; 0.3 s before the end: in the shared part.)
      for (const at of [0.4, -0.3]) {
        expect(await cornerColour(ada.personalVideoUrl, at)).toEqual([185, 28, 28].map((c) => expect.closeTo(c, -1.2)) as never);
        expect(await cornerColour(bob.personalVideoUrl, at)).toEqual([226, 232, 240].map((c) => expect.closeTo(c, -1.2)) as never);
      }
    },
    RENDER_WAIT_MS + 120_000,
  );

  test('a variable nobody can fill is refused before anything is queued, naming it; the send step shows it too', async () => {
    const { client } = await signedInClient(t.app);
    const videoId = await renderTalk(client, {
      script: 'Hello {first_name}, how is {industry}?',
      previewValues: { first_name: 'Jane', industry: 'retail' },
      fallbacks: { industry: null },
    });
    const { listId } = await importCsv(client, 'No industry', 'name,email\nAda Lovelace,ada@example.com\nBob Stone,bob@example.com');
    const res = await client.post(`/api/videos/${videoId}/distribute`, { listIds: [listId], platforms: ['email'] });
    expect(res.status).toBe(400);
    expect(res.data.message).toContain('{industry} has no value for any selected contact and no fallback');
    // Some have it, some not.
    const mixed = await importCsv(client, 'Some industry', 'name,email,industry\nAda Lovelace,ada@example.com,aerospace\nBob Stone,bob@example.com,');
    const partly = await client.post(`/api/videos/${videoId}/distribute`, { listIds: [mixed.listId], platforms: ['email'] });
    expect(partly.status).toBe(400);
    expect(partly.data.message).toContain('{industry} has no value for 1 of 2 recipients (Bob Stone)');
    // A message variable too (a contact known by e-mail only has no last name).
    const known = await importCsv(client, 'E-mail only', 'name,email,industry\njdoe,jdoe@example.com,aerospace');
    const msg = await client.post(`/api/videos/${videoId}/distribute`, { listIds: [known.listId], platforms: ['email'], message: 'Dear {last_name}' });
    expect(msg.status).toBe(400);
    expect(msg.data.message).toBe(
      '{last_name} has no value for any selected contact and no fallback: add a "last_name" column to the contact list or a fallback to the video',
    );
    // Nothing was written or queued.
    expect((await client.get(`/api/videos/${videoId}/deliveries`)).data).toEqual({ total: 0, deliveries: [], nextCursor: null });
    expect(await t.database.db.select().from(distributions).where(eq(distributions.videoId, videoId))).toEqual([]);
    const preview = await client.get(
      `/trpc/distribution.preview?input=${encodeURIComponent(JSON.stringify({ videoId, listIds: [listId], platforms: ['email'] }))}`,
    );
    expect(preview.data.result.data.problems).toEqual([
      {
        variable: 'industry',
        missing: 2,
        of: 2,
        examples: ['Ada Lovelace', 'Bob Stone'],
        message: expect.stringContaining('{industry} has no value for any selected contact'),
      },
    ]);
  }, 120_000);

  test('a video without variables is sent as it is; every e-mail still gets the recipient’s own poster and GIF, made once on first request', async () => {
    const { client } = await signedInClient(t.app);
    const videoId = await renderTalk(client, { script: 'Hello! Here is our product in a minute.' });
    expect((await client.get(`/api/videos/${videoId}`)).data).toMatchObject({ variables: [], previewFor: null });
    const { listId } = await importCsv(client, 'Plain', 'name,email\nAda Lovelace,ada@example.com\njdoe,jdoe@example.com');
    const res = await client.post(`/api/videos/${videoId}/distribute`, { listIds: [listId], platforms: ['email'] });
    expect(res.data).toMatchObject({ personalised: false, renders: 0, deliveries: 2 });
    const sent = await pollUntil(client, `/api/distributions/${res.data.distributionId}/progress`, (p) => p.done, 30_000);
    expect(sent.data.deliveries.sent).toBe(2);
    const detail = (await client.get(`/api/distributions/${res.data.distributionId}`)).data;
    const ada = detail.deliveries.find((d: any) => d.address === 'ada@example.com');
    expect(ada.personalVideoUrl).toBeNull();
    const path = new URL(ada.landingUrl).pathname;
    const mail = sink.received.filter((m) => m.to.includes('ada@example.com')).at(-1)!;
    expect(mail.html).toContain(`${path}/preview.gif`);
    expect(mail.html).toContain(`${path}/poster.jpg`);
    const first = await t.app.handle(new Request(`http://localhost${path}/preview.gif`));
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/gif');
    const gif = new Uint8Array(await first.arrayBuffer());
    expect(new TextDecoder().decode(gif.subarray(0, 6))).toBe('GIF89a');
    // Kept: the poster and the same GIF again, without a new render.
    const poster = await t.app.handle(new Request(`http://localhost${path}/poster.jpg`));
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    const again = new Uint8Array(await (await t.app.handle(new Request(`http://localhost${path}/preview.gif`))).arrayBuffer());
    expect(again).toEqual(gif);
    // The landing page plays the shared video.
    const page = (await new TestClient(t.app).get(path)).data as string;
    expect(page).toContain('<h1>Hi Ada!</h1>');
    expect(page).toMatch(/src="\/files\/render\/[a-z2-7]+\.mp4"/);
  }, 120_000);
});
