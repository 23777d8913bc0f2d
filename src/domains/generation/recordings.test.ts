import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { encodeWav } from '../../media/wav';
import { files } from '../files/tables';
import { PNG_1x1 } from '../../test/fixtures';
import { signedInClient, testApp, type TestClient } from '../../test/harness';
import { pollUntil, settled } from '../../test/wait';
import { bestMatch, envelope, fakeTakes, speechPart } from '../../test/recording';
import { decodeSound, soundFigures } from '../../test/sound';
import { RECORDING_MESSAGES } from './schemas';

// The rep's own voice through the API (decision 221): takes are checked by what they hold and capped,
// a recording is the workspace's, a render with it speaks with the takes (and the chosen voice for the
// sentence with a variable), and the recording must still match the script.

let ctx: Awaited<ReturnType<typeof testApp>>;
const dir = await mkdtemp(join(tmpdir(), 'recordings-api-'));
beforeAll(async () => {
  ctx = await testApp();
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const SENTENCES = ['Hi Sam, thanks for your time today.', 'Here is a quick idea for your team.'];
await mkdir(join(dir, 'takes'), { recursive: true });
const takes = await fakeTakes(SENTENCES, join(dir, 'takes'), { gainsDb: [-12, -3] });

/** A multipart body: one "text" and one "take" per sentence. */
function form(pairs: { text: string; bytes: Uint8Array; type?: string }[]): FormData {
  const fd = new FormData();
  for (const [i, p] of pairs.entries()) {
    fd.append('text', p.text);
    fd.append('take', new File([p.bytes as Uint8Array<ArrayBuffer>], `take-${i}.webm`, { type: p.type ?? 'audio/webm' }));
  }
  return fd;
}
const takeBytes = async (i: number) => new Uint8Array(await Bun.file(takes[i]!.path).arrayBuffer());
const tone = (seconds: number, amplitude = 6000) =>
  encodeWav({
    sampleRate: 16_000,
    samples: Int16Array.from({ length: 16_000 * seconds }, (_, i) => Math.round(amplitude * Math.sin((2 * Math.PI * 220 * i) / 16_000))),
  });

async function upload(client: TestClient) {
  const res = await client.post('/api/voice-recordings', form(await Promise.all(SENTENCES.map(async (text, i) => ({ text, bytes: await takeBytes(i) })))));
  expect(res.status).toBe(201);
  return res.data as { id: string; durationSec: number; sentences: { text: string; durationSec: number }[] };
}

describe('POST /api/voice-recordings', () => {
  test('stores the takes of the browser (WebM/Opus) with their sentences and lengths', async () => {
    const { client } = await signedInClient(ctx.app);
    const rec = await upload(client);
    expect(rec.id).toMatch(/^rec-/);
    expect(rec.sentences.map((s) => s.text)).toEqual(SENTENCES);
    for (const s of rec.sentences) expect(s.durationSec).toBeGreaterThan(2);
    expect(rec.durationSec).toBeCloseTo(rec.sentences[0]!.durationSec + rec.sentences[1]!.durationSec, 2);
  });

  test('refuses what is not a take: other content (400), silence, no sound, wrong pairs, variables, too large (413) or too long (400)', async () => {
    const { client } = await signedInClient(ctx.app);
    const stored = async () => (await ctx.deps.db.select().from(files).where(eq(files.kind, 'voice-recording'))).length;
    const before = await stored();
    const refused = async (body: FormData, status: number, message: string) => {
      const res = await client.post('/api/voice-recordings', body);
      expect([res.status, res.data]).toEqual([status, { message }]);
    };
    await refused(form([{ text: 'Hello there.', bytes: new TextEncoder().encode('not a recording at all') }]), 400, RECORDING_MESSAGES.type);
    await refused(form([{ text: 'Hello there.', bytes: PNG_1x1, type: 'audio/wav' }]), 400, RECORDING_MESSAGES.type);
    // A WAV header over nothing but zeros: a muted microphone.
    await refused(form([{ text: 'Hello there.', bytes: encodeWav({ sampleRate: 16_000, samples: new Int16Array(16_000) }) }]), 400, RECORDING_MESSAGES.silent);
    // The right magic bytes and nothing readable after them.
    const broken = new Uint8Array(await takeBytes(0)).slice(0, 400);
    await refused(form([{ text: 'Hello there.', bytes: broken }]), 400, RECORDING_MESSAGES.unreadable);
    const pairs = form([{ text: 'Hello there.', bytes: tone(1) }]);
    pairs.append('text', 'One more.');
    await refused(pairs, 400, RECORDING_MESSAGES.pairs);
    await refused(new FormData(), 400, RECORDING_MESSAGES.noTakes);
    await refused(form([{ text: 'Hi {first_name}.', bytes: tone(1) }]), 400, RECORDING_MESSAGES.variable);
    // Bytes: over 10 MB a take (413, as every upload over its size); length: 12 s for a 12-character sentence (at most 11 s).
    const big = new Uint8Array(10 * 1024 * 1024 + 10);
    big.set(tone(1));
    await refused(form([{ text: 'Hello there.', bytes: big }]), 413, RECORDING_MESSAGES.takeBytes);
    await refused(form([{ text: 'Hello there.', bytes: tone(12) }]), 400, RECORDING_MESSAGES.takeTooLong(1, 8 + 12 * 0.25));
    // Nothing was stored by the refusals.
    expect(await stored()).toBe(before);
  });
});

describe('a render with the recording', () => {
  test('another workspace’s recording is not found (404); a recording of another script is refused (400)', async () => {
    const a = await signedInClient(ctx.app);
    const b = await signedInClient(ctx.app);
    const rec = await upload(a.client);
    const script = SENTENCES.join(' ');
    const theirs = await b.client.post('/api/avatars/talk', { avatarId: 'stock-3', script, voiceRecordingId: rec.id });
    expect([theirs.status, theirs.data]).toEqual([404, { message: 'Voice recording not found' }]);
    const edited = await a.client.post('/api/avatars/talk', { avatarId: 'stock-3', script: `${SENTENCES[0]} Here is another idea.`, voiceRecordingId: rec.id });
    expect([edited.status, edited.data]).toEqual([400, { message: RECORDING_MESSAGES.notThisScript }]);
  });

  test('the video speaks with the takes, the sentence with a variable in the chosen voice, at -16 LUFS', async () => {
    const { client } = await signedInClient(ctx.app);
    const rec = await upload(client);
    const started = await client.post('/api/avatars/talk', {
      avatarId: 'stock-10',
      voiceId: 'local-en-flite-slt',
      script: `${SENTENCES[0]} I made this for {company}. ${SENTENCES[1]}`,
      previewValues: { company: 'Acme' },
      voiceRecordingId: rec.id,
      captions: 'none',
    });
    expect(started.status).toBe(201);
    let st = await client.get(`/api/videos/${started.data.videoId}/status`);
    for (let i = 0; i < 240 && st.data.status === 'processing'; i++) {
      await Bun.sleep(250);
      st = await client.get(`/api/videos/${started.data.videoId}/status`);
    }
    expect(st.data).toMatchObject({ status: 'completed', error: null });
    const video = join(dir, `${started.data.videoId}.mp4`);
    await Bun.write(video, await (await ctx.app.handle(new Request(`http://localhost${st.data.url}`))).arrayBuffer());
    const figures = await soundFigures(video, dir);
    expect(Math.abs(figures.lufs - -16)).toBeLessThanOrEqual(1);
    expect(figures.truePeakDb).toBeLessThanOrEqual(-1);
    const sound = envelope({ sampleRate: 48_000, samples: await decodeSound(video, dir) });
    const first = bestMatch(speechPart(envelope(takes[0]!.speech)), sound);
    const second = bestMatch(speechPart(envelope(takes[1]!.speech)), sound);
    expect(first.r).toBeGreaterThanOrEqual(0.9);
    expect(second.r).toBeGreaterThanOrEqual(0.9);
    // Between the two takes, the voice says the sentence with the company's name (over a second of speech).
    const between = (second.at - (first.at + speechPart(envelope(takes[0]!.speech)).length)) / 100;
    expect(between).toBeGreaterThan(1.2);
    // The send step says who speaks the personalised sentence before anything is sent; without a recording it says nothing.
    const preview = await client.trpc('query', 'distribution.preview', { videoId: started.data.videoId });
    expect(preview.data.result.data).toMatchObject({ personalised: true, personalVoice: 'Sarah' });
    const synthetic = await client.post('/api/avatars/talk', { avatarId: 'stock-10', script: 'Hi {first_name}.', captions: 'none' });
    const plain = await client.trpc('query', 'distribution.preview', { videoId: synthetic.data.videoId });
    expect(plain.data.result.data).toMatchObject({ personalised: true, personalVoice: null });
  }, 120_000);
});

describe('personalised videos spoken with the recording', () => {
  test('each recipient’s video has the takes and their own sentence in the chosen voice', async () => {
    const { client } = await signedInClient(ctx.app);
    const rec = await upload(client);
    const started = await client.post('/api/avatars/talk', {
      avatarId: 'stock-10',
      voiceId: 'local-en-flite-slt',
      script: `${SENTENCES[0]} I made this for {company}. ${SENTENCES[1]}`,
      voiceRecordingId: rec.id,
      captions: 'soft',
    });
    expect((await pollUntil(client, `/api/videos/${started.data.videoId}/status`, settled, 90_000)).data.status).toBe('completed');
    const list = await client.post('/api/contact-lists', { name: 'Prospects' });
    await client.post(`/api/contact-lists/${list.data.id}/contacts`, { firstName: 'Alice', email: 'alice@example.com', company: 'Acme' });
    await client.post(`/api/contact-lists/${list.data.id}/contacts`, { firstName: 'Bob', email: 'bob@example.com', company: 'Globex Corporation' });
    const sent = await client.post(`/api/videos/${started.data.videoId}/distribute`, { listIds: [list.data.id], platforms: ['email'] });
    expect(sent.data).toMatchObject({ renders: 2, personalised: true });
    const done = await pollUntil(client, `/api/distributions/${sent.data.distributionId}/progress`, (p) => p.done, 120_000);
    expect(done.data).toMatchObject({ renders: { total: 2, done: 2, failed: 0 } });
    const detail = (await client.get(`/api/distributions/${sent.data.distributionId}`)).data;
    for (const [address, company] of [
      ['alice@example.com', 'Acme'],
      ['bob@example.com', 'Globex Corporation'],
    ]) {
      const d = detail.deliveries.find((x: { address: string }) => x.address === address);
      const path = new URL(d.personalVideoUrl).pathname;
      const file = join(dir, `${address}.mp4`);
      await Bun.write(file, await (await ctx.app.handle(new Request(`http://localhost${path}`))).arrayBuffer());
      const sound = envelope({ sampleRate: 48_000, samples: await decodeSound(file, dir) });
      for (const t of takes) expect(bestMatch(speechPart(envelope(t.speech)), sound).r).toBeGreaterThanOrEqual(0.9);
      const vtt = (await ctx.app.handle(new Request(`http://localhost${new URL(d.landingUrl).pathname}/captions.vtt`)).then((r) => r.text())) as string;
      expect(vtt).toContain(company.split(' ')[0] as string);
      expect(vtt).toContain('Here is a quick idea');
    }
  }, 180_000);
});
