import { beforeAll, describe, expect, test } from 'bun:test';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probe } from '../../media/ffmpeg';
import type { Voice } from '../../server/providers/tts/types';
import { signedInClient, TestClient, testApp } from '../../test/harness';
import { defaultVoiceId } from './service';

let app: Awaited<ReturnType<typeof testApp>>['app'];
beforeAll(async () => {
  ({ app } = await testApp());
  // The first file to open the shared database migrates it: slow on a loaded machine.
}, 60_000);

describe('GET /api/voices', () => {
  test('every voice with the spec’s fields; stock avatars default to a female English voice', async () => {
    const { client } = await signedInClient(app);
    const res = await client.get('/api/voices');
    expect(res.status).toBe(200);
    const { voices, defaultVoiceId: def } = res.data;
    expect(voices.length).toBe(12);
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
    expect(def).toBe('local-en-female');
    expect(voices.filter((v: { default: boolean }) => v.default).map((v: { id: string }) => v.id)).toEqual([def]);
    expect((await client.get('/api/voices?avatarId=stock-3')).data.defaultVoiceId).toBe('local-en-female');
    expect((await client.get('/api/voices?isCustom=false')).data.defaultVoiceId).toBe('local-en-female');
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
    expect(res.data.result.data.voices).toHaveLength(12);
  });
});
