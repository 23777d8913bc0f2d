import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probe } from '../../media/ffmpeg';
import { createApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/client';
import { createDeps } from '../../server/deps';
import { loadEnv } from '../../server/env';
import { startQueue, type JobQueue } from '../../server/jobs/queue';
import { jobDefinitions } from '../../server/jobs/registry';
import { createLogger } from '../../server/log';
import { createProviders } from '../../server/providers';
import { startElevenLabsFake, type SpeechFake } from '../../server/providers/tts/fakes/speech-fakes';
import { signedInClient, type TestClient } from '../../test/harness';
import { pollUntil, settled } from '../../test/wait';

// The app with ElevenLabs as its voice provider (TTS_PROVIDER from env, as at start-up), against the
// local ElevenLabs fake: its own database and queue, so the shared test worker never sees these jobs.

let database: Database;
let queue: JobQueue;
let fake: SpeechFake;
let client: TestClient;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  fake = startElevenLabsFake({ apiKey: 'el-app-key' });
  database = openDatabase({ memory: true });
  await database.migrate();
  const dataDir = mkdtempSync(join(tmpdir(), 'avs-voices-'));
  const env = loadEnv({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    WORKER: 'off',
    TTS_PROVIDER: 'elevenlabs',
    ELEVENLABS_API_KEY: 'el-app-key',
    ELEVENLABS_BASE_URL: fake.url,
    TTS_TIMEOUT_SECONDS: '20',
  });
  const log = createLogger('error');
  queue = await startQueue(database, log);
  const providers = createProviders(env);
  expect(providers.tts.name).toBe('elevenlabs');
  const deps = createDeps({ env, db: database.db, queue, log, providers });
  await queue.work(jobDefinitions(deps));
  app = createApp(deps, { distDir: join(dataDir, 'no-dist') });
  ({ client } = await signedInClient(app));
}, 60_000);

afterAll(async () => {
  await queue?.stop({ graceful: false, timeoutMs: 1000 });
  fake?.stop();
});

describe('TTS_PROVIDER=elevenlabs against the ElevenLabs fake', () => {
  test('voices are listed from the provider; a render speaks with the chosen one', async () => {
    const voices = await client.get('/api/voices');
    expect(voices.status).toBe(200);
    expect(voices.data.voices.map((v: { id: string; provider: string }) => [v.id, v.provider])).toEqual([
      ['elevenlabs-21m00Tcm4TlvDq8ikWAM', 'elevenlabs'],
      ['elevenlabs-pNInz6obpgDQGcFmaJgB', 'elevenlabs'],
      ['elevenlabs-frVoice00000000000001', 'elevenlabs'],
    ]);
    const started = await client.post('/api/avatars/talk', {
      avatarId: 'stock-3',
      script: 'Hello Sam, this voice comes from the provider.',
      voiceId: 'elevenlabs-pNInz6obpgDQGcFmaJgB',
      captions: 'none',
    });
    expect(started.status).toBe(201);
    const st = await pollUntil(client, `/api/videos/${started.data.videoId}/status`, settled, 60_000);
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
    const started = await client.post('/api/avatars/talk', {
      avatarId: 'stock-5',
      script: 'This voice is not available.',
      voiceId: 'elevenlabs-21m00Tcm4TlvDq8ikWAM',
      captions: 'none',
    });
    expect(started.status).toBe(201);
    const st = await pollUntil(client, `/api/videos/${started.data.videoId}/status`, settled, 60_000);
    fake.mode = { kind: 'ok' };
    expect(st.data).toMatchObject({
      status: 'failed',
      url: null,
      error: "We couldn't render this video: the voice provider ElevenLabs failed. Please try again or choose another voice.",
    });
    // Three attempts (the render job's retry limit is 2): the speech endpoint was called each time.
    const calls = fake.requests.slice(before).filter((r) => r.path.includes('with-timestamps')).length;
    expect(calls).toBe(3);
    expect((await client.get('/api/processed-videos')).data.videos.some((v: { id: string }) => v.id === started.data.videoId)).toBe(false);
  }, 90_000);
});
