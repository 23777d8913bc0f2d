import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probe } from '../../media/ffmpeg';
import type { JobQueue } from '../../server/jobs/queue';
import { startElevenLabsFake, type SpeechFake } from '../../test/fakes/tts/speech-fakes';
import type { TestClient } from '../../test/harness';
import { appFromEnv } from './fixtures/app-from-env';
import { pollUntil, settled } from '../../test/wait';
import { installedVoices } from '../../media/voice-catalogue';

// The app with ElevenLabs as its voice provider (TTS_PROVIDER from env, as at start-up), against the
// local ElevenLabs fake: its own database and queue, so the shared test worker never sees these jobs.

let queue: JobQueue;
let fake: SpeechFake;
let client: TestClient;
let app: Awaited<ReturnType<typeof appFromEnv>>['app'];

beforeAll(async () => {
  fake = startElevenLabsFake({ apiKey: 'el-app-key' });
  const own = await appFromEnv({
    TTS_PROVIDER: 'elevenlabs',
    ELEVENLABS_API_KEY: 'el-app-key',
    ELEVENLABS_BASE_URL: fake.url,
    TTS_TIMEOUT_SECONDS: '20',
  });
  ({ app, client, queue } = own);
  // The offline voices with ElevenLabs' beside them (docs/decisions/220).
  expect(own.providers.tts.name).toBe('combined');
  expect(own.providers.tts.label).toBe('ElevenLabs, offline voices');
}, 60_000);

afterAll(async () => {
  await queue?.stop({ graceful: false, timeoutMs: 1000 });
  fake?.stop();
});

/** Starts a talking-avatar render without captions and waits until it has completed or failed. */
async function talkUntilSettled(avatarId: string, script: string, voiceId: string) {
  const started = await client.post('/api/avatars/talk', { avatarId, script, voiceId, captions: 'none' });
  expect(started.status).toBe(201);
  const videoId: string = started.data.videoId;
  return { videoId, st: await pollUntil(client, `/api/videos/${videoId}/status`, settled, 60_000) };
}

describe('TTS_PROVIDER=elevenlabs against the ElevenLabs fake', () => {
  test("the provider's voices are listed beside the offline ones; a render speaks with the chosen one", async () => {
    const voices = await client.get('/api/voices');
    expect(voices.status).toBe(200);
    type V = { id: string; provider: string; engineName: string; language: string };
    expect(voices.data.voices.filter((v: V) => v.provider === 'elevenlabs').map((v: V) => [v.id, v.engineName])).toEqual([
      ['elevenlabs-21m00Tcm4TlvDq8ikWAM', 'ElevenLabs'],
      ['elevenlabs-pNInz6obpgDQGcFmaJgB', 'ElevenLabs'],
      ['elevenlabs-frVoice00000000000001', 'ElevenLabs'],
    ]);
    // The offline voices never disappear: every language keeps one (Portuguese has no ElevenLabs voice here).
    const offline = voices.data.voices.filter((v: V) => v.provider === 'local');
    expect(offline.length).toBe(installedVoices().length);
    expect(offline.some((v: V) => v.language === 'pt')).toBe(true);
    const { st } = await talkUntilSettled('stock-3', 'Hello Sam, this voice comes from the provider.', 'elevenlabs-pNInz6obpgDQGcFmaJgB');
    expect(st.data.status).toBe('completed');
    expect(fake.requests.some((r) => r.path.startsWith('/v1/text-to-speech/pNInz6obpgDQGcFmaJgB/with-timestamps'))).toBe(true);
    const bytes = await (await app.handle(new Request(`http://localhost${st.data.url}`, { headers: { cookie: client.cookie } }))).arrayBuffer();
    const file = join(mkdtempSync(join(tmpdir(), 'voice-video-')), 'v.mp4');
    await Bun.write(file, bytes);
    expect((await probe(file)).audio?.codec).toBe('aac');
  }, 90_000);

  test('a failing voice provider: the render is retried like any job, then fails naming the provider; nothing is served', async () => {
    fake.mode = { kind: 'status', status: 503, message: 'service unavailable' };
    const before = fake.requests.length;
    const { videoId, st } = await talkUntilSettled('stock-5', 'This voice is not available.', 'elevenlabs-21m00Tcm4TlvDq8ikWAM');
    fake.mode = { kind: 'ok' };
    expect(st.data).toMatchObject({
      status: 'failed',
      url: null,
      error: "We couldn't render this video: the voice provider ElevenLabs failed. Please try again or choose another voice.",
    });
    // Three attempts (the render job's retry limit is 2): the speech endpoint was called each time.
    const calls = fake.requests.slice(before).filter((r) => r.path.includes('with-timestamps')).length;
    expect(calls).toBe(3);
    expect((await client.get('/api/processed-videos')).data.videos.some((v: { id: string }) => v.id === videoId)).toBe(false);
  }, 90_000);
});
