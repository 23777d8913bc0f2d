import { beforeAll, describe, expect, test } from 'bun:test';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probe } from '../../media/ffmpeg';
import { signedInClient, TestClient, testApp } from '../../test/harness';
import { pollUntil, RENDER_WAIT_MS, settled } from '../../test/wait';
import { DISTRIBUTION_MESSAGES } from './schemas';
import { fillText, fallbacksFor } from '../../shared/variables';
import { splitScript, varsOf } from './variables';
import { eq } from 'drizzle-orm';
import { personalRenders, personalTails } from './tables';

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
  // Other test files swap tracking's hooks for stubs (and reset them to null): plug ours back.
});

describe('variables', () => {
  test('fill with values, fallbacks and defaults; unknown names stay', () => {
    const vars = varsOf({ name: 'Alice Martin', email: 'a@x.io', company: 'Acme', position: null });
    expect(vars).toMatchObject({ first_name: 'Alice', last_name: 'Martin', company: 'Acme' });
    const fb = fallbacksFor(null);
    expect(fillText('Hi {first_name}, {Company} / {position|the role} / {{ last_name }} / {unknown}', vars, fb)).toBe('Hi Alice, Acme / the role / Martin /');
    expect(fillText('Hi {first_name}, welcome to {company}.', {}, fb)).toBe('Hi there, welcome to your team.');
    expect(fillText('Hi {first_name|}, hello', {}, fb)).toBe('Hi, hello');
    // Custom columns of the import are variables too.
    expect(fillText('How is {Industry}?', varsOf({ name: 'A B', fields: { industry: 'retail' } }), fb)).toBe('How is retail?');
    // A name that is only the e-mail's local part is not a first name.
    expect(varsOf({ name: 'jdoe', email: 'jdoe@example.com' }).first_name).toBeNull();
    expect(varsOf({ name: 'Ada Lovelace (sandbox)' }).first_name).toBe('Ada');
  });

  test('the script is cut into personal parts (sentences holding a variable) and shared ones, wherever they are', () => {
    expect(splitScript('Hi {first_name}! Great to meet you at {company}. Here is how we help teams. Talk soon.')).toEqual({
      parts: [
        { text: 'Hi {first_name}! Great to meet you at {company}.', personal: true },
        { text: 'Here is how we help teams. Talk soon.', personal: false },
      ],
      head: 'Hi {first_name}! Great to meet you at {company}.',
      tail: 'Here is how we help teams. Talk soon.',
    });
    expect(splitScript('Hi {first_name}! Here is how we help teams like yours every week. Thanks, {first_name|}, talk soon!')?.parts).toEqual([
      { text: 'Hi {first_name}!', personal: true },
      { text: 'Here is how we help teams like yours every week.', personal: false },
      { text: 'Thanks, {first_name|},', personal: true },
      { text: 'talk soon!', personal: false },
    ]);
    // Clauses: a greeting's long clause is shared; a short one stays with the name; a variable is never a part alone.
    expect(
      splitScript('Hi {first_name}, thanks for taking a minute to watch this. We help teams like yours every single week. Thanks, {first_name|}, talk soon!')
        ?.parts,
    ).toEqual([
      { text: 'Hi {first_name},', personal: true },
      { text: 'thanks for taking a minute to watch this. We help teams like yours every single week.', personal: false },
      { text: 'Thanks, {first_name|},', personal: true },
      { text: 'talk soon!', personal: false },
    ]);
    expect(splitScript('We help teams like yours every single week. Thanks, {first_name}! Bye, {first_name}.')?.parts).toEqual([
      { text: 'We help teams like yours every single week.', personal: false },
      { text: 'Thanks, {first_name}! Bye, {first_name}.', personal: true },
    ]);
    expect(splitScript('{first_name}, we saved Acme 1,000 hours: see how.')?.parts).toEqual([
      { text: '{first_name}, we saved Acme 1,000 hours: see how.', personal: true },
    ]);
    expect(splitScript('Hello {first_name|you, friend}, this is the rest of a long sentence.')?.parts).toEqual([
      { text: 'Hello {first_name|you, friend},', personal: true },
      { text: 'this is the rest of a long sentence.', personal: false },
    ]);
    // A shared sentence first; a few shared words between two personal sentences are said with them.
    expect(splitScript('We help teams. Hi {first_name}. Thanks! See you at {company}.')?.parts).toEqual([
      { text: 'We help teams.', personal: false },
      { text: 'Hi {first_name}. Thanks! See you at {company}.', personal: true },
    ]);
    expect(splitScript('Hello {first_name|there}')).toEqual({
      parts: [{ text: 'Hello {first_name|there}', personal: true }],
      head: 'Hello {first_name|there}',
      tail: '',
    });
    expect(splitScript('No variables here. None at all.')).toBeNull();
  });
});

