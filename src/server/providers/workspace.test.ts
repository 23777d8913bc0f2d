import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installedVoices } from '../../media/voice-catalogue';
import { startElevenLabsFake, startOpenAiSpeechFake } from '../../test/fakes/tts/speech-fakes';
import { loadEnv } from '../env';
import type { Connection } from './connections';
import { createTts } from './tts';
import { createVideoProvider } from './video';
import { createWorkspaceProviders, type StoredConnection } from './workspace';

// The providers a workspace renders with (docs/decisions/220): the offline voices always; a provider
// the workspace connected replaces env's of the same kind there only; env's stays every other
// workspace's default; adapters are rebuilt when a connection changes.

const dir = await mkdtemp(join(tmpdir(), 'workspace-providers-'));
const eleven = startElevenLabsFake({ apiKey: ['el-env-key', 'el-own-key'] });
const speech = startOpenAiSpeechFake({ apiKey: 'sk-own' });
afterAll(async () => {
  eleven.stop();
  speech.stop();
  await rm(dir, { recursive: true, force: true });
});

const envOf = (vars: Record<string, string>) => loadEnv({ DATA_DIR: dir, NODE_ENV: 'test', FETCH_ALLOW_PRIVATE: 'true', ...vars });

function source(vars: Record<string, string>, stored: Record<string, StoredConnection[]>) {
  const env = envOf(vars);
  return createWorkspaceProviders({ env, defaults: { tts: createTts(env), video: createVideoProvider(env) }, load: async (id) => stored[id] ?? [] });
}

const own = (connection: Connection, version = 'v1'): StoredConnection => ({ connection, version });
const ids = async (p: Awaited<ReturnType<ReturnType<typeof source>>>) => (await p.tts.voices()).map((v) => v.id);

describe('a workspace’s providers', () => {
  test('env’s voice provider is every workspace’s default; a workspace’s own key replaces it there only', async () => {
    const stored = { mine: [own({ provider: 'elevenlabs', apiKey: 'el-own-key' })] };
    const forWorkspace = source({ ELEVENLABS_API_KEY: 'el-env-key', ELEVENLABS_BASE_URL: eleven.url }, stored);
    for (const [workspace, key] of [
      ['other', 'el-env-key'],
      ['mine', 'el-own-key'],
    ]) {
      const p = await forWorkspace(workspace!);
      expect(await ids(p)).toEqual([
        ...installedVoices().map((v) => v.id),
        'elevenlabs-21m00Tcm4TlvDq8ikWAM',
        'elevenlabs-pNInz6obpgDQGcFmaJgB',
        'elevenlabs-frVoice00000000000001',
      ]);
      const before = eleven.requests.length;
      await p.tts.synthesizeMany([{ text: 'Hello.', voiceId: 'elevenlabs-21m00Tcm4TlvDq8ikWAM', workDir: dir, fileName: `${workspace}.wav` }]);
      expect(eleven.requests.slice(before).map((r) => r.auth)).toEqual([key]);
    }
    expect((await forWorkspace('mine')).ownElevenLabs).toEqual({ provider: 'elevenlabs', apiKey: 'el-own-key' });
    expect((await forWorkspace('other')).ownElevenLabs).toBeUndefined();
  }, 30_000);

  test('adapters are kept per connection and rebuilt when it changes (its voice list read again)', async () => {
    const stored = { w: [own({ provider: 'openai-speech', baseUrl: speech.url, apiKey: 'sk-own' })] };
    const forWorkspace = source({}, stored);
    const lists = () => speech.requests.filter((r) => r.path === '/v1/audio/voices').length;
    const start = lists();
    await (await forWorkspace('w')).tts.voices();
    await (await forWorkspace('w')).tts.voices();
    expect(lists() - start).toBe(1);
    stored.w = [own({ provider: 'openai-speech', baseUrl: speech.url, apiKey: 'sk-own' }, 'v2')];
    await (await forWorkspace('w')).tts.voices();
    expect(lists() - start).toBe(2);
  });

  test('a provider that cannot list its voices leaves the offline ones listed, and says why for its own', async () => {
    const forWorkspace = source({ ELEVENLABS_BASE_URL: eleven.url }, { w: [own({ provider: 'elevenlabs', apiKey: 'el-revoked' })] });
    const p = await forWorkspace('w');
    expect(await ids(p)).toEqual(installedVoices().map((v) => v.id));
    expect(p.tts.unavailable?.('elevenlabs-21m00Tcm4TlvDq8ikWAM')).toBe('The voice provider ElevenLabs failed: Invalid API key');
    expect(p.tts.unavailable?.('local-en-female')).toBeUndefined();
  });

  test('env’s video provider renders stock avatars by default; a workspace’s own key for that vendor is used there', async () => {
    const env = { VIDEO_PROVIDER: 'heygen', HEYGEN_API_KEY: 'env-heygen', HEYGEN_BASE_URL: 'http://127.0.0.1:9' };
    const forWorkspace = source(env, { mine: [own({ provider: 'd-id', apiKey: 'own-did' })] });
    const other = await forWorkspace('other');
    expect(other.video.name).toBe('heygen');
    expect(other.clouds.map((c) => c.name)).toEqual(['heygen']);
    expect(other.cloud('did')).toBeUndefined();
    const mine = await forWorkspace('mine');
    expect(mine.clouds.map((c) => c.name)).toEqual(['heygen', 'did']);
    expect(mine.local.name).toBe('local');
    // Nothing configured: the local engine, no vendor.
    const plain = await source({}, {})('x');
    expect([plain.video.name, plain.clouds.length]).toEqual(['local', 0]);
  });
});

describe('with no network and nothing configured', () => {
  test('every offline voice still speaks', async () => {
    const real = globalThis.fetch;
    const calls: string[] = [];
    globalThis.fetch = ((input: string | URL | Request) => {
      calls.push(String(input));
      return Promise.reject(new TypeError('network is unreachable'));
    }) as typeof fetch;
    try {
      const p = await source({}, {})('w');
      const voices = await p.tts.voices();
      expect(voices.map((v) => v.id)).toEqual(installedVoices().map((v) => v.id));
      for (const v of voices) {
        const [r] = await p.tts.synthesizeMany([{ text: 'Hello.', voiceId: v.id, workDir: dir, fileName: `${v.id}.wav` }]);
        expect(r!.durationSec).toBeGreaterThan(0.2);
      }
      expect(calls).toEqual([]);
    } finally {
      globalThis.fetch = real;
    }
  }, 120_000);
});
