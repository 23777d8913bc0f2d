import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probe, runFfmpeg } from '../../media/ffmpeg';
import { installedVoices } from '../../media/voice-catalogue';
import type { JobQueue } from '../../server/jobs/queue';
import { startElevenLabsFake, startOpenAiSpeechFake, type SpeechFake } from '../../test/fakes/tts/speech-fakes';
import { CREATIFY_FAKE_PERSONAS, startCreatifyFake, type CreatifyFake } from '../../test/fakes/video/creatify-fake';
import { DID_FAKE_PRESENTERS, startDidFake, type DidFake } from '../../test/fakes/video/d-id-fake';
import { HEYGEN_FAKE_AVATARS, startHeygenFake, type HeygenFake } from '../../test/fakes/video/heygen-fake';
import { signedInClient, type TestClient } from '../../test/harness';
import { pollUntil, settled } from '../../test/wait';
import { appFromEnv } from '../generation/fixtures/app-from-env';

// A render goes through each provider with the workspace's own key (docs/decisions/220): a talking
// video spoken by ElevenLabs (timings from its with-timestamps answer) and by an OpenAI-compatible
// server, and a video rendered by HeyGen, D-ID and Creatify with one of their own avatars. Two
// workspaces with different keys each reach the vendor with their own; "Clone my voice" adds a voice
// to the workspace that cloned it.

const dir = mkdtempSync(join(tmpdir(), 'integration-renders-'));
let eleven: SpeechFake;
let speech: SpeechFake;
let heygen: HeygenFake;
let did: DidFake;
let creatify: CreatifyFake;
let app: Awaited<ReturnType<typeof appFromEnv>>['app'];
let queue: JobQueue;
let a: TestClient;
let b: TestClient;

const KEYS = {
  a: { el: 'el-workspace-a', sk: 'sk-workspace-a', heygen: 'heygen-workspace-a', did: 'did-workspace-a', creatify: 'creatify-workspace-a' },
  b: { el: 'el-workspace-b', sk: 'sk-workspace-b', heygen: 'heygen-workspace-b', did: 'did-workspace-b', creatify: 'creatify-workspace-b' },
};

beforeAll(async () => {
  eleven = startElevenLabsFake({ apiKey: [KEYS.a.el, KEYS.b.el] });
  speech = startOpenAiSpeechFake({ apiKey: [KEYS.a.sk, KEYS.b.sk] });
  [heygen, did, creatify] = await Promise.all([
    startHeygenFake({ apiKey: KEYS.a.heygen, moreKeys: [KEYS.b.heygen] }),
    startDidFake({ apiKey: KEYS.a.did, moreKeys: [KEYS.b.did] }),
    startCreatifyFake({ apiKey: KEYS.a.creatify, moreKeys: [KEYS.b.creatify] }),
  ]);
  const own = await appFromEnv({
    ELEVENLABS_BASE_URL: eleven.url,
    HEYGEN_BASE_URL: heygen.url,
    DID_BASE_URL: did.url,
    CREATIFY_BASE_URL: creatify.url,
    FETCH_ALLOW_PRIVATE: 'true',
    TRUST_PROXY: '1',
    TTS_TIMEOUT_SECONDS: '20',
  });
  ({ app, queue } = own);
  a = own.client;
  b = (await signedInClient(app)).client;
  for (const [client, k] of [
    [a, KEYS.a],
    [b, KEYS.b],
  ] as const) {
    for (const input of [
      { provider: 'elevenlabs', apiKey: k.el },
      { provider: 'openai-speech', baseUrl: speech.url, apiKey: k.sk, model: 'kokoro' },
      { provider: 'heygen', apiKey: k.heygen },
      { provider: 'd-id', apiKey: k.did },
      { provider: 'creatify', apiId: creatify.apiId, apiKey: k.creatify },
    ]) {
      const r = await client.trpc('mutation', 'integrations.save', input);
      expect(r.data.result.data.connection.status).toBe('connected');
    }
  }
}, 90_000);

afterAll(async () => {
  await queue?.stop({ graceful: false, timeoutMs: 1000 });
  for (const f of [eleven, speech, heygen, did, creatify]) f?.stop();
});

let lastVideoId = '';

async function render(client: TestClient, body: Record<string, unknown>) {
  const started = await client.post('/api/avatars/talk', { captions: 'none', ...body });
  expect(started.status).toBe(201);
  const st = await pollUntil(client, `/api/videos/${started.data.videoId}/status`, settled, 90_000);
  expect(st.data).toMatchObject({ status: 'completed' });
  lastVideoId = started.data.videoId;
  const bytes = await (await app.handle(new Request(`http://localhost${st.data.url}`, { headers: { cookie: client.cookie } }))).arrayBuffer();
  const file = join(dir, `${started.data.videoId}.mp4`);
  await Bun.write(file, bytes);
  return probe(file);
}

type V = { id: string; provider: string; engineName: string };

