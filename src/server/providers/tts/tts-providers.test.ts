import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MediaError } from '../../../media/errors';
import { synthesizeMany } from '../../../media/tts';
import type { SpeechResult } from '../../../media/tts';
import { decodeWav } from '../../../media/wav';
import { createElevenLabsTts } from './elevenlabs';
import { startElevenLabsFake, startOpenAiSpeechFake } from '../../../test/fakes/tts/speech-fakes';
import { createOpenAiTts } from './openai';

const dir = await mkdtemp(join(tmpdir(), 'tts-providers-'));
const openai = startOpenAiSpeechFake({ apiKey: 'sk-test-123456' });
const bareOpenai = startOpenAiSpeechFake({ listVoices: false });
const eleven = startElevenLabsFake({ apiKey: 'el-key' });
afterAll(async () => {
  for (const f of [openai, bareOpenai, eleven]) f.stop();
  await rm(dir, { recursive: true, force: true });
});

const SCRIPT = 'Hello Maria, thanks for your time today. Here is a quick idea for your team.';

/** What the fakes really said, and when: eSpeak at their rate and pitch. */
async function truth(voiceId: string): Promise<SpeechResult> {
  const [r] = await synthesizeMany([{ text: SCRIPT, voiceId, rate: 140, pitch: 35, workDir: dir, fileName: `truth-${voiceId}.wav` }]);
  return r!;
}

function expectTimed(result: SpeechResult, reference: SpeechResult, toleranceMs: number) {
  const pcm = decodeWav(new Uint8Array(require('node:fs').readFileSync(result.wavPath)));
  expect(pcm.samples.length / pcm.sampleRate).toBeCloseTo(reference.durationSec, 1);
  expect(result.words.map((w) => w.text)).toEqual(reference.words.map((w) => w.text));
  const errors = result.words.map((w, i) => Math.abs(w.startSec - reference.words[i]!.startSec) * 1000).sort((a, b) => a - b);
  expect(errors[Math.floor(errors.length / 2)]!).toBeLessThan(toleranceMs);
  expect(result.phonemes.length).toBeGreaterThan(30);
  for (let i = 1; i < result.phonemes.length; i++) expect(result.phonemes[i]!.startSec).toBeGreaterThanOrEqual(result.phonemes[i - 1]!.startSec - 1e-6);
}

describe('OpenAI-compatible speech', () => {
  const tts = createOpenAiTts({ baseUrl: openai.url, apiKey: 'sk-test-123456', model: 'kokoro', timeoutMs: 20_000 });

  test('voices come from the server (Kokoro names → language and gender), languages the app lacks left out', async () => {
    const voices = await tts.voices();
    expect(voices.map((v) => [v.id, v.language, v.gender, v.provider])).toEqual([
      ['openai-af_bella', 'en', 'female', 'openai'],
      ['openai-am_adam', 'en', 'male', 'openai'],
      ['openai-ff_siwis', 'fr', 'female', 'openai'],
    ]);
    const bare = await createOpenAiTts({ baseUrl: bareOpenai.url }).voices();
    expect(bare.map((v) => v.id)).toContain('openai-nova');
  });

  test('speaks through POST /audio/speech and aligns eSpeak’s timeline onto the real audio', async () => {
    const [result] = await tts.synthesizeMany([{ text: SCRIPT, voiceId: 'openai-am_adam', workDir: dir, fileName: 'oa.wav' }]);
    const call = openai.requests.find((r) => r.path === '/v1/audio/speech')!;
    expect(call.auth).toBe('Bearer sk-test-123456');
    expect(call.body).toEqual({ model: 'kokoro', input: SCRIPT, voice: 'am_adam', response_format: 'wav' });
    // No timings come back: the words are placed by aligning eSpeak's own rendition onto the audio.
    expectTimed(result!, await truth('local-en-male'), 60);
  }, 30_000);

  test('local eSpeak voices still speak (videos made before the switch)', async () => {
    expect(await tts.languageOf('local-fr-female')).toBe('fr');
    const [r] = await tts.synthesizeMany([{ text: 'Bonjour.', voiceId: 'local-fr-female', workDir: dir, fileName: 'local.wav' }]);
    expect(r!.durationSec).toBeGreaterThan(0.3);
  });

  test('failures name the voice provider; server errors and timeouts may be retried, refusals may not', async () => {
    openai.mode = { kind: 'status', status: 503, message: 'model is loading' };
    const busy = await tts.synthesizeMany([{ text: 'Hi.', voiceId: 'openai-af_bella', workDir: dir }]).catch((e) => e);
    expect(busy).toBeInstanceOf(MediaError);
    expect(busy).toMatchObject({ code: 'TTS_FAILED', message: 'The voice provider OpenAI-compatible speech failed: model is loading' });
    const wrongKey = await createOpenAiTts({ baseUrl: openai.url, apiKey: 'sk-wrong-000000', timeoutMs: 5000 })
      .synthesizeMany([{ text: 'Hi.', voiceId: 'openai-af_bella', workDir: dir }])
      .catch((e) => e);
    openai.mode = { kind: 'hang' };
    const slow = await createOpenAiTts({ baseUrl: openai.url, apiKey: 'sk-test-123456', timeoutMs: 800 })
      .synthesizeMany([{ text: 'Hi.', voiceId: 'openai-nova', workDir: dir }])
      .catch((e) => e);
    openai.mode = { kind: 'ok' };
    expect(slow).toMatchObject({ code: 'TTS_FAILED' });
    expect(String(slow.message)).toContain('OpenAI-compatible speech');
    expect(wrongKey).toMatchObject({ code: 'INVALID_INPUT' });
    expect(String(wrongKey.message)).not.toContain('sk-wrong');
  });
});

