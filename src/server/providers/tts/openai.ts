// Any OpenAI-compatible speech server: OpenAI itself, or local front-ends of Kokoro / Piper that speak
// the same API. POST {baseUrl}/audio/speech { model, input, voice, response_format: 'wav' } → audio
// bytes. Voices: GET {baseUrl}/audio/voices when the server lists them (Kokoro-FastAPI does), else
// OpenAI's documented set. No timings come back: eSpeak's phoneme timeline is aligned onto the audio.
import { createHash } from 'node:crypto';
import { MediaError } from '../../../media/errors';
import { timedSpeech, toMonoWav } from '../../../media/speech-timing';
import { VOICE_LANGUAGES } from '../../../media/voice-catalogue';
import type { Voice, VoiceLanguage } from '../../../media/voice-catalogue';
import type { VendorConnection } from '../connection';
import { callProvider, languageOrNull, remoteTts } from './remote';
import type { TtsProvider } from './types';

export type OpenAiTtsOptions = VendorConnection & {
  /** Up to and including the version segment: https://api.openai.com/v1, http://localhost:8880/v1. */
  baseUrl: string;
  apiKey?: string;
  model?: string;
};

export const DEFAULT_TTS_MODEL = 'tts-1';

/** OpenAI's built-in voices (its docs list no endpoint for them); genders as OpenAI describes them. */
const OPENAI_VOICES: [string, 'male' | 'female'][] = [
  ['alloy', 'female'],
  ['ash', 'male'],
  ['ballad', 'male'],
  ['coral', 'female'],
  ['echo', 'male'],
  ['fable', 'male'],
  ['nova', 'female'],
  ['onyx', 'male'],
  ['sage', 'female'],
  ['shimmer', 'female'],
  ['verse', 'male'],
];

// Kokoro names carry language and gender: af_bella = American English, female; ff_siwis = French, female.
const KOKORO_LANGUAGE: Record<string, VoiceLanguage> = { a: 'en', b: 'en', e: 'es', f: 'fr', i: 'it', p: 'pt', d: 'de' };

export function describeVoice(name: string): { language: VoiceLanguage; gender: 'male' | 'female'; label: string } | null {
  const known = OPENAI_VOICES.find(([n]) => n === name);
  if (known) return { language: 'en', gender: known[1], label: name[0]?.toUpperCase() + name.slice(1) };
  const kokoro = /^([a-z])([fm])_(\w+)$/.exec(name);
  if (kokoro) {
    const language = KOKORO_LANGUAGE[kokoro[1] as string];
    if (!language) return null; // a language the app does not offer (ja, zh, hi…)
    const base = (kokoro[3] as string).replace(/_/g, ' ');
    return { language, gender: kokoro[2] === 'f' ? 'female' : 'male', label: base[0]?.toUpperCase() + base.slice(1) };
  }
  // Piper-style names ("en_US-lessac-medium") or anything else: language from the prefix when there is one.
  const language = languageOrNull(name);
  return { language: language ?? 'en', gender: /female|woman|_f\b/i.test(name) ? 'female' : 'male', label: name };
}

export function createOpenAiTts(opts: OpenAiTtsOptions): TtsProvider {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const doFetch = opts.fetch ?? fetch;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (opts.apiKey) headers.authorization = `Bearer ${opts.apiKey}`;
  const label = 'OpenAI-compatible speech';

  const toVoice = (name: string): Voice | null => {
    const d = describeVoice(name);
    if (!d) return null;
    return {
      id: `openai-${name}`,
      name: d.label,
      gender: d.gender,
      language: d.language,
      languageName: VOICE_LANGUAGES[d.language],
      provider: 'openai',
      premium: true,
      espeakVoice: '',
      previewText: '',
    };
  };

  return remoteTts({
    name: 'openai',
    label,
    // Two servers speak differently under the same voice name: previews are cached per server and model.
    tag: createHash('sha256')
      .update(`${base}\n${opts.model ?? ''}`)
      .digest('hex')
      .slice(0, 12),
    async listVoices() {
      // Servers without a voice list (OpenAI itself) answer 404: fall back to the documented set.
      let names = OPENAI_VOICES.map(([n]) => n);
      const res = await doFetch(`${base}/audio/voices`, { headers, signal: AbortSignal.timeout(timeoutMs) }).catch(() => null);
      if (res?.ok) {
        const data = (await res.json().catch(() => null)) as { voices?: (string | { id?: string; name?: string })[] } | null;
        const listed = (data?.voices ?? []).map((v) => (typeof v === 'string' ? v : (v.id ?? v.name ?? ''))).filter(Boolean);
        if (listed.length) names = listed;
      }
      return names.map(toVoice).filter((v): v is Voice => v !== null);
    },
    async speak(voice, text, wavPath) {
      const res = await callProvider(
        label,
        doFetch,
        `${base}/audio/speech`,
        {
          method: 'POST',
          headers,
          body: JSON.stringify({ model: opts.model || DEFAULT_TTS_MODEL, input: text, voice: voice.id.replace(/^openai-/, ''), response_format: 'wav' }),
        },
        timeoutMs,
      );
      await toMonoWav(new Uint8Array(await res.arrayBuffer()), wavPath);
      return timedSpeech({ text, language: voice.language, wavPath });
    },
  });
}

/**
 * "Test connection" for an OpenAI-compatible server: its voices, then one word spoken by the first
 * (POST /audio/speech), since a server may list voices without a key but refuses to speak without it.
 * Returns how many voices it has; throws the server's own reason.
 */
export async function probeOpenAiSpeech(opts: OpenAiTtsOptions): Promise<number> {
  const tts = createOpenAiTts(opts);
  const voices = await tts.voices();
  const first = voices[0];
  if (!first) throw new MediaError('INVALID_INPUT', 'The voice provider OpenAI-compatible speech lists no voice in a language the app offers');
  const base = opts.baseUrl.replace(/\/+$/, '');
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (opts.apiKey) headers.authorization = `Bearer ${opts.apiKey}`;
  const res = await callProvider(
    'OpenAI-compatible speech',
    opts.fetch ?? fetch,
    `${base}/audio/speech`,
    {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: opts.model || DEFAULT_TTS_MODEL, input: 'Hello.', voice: first.id.replace(/^openai-/, ''), response_format: 'wav' }),
    },
    opts.timeoutMs ?? 60_000,
  );
  if ((await res.arrayBuffer()).byteLength < 64) throw new MediaError('TTS_FAILED', 'The voice provider OpenAI-compatible speech returned no audio');
  return voices.length;
}
