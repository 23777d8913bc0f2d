// Local stand-ins for the two speech APIs the TTS adapters call, shaped after their documentation.
//   OpenAI-compatible: POST /v1/audio/speech { model, input, voice, response_format } → audio bytes
//     (Bearer auth; errors `{ error: { message, type } }`); GET /v1/audio/voices → { voices: [...] }
//     as Kokoro-FastAPI serves it (OpenAI itself has no such route: `listVoices: false` answers 404).
//   ElevenLabs: GET /v1/voices → { voices: [{ voice_id, name, labels, ... }] };
//     POST /v1/text-to-speech/{voice_id}/with-timestamps?output_format=pcm_22050 { text, model_id }
//     → { audio_base64, alignment: { characters, character_start_times_seconds,
//     character_end_times_seconds }, normalized_alignment } (auth header xi-api-key; errors
//     `{ detail: { status, message } }`).
// The speech is real: eSpeak speaks it (slower and lower than the app's eSpeak voices, so the
// adapters' timing alignment has real work to do), and the character timings come from eSpeak's words.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { synthesizeMany } from '../../../media/tts';
import { decodeWav, encodeWav } from '../../../media/wav';

export type SpeechFakeMode = { kind: 'ok' } | { kind: 'status'; status: number; message: string } | { kind: 'hang' };

export type SpeechFake = {
  /** Base URL: for OpenAI-compatible it includes /v1 (as TTS_BASE_URL); for ElevenLabs it does not. */
  url: string;
  requests: { method: string; path: string; body: any; auth: string | null }[];
  mode: SpeechFakeMode;
  stop(): void;
};

/** What the fake's "voice" is: eSpeak at another rate and pitch than the app's own voices. */
async function speak(text: string, voiceId: string) {
  const dir = await mkdtemp(join(tmpdir(), 'speech-fake-'));
  try {
    const [r] = await synthesizeMany([{ text, voiceId, rate: 140, pitch: 35, workDir: dir }]);
    const pcm = decodeWav(new Uint8Array(await Bun.file(r!.wavPath).arrayBuffer()));
    return { pcm, words: r!.words };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function serve(handler: (req: Request, url: URL, fake: SpeechFake) => Promise<Response>): SpeechFake {
  const fake: SpeechFake = { url: '', requests: [], mode: { kind: 'ok' }, stop: () => server.stop(true) };
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    idleTimeout: 0,
    async fetch(req) {
      const url = new URL(req.url);
      let body: any = null;
      if (req.method === 'POST') body = await req.json().catch(() => null);
      fake.requests.push({
        method: req.method,
        path: url.pathname + url.search,
        body,
        auth: req.headers.get('authorization') ?? req.headers.get('xi-api-key'),
      });
      if (fake.mode.kind === 'hang') return new Promise<Response>(() => undefined);
      return handler(new Request(req.url, { method: req.method, headers: req.headers, body: body === null ? undefined : JSON.stringify(body) }), url, fake);
    },
  });
  fake.url = `http://127.0.0.1:${server.port}`;
  return fake;
}

const json = (body: unknown, status = 200) => Response.json(body, { status });

export function startOpenAiSpeechFake(opts: { apiKey?: string; listVoices?: boolean } = {}): SpeechFake {
  const fake = serve(async (req, url, f) => {
    const err = (status: number, message: string) => json({ error: { message, type: 'invalid_request_error', code: null } }, status);
    if (opts.apiKey && req.headers.get('authorization') !== `Bearer ${opts.apiKey}`) return err(401, 'Incorrect API key provided');
    if (f.mode.kind === 'status') return err(f.mode.status, f.mode.message);
    if (req.method === 'GET' && url.pathname === '/v1/audio/voices' && opts.listVoices !== false)
      return json({ voices: ['af_bella', 'am_adam', 'ff_siwis', 'jf_alpha'] });
    if (req.method === 'POST' && url.pathname === '/v1/audio/speech') {
      const body = (await req.json()) as { input?: string; voice?: string; model?: string; response_format?: string };
      if (!body?.input || !body.voice || !body.model) return err(400, 'input, voice and model are required');
      const { pcm } = await speak(body.input, body.voice.startsWith('f') ? 'local-fr-male' : 'local-en-male');
      return new Response(new Blob([encodeWav(pcm) as Uint8Array<ArrayBuffer>]), { headers: { 'content-type': 'audio/wav' } });
    }
    return err(404, `Unknown route ${url.pathname}`);
  });
  fake.url = `${fake.url}/v1`;
  return fake;
}

