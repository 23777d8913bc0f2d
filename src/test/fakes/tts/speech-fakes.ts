// Local stand-ins for the two speech APIs the TTS adapters call, shaped after their documentation.
//   OpenAI-compatible: POST /v1/audio/speech { model, input, voice, response_format } → audio bytes
//     (Bearer auth; errors `{ error: { message, type } }`); GET /v1/audio/voices → { voices: [...] }
//     as Kokoro-FastAPI serves it (OpenAI itself has no such route: `listVoices: false` answers 404).
//   ElevenLabs: GET /v1/voices → { voices: [{ voice_id, name, labels, ... }] };
//     POST /v1/voices/add (multipart: name, files[], description, labels …) → { voice_id,
//     requires_verification } (instant voice cloning: the voice joins that account's list);
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
  /** Each request with its credential (`auth`: the Authorization or xi-api-key header); a multipart body as its fields, files by name, type and size. */
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
      const raw = req.method === 'POST' ? await req.arrayBuffer() : null;
      const again = () => new Request(req.url, { method: req.method, headers: req.headers, body: raw ?? undefined });
      let body: any = null;
      if (raw && (req.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
        const form = await again()
          .formData()
          .catch(() => null);
        body =
          form &&
          Object.fromEntries(
            [...form.keys()].map((k) => [k, form.getAll(k).map((v) => (typeof v === 'string' ? v : { name: v.name, type: v.type, size: v.size }))]),
          );
      } else if (raw)
        body = await again()
          .json()
          .catch(() => null);
      fake.requests.push({
        method: req.method,
        path: url.pathname + url.search,
        body,
        auth: req.headers.get('authorization') ?? req.headers.get('xi-api-key'),
      });
      if (fake.mode.kind === 'hang') return new Promise<Response>(() => undefined);
      return handler(again(), url, fake);
    },
  });
  // A test that does not stop its fake does not keep the test process alive.
  server.unref();
  fake.url = `http://127.0.0.1:${server.port}`;
  return fake;
}

const json = (body: unknown, status = 200) => Response.json(body, { status });

/** `apiKey`: the key it requires (one, or several accounts' keys); none: it asks for no key, as a self-hosted server. */
export function startOpenAiSpeechFake(opts: { apiKey?: string | string[]; listVoices?: boolean } = {}): SpeechFake {
  const keys = opts.apiKey === undefined ? null : [opts.apiKey].flat();
  const fake = serve(async (req, url, f) => {
    const err = (status: number, message: string) => json({ error: { message, type: 'invalid_request_error', code: null } }, status);
    if (keys && !keys.some((k) => req.headers.get('authorization') === `Bearer ${k}`)) return err(401, 'Incorrect API key provided');
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

type FakeVoice = (typeof ELEVENLABS_FAKE_VOICES)[number] | { voice_id: string; name: string; category: 'cloned'; labels: { gender?: string } };

/** ElevenLabs with one account per key (`apiKey`: one or several): each account lists the premade voices and those cloned into it. */
export function startElevenLabsFake(opts: { apiKey?: string | string[] } = {}): SpeechFake {
  const keys = [opts.apiKey ?? 'el-test-key'].flat();
  const cloned = new Map<string, FakeVoice[]>(keys.map((k) => [k, []]));
  let seq = 0;
  return serve(async (req, url, f) => {
    const err = (status: number, message: string) => json({ detail: { status: status === 401 ? 'invalid_api_key' : 'error', message } }, status);
    const key = req.headers.get('xi-api-key') ?? '';
    const own = cloned.get(key);
    if (!own) return err(401, 'Invalid API key');
    if (f.mode.kind === 'status') return err(f.mode.status, f.mode.message);
    const voices: FakeVoice[] = [...ELEVENLABS_FAKE_VOICES, ...own];
    if (req.method === 'GET' && url.pathname === '/v1/voices') return json({ voices });
    if (req.method === 'POST' && url.pathname === '/v1/voices/add') {
      const form = await req.formData().catch(() => null);
      const name = form?.get('name');
      const files = (form?.getAll('files') ?? []).filter((v): v is File => typeof v !== 'string' && v.size > 0);
      if (typeof name !== 'string' || !name.trim()) return json({ detail: [{ loc: ['body', 'name'], msg: 'Field required', type: 'missing' }] }, 422);
      if (!files.length) return json({ detail: [{ loc: ['body', 'files'], msg: 'Field required', type: 'missing' }] }, 422);
      const voice_id = `clonedVoice${String(++seq).padStart(9, '0')}`;
      own.push({ voice_id, name, category: 'cloned', labels: {} });
      return json({ voice_id, requires_verification: false });
    }
    const m = /^\/v1\/text-to-speech\/([^/]+)\/with-timestamps$/.exec(url.pathname);
    if (req.method === 'POST' && m) {
      const voice = voices.find((v) => v.voice_id === decodeURIComponent(m[1]!));
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