describe('ElevenLabs', () => {
  const tts = createElevenLabsTts({ apiKey: 'el-key', baseUrl: eleven.url, timeoutMs: 20_000 });

  test('voices from GET /v1/voices, language from labels or verified languages', async () => {
    const voices = await tts.voices();
    expect(voices.map((v) => [v.name, v.language, v.gender])).toEqual([
      ['Rachel', 'en', 'female'],
      ['Adam', 'en', 'male'],
      ['Amélie', 'fr', 'female'],
    ]);
    expect(eleven.requests[0]).toMatchObject({ method: 'GET', path: '/v1/voices', auth: 'el-key' });
  });

  test('with-timestamps: PCM audio, words from the character alignment, phonemes stretched word by word', async () => {
    const [result] = await tts.synthesizeMany([{ text: SCRIPT, voiceId: 'elevenlabs-pNInz6obpgDQGcFmaJgB', workDir: dir, fileName: 'el.wav' }]);
    const call = eleven.requests.find((r) => r.path.includes('with-timestamps'))!;
    expect(call.path).toBe('/v1/text-to-speech/pNInz6obpgDQGcFmaJgB/with-timestamps?output_format=pcm_22050');
    expect(call.body).toMatchObject({ text: SCRIPT, model_id: 'eleven_multilingual_v2', language_code: 'en' });
    // The provider's own timings are used as they are (to the millisecond).
    expectTimed(result!, await truth('local-en-male'), 5);
  }, 30_000);

  test('an unknown voice or a failing service is an error naming ElevenLabs', async () => {
    const unknown = await tts.synthesizeMany([{ text: 'Hi.', voiceId: 'elevenlabs-nope', workDir: dir }]).catch((e) => e);
    expect(unknown).toMatchObject({ code: 'INVALID_INPUT', message: 'Unknown voice "elevenlabs-nope" for the voice provider ElevenLabs' });
    eleven.mode = { kind: 'status', status: 500, message: 'internal error' };
    const down = await tts.synthesizeMany([{ text: 'Hi.', voiceId: 'elevenlabs-21m00Tcm4TlvDq8ikWAM', workDir: dir }]).catch((e) => e);
    eleven.mode = { kind: 'ok' };
    expect(down).toMatchObject({ code: 'TTS_FAILED', message: 'The voice provider ElevenLabs failed: internal error' });
  });

  test('a preview is the voice really speaking, as AAC', async () => {
    const preview = await tts.preview('elevenlabs-frVoice00000000000001');
    expect(preview.mimeType).toBe('audio/mp4');
    expect(preview.durationSec).toBeGreaterThan(1.5);
    expect(eleven.requests.at(-1)?.body?.text).toBe('Bonjour, je suis Amélie. Je vais lire votre texte en français.');
  }, 30_000);
});
