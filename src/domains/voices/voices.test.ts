import { beforeAll, describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probe } from '../../media/ffmpeg';
import type { Voice } from '../../server/providers/tts/types';
import { signedInClient, TestClient, testApp } from '../../test/harness';
import { installedVoices } from '../../media/voice-catalogue';
import { defaultVoiceId, firstSentence } from './service';

let app: Awaited<ReturnType<typeof testApp>>['app'];
let deps: Awaited<ReturnType<typeof testApp>>['deps'];
beforeAll(async () => {
  ({ app, deps } = await testApp());
  // The first file to open the shared database migrates it: slow on a loaded machine.
}, 60_000);

describe('GET /api/voices', () => {
  test('every voice with the spec’s fields; stock avatars default to the most intelligible female English voice', async () => {
    const { client } = await signedInClient(app);
    const res = await client.get('/api/voices');
    expect(res.status).toBe(200);
    const { voices, defaultVoiceId: def } = res.data;
    expect(voices.length).toBe(installedVoices().length);
    // Every engine side by side, its name shown; each language's measured best is recommended.
    expect(new Set(voices.map((v: { engineName: string }) => v.engineName))).toContain('Flite');
    expect(voices.filter((v: { recommended: boolean }) => v.recommended).map((v: { id: string }) => v.id)).toContain('local-en-flite-rms');
    expect(voices.find((v: { id: string }) => v.id === 'local-pt-female').recommended).toBe(true);
    expect(new Set(voices.map((v: { language: string }) => v.language))).toEqual(new Set(['en', 'fr', 'es', 'de', 'it', 'pt']));
    for (const v of voices) {
      expect(v.previewUrl).toBe(`/api/voices/${v.id}/preview.m4a`);
      expect(v.previewAudio).toBe(v.previewUrl);
      // (Bun's toMatchObject writes its matchers into the object: keep it last.)
      expect(v).toMatchObject({
        id: expect.any(String),
        name: expect.any(String),
        gender: expect.stringMatching(/^(male|female)$/),
        provider: 'local',
        premium: false,
      });
    }
    expect(def).toBe('local-en-flite-slt');
    expect(voices.filter((v: { default: boolean }) => v.default).map((v: { id: string }) => v.id)).toEqual([def]);
    expect((await client.get('/api/voices?avatarId=stock-3')).data.defaultVoiceId).toBe(def);
    expect((await client.get('/api/voices?isCustom=false')).data.defaultVoiceId).toBe(def);
    expect((await new TestClient(app).get('/api/voices')).status).toBe(401);
  });

  test('custom avatars default to a premium voice, else the first one', async () => {
    const { client } = await signedInClient(app);
    const first = (await client.get('/api/voices')).data.voices[0].id;
    expect((await client.get('/api/voices?isCustom=true')).data.defaultVoiceId).toBe(first);
    expect((await client.get('/api/voices?avatarId=custom-avatar-abc')).data.defaultVoiceId).toBe(first);
    expect((await client.get('/api/voices?avatarId=custom_abc')).data.defaultVoiceId).toBe(first);
    const voice = (id: string, over: Partial<Voice>): Voice =>
      ({
        id,
        name: id,
        gender: 'male',
        language: 'de',
        languageName: 'Deutsch',
        provider: 'local',
        premium: false,
        espeakVoice: 'de',
        previewText: '',
        ...over,
      }) as Voice;
    const list = [voice('a', {}), voice('b', { premium: true } as never), voice('c', { language: 'en', gender: 'female' })];
    expect(defaultVoiceId(list, true)).toBe('b');
    expect(defaultVoiceId(list, false)).toBe('c');
    expect(defaultVoiceId([voice('a', {})], false)).toBe('a');
  });

  test('previewUrl is a real spoken sample (AAC), rendered once, then cached and served with ranges', async () => {
    const anon = new TestClient(app);
    const t0 = performance.now();
    const first = await app.handle(new Request('http://localhost/api/voices/local-fr-male/preview.m4a'));
    const firstMs = performance.now() - t0;
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('audio/mp4');
    expect(first.headers.get('cache-control')).toContain('immutable');
    const dir = await mkdtemp(join(tmpdir(), 'voice-test-'));
    await Bun.write(join(dir, 'p.m4a'), await first.arrayBuffer());
    const info = await probe(join(dir, 'p.m4a'));
    expect(info.audio?.codec).toBe('aac');
    expect(info.durationSec).toBeGreaterThan(1);
    const t1 = performance.now();
    const again = await anon.get('/api/voices/local-fr-male/preview.m4a', { range: 'bytes=0-99' });
    expect(again.status).toBe(206);
    expect(performance.now() - t1).toBeLessThan(Math.max(100, firstMs / 3));
    expect((await anon.get('/api/voices/robot/preview.m4a')).status).toBe(404);
    // eSpeak + an AAC encode: a few seconds on a busy machine.
  }, 30_000);

  test('tRPC voices.list', async () => {
    const { client } = await signedInClient(app);
    const res = await client.trpc('query', 'voices.list', { isCustom: true });
    expect(res.data.result.data.voices).toHaveLength(installedVoices().length);
  });

  test('a new engine’s voice has its own spoken preview in its language', async () => {
    const res = await app.handle(new Request('http://localhost/api/voices/local-en-flite-slt/preview.m4a'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mp4');
    expect(new TextDecoder().decode(new Uint8Array(await res.arrayBuffer()).subarray(4, 8))).toBe('ftyp');
  }, 30_000);
});

describe('POST /api/voices/:id/hear', () => {
  test('the first sentence of the script, capped at a word', () => {
    expect(firstSentence('Hi {{firstName}}, thanks for watching. Our team helps.')).toBe('Hi , thanks for watching.');
    expect(firstSentence('¿Hola María? Te escribo.')).toBe('¿Hola María?');
    expect(firstSentence('No stop here\nsecond line')).toBe('No stop here');
    expect(firstSentence('word '.repeat(100)).length).toBeLessThanOrEqual(200);
    expect(firstSentence('  {{name}} ... ')).toBe('');
  });

  test('the chosen voice says the first sentence: real audio, cached per workspace, rate-limited', async () => {
    const a = await signedInClient(app);
    const b = await signedInClient(app);
    const text = 'Hello there, this is a short sample. The second sentence is not spoken.';
    const first = await a.client.post('/api/voices/local-en-flite-slt/hear', { text });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('audio/mp4');
    expect(String(first.data).slice(4, 8)).toBe('ftyp');
    const digest = createHash('sha256').update('local-en-flite-slt\nHello there, this is a short sample.').digest('hex').slice(0, 32);
    const stored = (workspaceId: string) => deps.providers.storage.open(`cache/voice-hear/v1/${workspaceId}/local/${digest}.m4a`);
    expect(await stored(a.scope.workspaceId)).not.toBeNull();
    // Another workspace's sample is its own: nothing is shared until B asks, then B has its copy.
    expect(await stored(b.scope.workspaceId)).toBeNull();
    expect((await b.client.post('/api/voices/local-en-flite-slt/hear', { text })).status).toBe(200);
    expect(await stored(b.scope.workspaceId)).not.toBeNull();
    // Input errors: no sentence → 400 with a message; an unknown voice → 404; signed out → 401.
    const empty = await a.client.post('/api/voices/local-en-flite-slt/hear', { text: '  {{firstName}} ' });
    expect(empty.status).toBe(400);
    expect(empty.data.message).toContain('script');
    expect((await a.client.post('/api/voices/robot/hear', { text })).status).toBe(404);
    expect((await new TestClient(app).post('/api/voices/local-en-flite-slt/hear', { text })).status).toBe(401);
    // 20 a minute per workspace: A has used 1 (refused input counts nothing), so of 20 concurrent
    // cached calls 19 pass and 1 is refused.
    const burst = await Promise.all(Array.from({ length: 20 }, () => a.client.post('/api/voices/local-en-flite-slt/hear', { text })));
    expect(burst.filter((r) => r.status === 200)).toHaveLength(19);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(1);
  }, 60_000);
});