describe("the workspace's voices", () => {
  test("each provider's voices beside the offline ones, with the provider's name", async () => {
    const { voices } = (await a.get('/api/voices')).data;
    expect(voices.filter((v: V) => v.provider === 'local')).toHaveLength(installedVoices().length);
    expect(voices.filter((v: V) => v.provider !== 'local').map((v: V) => [v.id, v.engineName])).toEqual([
      ['elevenlabs-21m00Tcm4TlvDq8ikWAM', 'ElevenLabs'],
      ['elevenlabs-pNInz6obpgDQGcFmaJgB', 'ElevenLabs'],
      ['elevenlabs-frVoice00000000000001', 'ElevenLabs'],
      ['openai-af_bella', 'OpenAI-compatible'],
      ['openai-am_adam', 'OpenAI-compatible'],
      ['openai-ff_siwis', 'OpenAI-compatible'],
    ]);
  });

  test('a talking video through ElevenLabs with timestamps, each workspace with its own key', async () => {
    for (const [client, key] of [
      [a, KEYS.a.el],
      [b, KEYS.b.el],
    ] as const) {
      const before = eleven.requests.length;
      const info = await render(client, {
        avatarId: 'stock-3',
        script: 'Hello Sam, this voice comes from ElevenLabs.',
        voiceId: 'elevenlabs-pNInz6obpgDQGcFmaJgB',
      });
      expect(info.audio?.codec).toBe('aac');
      const spoken = eleven.requests.slice(before).filter((r) => r.path.includes('/with-timestamps'));
      expect(spoken.length).toBeGreaterThan(0);
      expect(spoken.every((r) => r.auth === key)).toBe(true);
    }
  }, 120_000);

  test('a talking video through the OpenAI-compatible server, each workspace with its own key', async () => {
    for (const [client, key] of [
      [a, KEYS.a.sk],
      [b, KEYS.b.sk],
    ] as const) {
      const before = speech.requests.length;
      const info = await render(client, { avatarId: 'stock-5', script: 'Hello Sam, this voice comes from Kokoro.', voiceId: 'openai-am_adam' });
      expect(info.audio?.codec).toBe('aac');
      const spoken = speech.requests.slice(before).filter((r) => r.path === '/v1/audio/speech');
      expect(spoken.map((r) => [r.auth, r.body.voice, r.body.model])).toEqual([[`Bearer ${key}`, 'am_adam', 'kokoro']]);
    }
  }, 120_000);
});

describe("the workspace's video providers", () => {
  test("their avatars are in the library beside ours, with the provider's name", async () => {
    const res = await a.get('/api/avatars?category=provider&limit=100');
    expect(res.status).toBe(200);
    expect(res.data.avatars.map((x: { id: string; providerName: string; type: string }) => [x.id, x.providerName, x.type])).toEqual([
      ...HEYGEN_FAKE_AVATARS.map((x) => [`heygen-${x.avatar_id}`, 'HeyGen', 'provider']),
      ...DID_FAKE_PRESENTERS.map((x) => [`did-${x.presenter_id}`, 'D-ID', 'provider']),
      ...CREATIFY_FAKE_PERSONAS.map((x) => [`creatify-${x.id}`, 'Creatify', 'provider']),
    ]);
    // Our own avatars are still there, after the providers'.
    const all = await a.get('/api/avatars?limit=100');
    expect(all.data.pagination.total).toBe(res.data.pagination.total + (await a.get('/api/avatars?type=stock&limit=1')).data.pagination.total);
  });

  test('a render with a HeyGen avatar goes to HeyGen with the workspace’s key; the other workspace’s with its own', async () => {
    const avatar = HEYGEN_FAKE_AVATARS[0]!.avatar_id;
    for (const [client, key] of [
      [a, KEYS.a.heygen],
      [b, KEYS.b.heygen],
    ] as const) {
      const before = heygen.requests.length;
      const info = await render(client, { avatarId: `heygen-${avatar}`, script: 'Hello from HeyGen.' });
      expect(info.video).toBeTruthy();
      const calls = heygen.requests.slice(before);
      expect(calls.some((r) => r.path === '/v2/video/generate')).toBe(true);
      expect(calls.every((r) => r.key === key)).toBe(true);
      const job = [...heygen.jobs.values()].at(-1)!;
      expect((job.request.video_inputs as { character: { avatar_id: string } }[])[0]!.character.avatar_id).toBe(avatar);
    }
  }, 120_000);

  test('a video made with a provider’s avatar is sent as it is: it cannot be personalised per recipient here', async () => {
    await render(a, { avatarId: `heygen-${HEYGEN_FAKE_AVATARS[1]!.avatar_id}`, script: 'Hello from HeyGen again.' });
    const script = 'Hi {first_name}. Thanks for your time.';
    const preview = await a.trpc('query', 'distribution.preview', { videoId: lastVideoId, script, platforms: ['email'] });
    expect(preview.data.result.data).toMatchObject({ personalised: false, sharedBecause: 'notRendered' });
    const refused = await a.post(`/api/videos/${lastVideoId}/distribute`, { platforms: ['email'], contactIds: ['c1'], personalizeVideo: true, script });
    expect(refused).toMatchObject({ status: 400, data: { message: 'This video cannot be personalised: only videos rendered in the app can be' } });
  }, 60_000);

  test('D-ID and Creatify render their own avatars with the workspace’s keys', async () => {
    const presenter = DID_FAKE_PRESENTERS[1]!.presenter_id;
    let before = did.requests.length;
    await render(b, { avatarId: `did-${presenter}`, script: 'Hello from D-ID.' });
    expect(did.requests.slice(before).every((r) => r.key === `Basic ${KEYS.b.did}`)).toBe(true);
    expect([...did.jobs.values()].at(-1)!.request.presenter_id).toBe(presenter);
    const persona = CREATIFY_FAKE_PERSONAS[0]!.id;
    before = creatify.requests.length;
    await render(a, { avatarId: `creatify-${persona}`, script: 'Hello from Creatify.' });
    expect(creatify.requests.slice(before).every((r) => r.key === KEYS.a.creatify)).toBe(true);
    expect([...creatify.jobs.values()].at(-1)!.request.creator).toBe(persona);
  }, 120_000);

  test('a provider avatar of a vendor the workspace has not connected is refused with a sentence', async () => {
    const { client } = await signedInClient(app);
    const res = await client.post('/api/avatars/talk', { avatarId: `heygen-${HEYGEN_FAKE_AVATARS[0]!.avatar_id}`, script: 'Hello.' });
    expect(res.status).toBe(400);
    expect(res.data.message).toBe('HeyGen is not connected in this workspace: connect it in Settings → Integrations');
    expect((await client.get('/api/avatars?category=provider')).data.avatars).toEqual([]);
    expect((await a.post('/api/avatars/talk', { avatarId: 'heygen-nobody', script: 'Hello.' })).status).toBe(404);
  });
});