export const ELEVENLABS_FAKE_VOICES = [
  {
    voice_id: '21m00Tcm4TlvDq8ikWAM',
    name: 'Rachel',
    category: 'premade',
    labels: { gender: 'female', accent: 'american', language: 'en' },
    preview_url: 'https://example.invalid/rachel.mp3',
  },
  {
    voice_id: 'pNInz6obpgDQGcFmaJgB',
    name: 'Adam',
    category: 'premade',
    labels: { gender: 'male', accent: 'american' },
    preview_url: 'https://example.invalid/adam.mp3',
  },
  {
    voice_id: 'frVoice00000000000001',
    name: 'Amélie',
    category: 'cloned',
    labels: { gender: 'female' },
    verified_languages: [{ language: 'fr', model_id: 'eleven_multilingual_v2' }],
  },
];

export function startElevenLabsFake(opts: { apiKey?: string } = {}): SpeechFake {
  const apiKey = opts.apiKey ?? 'el-test-key';
  return serve(async (req, url, f) => {
    const err = (status: number, message: string) => json({ detail: { status: status === 401 ? 'invalid_api_key' : 'error', message } }, status);
    if (req.headers.get('xi-api-key') !== apiKey) return err(401, 'Invalid API key');
    if (f.mode.kind === 'status') return err(f.mode.status, f.mode.message);
    if (req.method === 'GET' && url.pathname === '/v1/voices') return json({ voices: ELEVENLABS_FAKE_VOICES });
    const m = /^\/v1\/text-to-speech\/([^/]+)\/with-timestamps$/.exec(url.pathname);
    if (req.method === 'POST' && m) {
      const voice = ELEVENLABS_FAKE_VOICES.find((v) => v.voice_id === decodeURIComponent(m[1]!));
      if (!voice) return err(404, 'A voice with the voice_id was not found');
      const body = (await req.json()) as { text?: string; model_id?: string };
      if (!body?.text) return err(422, 'text is required');
      if (url.searchParams.get('output_format') !== 'pcm_22050') return err(400, 'this fake serves pcm_22050 only');
      const { pcm, words } = await speak(body.text, voice.labels.gender === 'female' ? 'local-en-female' : 'local-en-male');
      // Characters of each word share its span evenly; spaces and punctuation sit between words.
      const chars = Array.from(body.text);
      const starts: number[] = new Array(chars.length).fill(0);
      const ends: number[] = new Array(chars.length).fill(0);
      let at = 0;
      let w = 0;
      while (at < chars.length) {
        if (/\s/.test(chars[at]!)) {
          const t = words[w - 1]?.endSec ?? 0;
          starts[at] = t;
          ends[at] = words[w]?.startSec ?? t;
          at++;
          continue;
        }
        let end = at;
        while (end < chars.length && !/\s/.test(chars[end]!)) end++;
        const word = words[w++] ?? { startSec: 0, endSec: 0 };
        for (let k = at; k < end; k++) {
          starts[k] = word.startSec + ((word.endSec - word.startSec) * (k - at)) / (end - at);
          ends[k] = word.startSec + ((word.endSec - word.startSec) * (k - at + 1)) / (end - at);
        }
        at = end;
      }
      const resampled = resample(pcm.samples, pcm.sampleRate, 22_050);
      const alignment = { characters: chars, character_start_times_seconds: starts, character_end_times_seconds: ends };
      return json({
        audio_base64: Buffer.from(resampled.buffer, resampled.byteOffset, resampled.byteLength).toString('base64'),
        alignment,
        normalized_alignment: alignment,
      });
    }
    return err(404, `Unknown route ${url.pathname}`);
  });
}

function resample(samples: Int16Array, from: number, to: number): Int16Array {
  if (from === to) return samples;
  const out = new Int16Array(Math.round((samples.length * to) / from));
  for (let i = 0; i < out.length; i++) out[i] = samples[Math.min(samples.length - 1, Math.round((i * from) / to))]!;
  return out;
}