describe('personalised videos', () => {
  test(
    'two recipients greeted and thanked by name: each gets their own video (their parts + the shared middle stored once), served by their token with ranges',
    async () => {
      const { client } = await signedInClient(t.app);
      const talk = await client.post('/api/avatars/talk', { avatarId: 'stock-3', script: 'Hello. This is our product.', voiceId: 'local-en-female' });
      expect(talk.status).toBe(201);
      const videoId = talk.data.videoId as string;
      const st = await pollUntil(client, `/api/videos/${videoId}/status`, settled, 60_000);
      expect(st.data.status).toBe('completed');

      const list = await client.post('/api/contact-lists', { name: 'VIP' });
      await client.post(`/api/contact-lists/${list.data.id}/contacts`, { firstName: 'Alice', email: 'alice@example.com' });
      await client.post(`/api/contact-lists/${list.data.id}/contacts`, { firstName: 'Bob', email: 'bob@example.com' });

      // Only videos rendered in the app, and only scripts with a variable.
      const saved = await client.post('/api/videos', { title: 'External', videoUrl: 'https://cdn.example.com/x.mp4', status: 'completed' });
      const script = 'Hi {first_name}. Thanks for your time, this is how our product saves you hours. See you soon, {first_name}!';
      const body = { listIds: [list.data.id], platforms: ['email'], personalizeVideo: true, script };
      expect((await client.post(`/api/videos/${saved.data.id}/distribute`, body)).data.message).toBe(DISTRIBUTION_MESSAGES.notPersonalisable);
      expect((await client.post(`/api/videos/${videoId}/distribute`, { ...body, script: 'No variables.' })).data.message).toBe(
        DISTRIBUTION_MESSAGES.noVariables,
      );
      // A script with variables is never sent as it is (everyone would hear the preview's name).
      expect((await client.post(`/api/videos/${videoId}/distribute`, { ...body, personalizeVideo: false })).data.message).toBe(
        DISTRIBUTION_MESSAGES.alwaysPersonal,
      );

      const res = await client.post(`/api/videos/${videoId}/distribute`, body);
      expect(res.status).toBe(201);
      expect(res.data).toMatchObject({ deliveries: 2, renders: 2, personalised: true, skipped: [] });
      const id = res.data.distributionId;
      // The deliveries wait for their renders (no send before the personal video exists).
      const early = (await client.get(`/api/distributions/${id}/progress`)).data;
      expect(early.renders.total).toBe(2);
      expect(early.deliveries.sent).toBe(0);

      const done = await pollUntil(client, `/api/distributions/${id}/progress`, (p) => p.done, RENDER_WAIT_MS);
      expect(done.data).toMatchObject({ renders: { total: 2, done: 2, failed: 0 }, deliveries: { total: 2, sent: 2, pending: 0 } });
      // The shared middle (the script's second part) is stored once for both; each recipient points at it.
      const shared = await t.deps.db.select().from(personalTails).where(eq(personalTails.distributionId, id));
      expect(shared.map((x) => x.part)).toEqual([1]);
      const renders = await t.deps.db.select().from(personalRenders).where(eq(personalRenders.distributionId, id));
      for (const r of renders) {
        expect(r.texts).toHaveLength(2);
        expect(r.sharedParts?.map((x) => x.tailId)).toEqual([shared[0]!.id]);
      }
      const detail = (await client.get(`/api/distributions/${id}`)).data;
      const [a, b] = ['alice@example.com', 'bob@example.com'].map((e) => detail.deliveries.find((d: any) => d.address === e));
      for (const d of [a, b]) expect(d.personalVideoUrl).toBe(`${d.landingUrl}/video.mp4`);

      // Their videos: whole MP4s (their own bytes + the shared part), A/V in sync, longer than the opening alone.
      const dir = await mkdtemp(join(tmpdir(), 'personal-test-'));
      const lengths: number[] = [];
      const anon = new TestClient(t.app);
      for (const [i, d] of [a, b].entries()) {
        const path = new URL(d.personalVideoUrl).pathname;
        const whole = await t.app.handle(new Request(`http://localhost${path}`));
        expect(whole.headers.get('content-type')).toBe('video/mp4');
        expect(whole.headers.get('accept-ranges')).toBe('bytes');
        const bytes = new Uint8Array(await whole.arrayBuffer());
        expect(Number(whole.headers.get('content-length'))).toBe(bytes.length);
        const file = join(dir, `${i}.mp4`);
        await Bun.write(file, bytes);
        const info = await probe(file);
        expect(info.video?.codec).toBe('h264');
        expect(Math.abs((info.audio?.durationSec ?? 0) - (info.video?.durationSec ?? 0))).toBeLessThanOrEqual(0.03);
        lengths.push(info.durationSec);
        // Byte ranges across the join (a player seeking): the same bytes as the whole.
        const from = bytes.length - 70_000 > 0 ? bytes.length - 70_000 : 10;
        const part = await t.app.handle(new Request(`http://localhost${path}`, { headers: { range: `bytes=${from}-${from + 49_999}` } }));
        expect(part.status).toBe(206);
        expect(part.headers.get('content-range')).toBe(`bytes ${from}-${Math.min(from + 49_999, bytes.length - 1)}/${bytes.length}`);
        expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.subarray(from, from + 50_000));
        expect((await t.app.handle(new Request(`http://localhost${path}`, { headers: { range: `bytes=${bytes.length}-` } }))).status).toBe(416);
        // Their captions, poster and GIF, by the same token.
        const vtt = await anon.get(`${new URL(d.landingUrl).pathname}/captions.vtt`);
        const name = i === 0 ? 'Alice' : 'Bob';
        expect(vtt.data).toContain(`Hi ${name}.`);
        expect(vtt.data).toContain('saves you hours');
        expect(vtt.data).toContain(`See you soon, ${name}!`);
        expect(vtt.data.indexOf('saves you hours')).toBeLessThan(vtt.data.indexOf('See you soon'));
        const gif = await t.app.handle(new Request(`http://localhost${new URL(d.landingUrl).pathname}/preview.gif`));
        expect(gif.headers.get('content-type')).toBe('image/gif');
        expect((await gif.arrayBuffer()).byteLength).toBeLessThanOrEqual(1024 * 1024);
      }
      expect(Math.min(...lengths)).toBeGreaterThan(1.5);
      // Another user's token does not exist; an unknown file name is not served.
      expect((await anon.get('/v/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/video.mp4')).status).toBe(404);
      expect((await anon.get(`${new URL(a.landingUrl).pathname}/secrets.txt`)).status).toBe(404);

      // The landing page plays Alice's own video from its first frame (never the e-mail's poster, with its drawn
      // button) with her captions; her e-mail shows her GIF, and her JPEG to Outlook.
      const page = (await anon.get(new URL(a.landingUrl).pathname)).data as string;
      const token = new URL(a.landingUrl).pathname.split('/').pop();
      expect(page).toContain(`src="/v/${token}/video.mp4#t=0.001"`);
      expect(page).not.toContain('poster=');
      expect(page).toContain(`<track kind="captions" srclang="en" label="Captions" src="/v/${token}/captions.vtt">`);
      // Under the player, her transcript: her own captions' lines in order, each playing from its time.
      const transcript = page.slice(page.indexOf('<section class="transcript"'));
      expect(transcript).toContain('<h2 id="transcript-h">Transcript</h2>');
      const spoken = [
        ...transcript.matchAll(/<li data-start="([\d.]+)"[^>]*><button type="button" class="at" data-t="([\d.]+)">[^<]+<\/button> <span>([^<]*)<\/span>/g),
      ];
      const said = spoken.map((m) => m[3]).join(' ');
      expect(said).toContain('Hi Alice.');
      expect(said.indexOf('saves you hours')).toBeGreaterThan(said.indexOf('Hi Alice.'));
      expect(said.indexOf('See you soon, Alice!')).toBeGreaterThan(said.indexOf('saves you hours'));
      expect(said).not.toContain('Bob');
      const starts = spoken.map((m) => Number(m[1]));
      expect(starts).toEqual([...starts].sort((x, y) => x - y));
      expect(spoken.every((m) => m[1] === m[2])).toBe(true);
      const inbox = (await client.get('/api/sandbox/inbox?channel=email')).data.messages as { to: string; html: string; meta: any }[];
      const mail = inbox.find((m) => m.to.includes('alice@example.com'))!;
      expect(mail.html).toContain(`<!--[if mso]><img src="http://localhost/v/${token}/poster.jpg"`);
      expect(mail.html).toContain(`<!--[if !mso]><!--><img src="http://localhost/v/${token}/preview.gif"`);
      expect(mail.meta.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    },
    RENDER_WAIT_MS + 60_000,
  );
});