describe('Clone my voice', () => {
  test("a recorded sample goes to ElevenLabs' instant voice cloning; the voice joins that workspace's list only", async () => {
    const sample = join(dir, 'sample.webm');
    // A browser's recording: Opus in WebM, 25 seconds.
    await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=180:duration=25', '-c:a', 'libopus', sample], { timeoutMs: 30_000 });
    const form = new FormData();
    form.set('name', 'My voice');
    form.set('sample', new Blob([await Bun.file(sample).arrayBuffer()], { type: 'audio/webm' }), 'recording.webm');
    const res = await a.post('/api/integrations/elevenlabs/voices', form);
    expect(res.status).toBe(201);
    expect(res.data).toEqual({ voiceId: expect.stringMatching(/^elevenlabs-clonedVoice/), name: 'My voice' });
    const call = eleven.requests.find((r) => r.path === '/v1/voices/add')!;
    expect(call.auth).toBe(KEYS.a.el);
    expect(call.body.name).toEqual(['My voice']);
    expect(call.body.files).toHaveLength(1);
    expect(call.body.files[0]).toMatchObject({ name: 'sample.wav', type: expect.stringMatching(/^audio\/(x-)?wav$/) });
    // 25 s of 44.1 kHz mono 16-bit PCM.
    expect(Math.abs(call.body.files[0].size - 25 * 44_100 * 2)).toBeLessThan(4096);
    const mine = (await a.get('/api/voices')).data.voices.find((v: V) => v.id === res.data.voiceId);
    expect(mine).toMatchObject({ name: 'My voice', engineName: 'ElevenLabs' });
    expect((await b.get('/api/voices')).data.voices.some((v: V) => v.id === res.data.voiceId)).toBe(false);
  }, 60_000);

  test('a sample too short, or not sound, is refused with a sentence; without its own ElevenLabs the workspace is told', async () => {
    const short = join(dir, 'short.wav');
    await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=180:duration=5', short], { timeoutMs: 30_000 });
    const send = (client: TestClient, bytes: ArrayBuffer | Uint8Array<ArrayBuffer>) => {
      const form = new FormData();
      form.set('name', 'Me');
      form.set('sample', new Blob([bytes]), 'sample.wav');
      return client.post('/api/integrations/elevenlabs/voices', form);
    };
    const tooShort = await send(a, await Bun.file(short).arrayBuffer());
    expect(tooShort).toMatchObject({ status: 400, data: { message: 'The sample must last at least 20 seconds' } });
    const text = await send(a, new TextEncoder().encode('not a recording at all'));
    expect(text).toMatchObject({ status: 400, data: { message: 'The sample must be an audio recording (WAV, MP3, M4A, WebM or Ogg)' } });
    const { client } = await signedInClient(app);
    const none = await send(client, await Bun.file(short).arrayBuffer());
    expect(none).toMatchObject({ status: 400, data: { message: "Connect this workspace's own ElevenLabs account to clone a voice" } });
  }, 60_000);
});
