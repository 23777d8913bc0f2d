// ElevenLabs: GET /v1/voices lists the account's voices; POST /v1/text-to-speech/{voice_id}/with-timestamps
// answers { audio_base64, alignment: { characters, character_start_times_seconds,
// character_end_times_seconds } }. We ask for raw PCM (output_format=pcm_22050) and take the word
// timings from the character alignment; eSpeak's phonemes are stretched word by word onto them.
import { MediaError } from '../../../media/errors';
import { timedSpeech, toMonoWav } from '../../../media/speech-timing';
import { VOICE_LANGUAGES } from '../../../media/voice-catalogue';
import type { Voice } from '../../../media/voice-catalogue';
import { wordsFromCharacters } from '../../../media/word-timing';
import type { VendorConnection } from '../connection';
import { callProvider, languageOrNull, remoteTts } from './remote';
import type { TtsProvider } from './types';

export type ElevenLabsOptions = VendorConnection & { apiKey: string; model?: string };

export const DEFAULT_ELEVENLABS_BASE_URL = 'https://api.elevenlabs.io';
export const DEFAULT_ELEVENLABS_MODEL = 'eleven_multilingual_v2';
const PCM_RATE = 22_050;

type ApiVoice = {
  voice_id: string;
  name: string;
  labels?: Record<string, string>;
  verified_languages?: { language?: string }[];
};

type WithTimestamps = {
  audio_base64?: string;
  alignment?: { characters?: string[]; character_start_times_seconds?: number[]; character_end_times_seconds?: number[] } | null;
};

export function createElevenLabsTts(opts: ElevenLabsOptions): TtsProvider {
  const base = (opts.baseUrl ?? DEFAULT_ELEVENLABS_BASE_URL).replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const doFetch = opts.fetch ?? fetch;
  const headers = { 'content-type': 'application/json', 'xi-api-key': opts.apiKey };
  const label = 'ElevenLabs';

  return remoteTts({
    name: 'elevenlabs',
    label,
    async listVoices() {
      const res = await callProvider(label, doFetch, `${base}/v1/voices`, { headers }, timeoutMs);
      const data = (await res.json().catch(() => ({}))) as { voices?: ApiVoice[] };
      return (data.voices ?? []).map((v): Voice => {
        const language = languageOrNull(v.labels?.language) ?? languageOrNull(v.verified_languages?.[0]?.language) ?? 'en';
        return {
          id: `elevenlabs-${v.voice_id}`,
          name: v.name,
          gender: v.labels?.gender === 'female' ? 'female' : 'male',
          language,
          languageName: VOICE_LANGUAGES[language],
          provider: 'elevenlabs',
          premium: true,
          espeakVoice: '',
          previewText: '',
        };
      });
    },
    async speak(voice, text, wavPath) {
      const voiceId = encodeURIComponent(voice.id.replace(/^elevenlabs-/, ''));
      const res = await callProvider(
        label,
        doFetch,
        `${base}/v1/text-to-speech/${voiceId}/with-timestamps?output_format=pcm_${PCM_RATE}`,
        {
          method: 'POST',
          headers,
          body: JSON.stringify({ text, model_id: opts.model || DEFAULT_ELEVENLABS_MODEL, language_code: voice.language }),
        },
        timeoutMs,
      );
      const data = (await res.json().catch(() => ({}))) as WithTimestamps;
      if (!data.audio_base64) throw new MediaError('TTS_FAILED', `The voice provider ${label} returned no audio`);
      await toMonoWav(Buffer.from(data.audio_base64, 'base64'), wavPath, { sampleRate: PCM_RATE });
      const a = data.alignment;
      const words = a?.characters?.length
        ? wordsFromCharacters(text, a.characters, a.character_start_times_seconds ?? [], a.character_end_times_seconds ?? [])
        : undefined;
      return timedSpeech({ text, language: voice.language, wavPath, words });
    },
  });
}

/** A voice sample as it is sent for cloning. */
export type VoiceSample = { bytes: Uint8Array; type: string; fileName: string };

/**
 * Instant voice cloning: POST /v1/voices/add (multipart: name, files[], description) → { voice_id,
 * requires_verification }. The voice joins the account's list (GET /v1/voices) at once; its id as the app names it is returned.
 */
export async function addElevenLabsVoice(opts: ElevenLabsOptions, voice: { name: string; description?: string; sample: VoiceSample }): Promise<string> {
  const base = (opts.baseUrl ?? DEFAULT_ELEVENLABS_BASE_URL).replace(/\/+$/, '');
  const form = new FormData();
  form.set('name', voice.name);
  if (voice.description) form.set('description', voice.description);
  form.set('remove_background_noise', 'true');
  form.append('files', new Blob([voice.sample.bytes as Uint8Array<ArrayBuffer>], { type: voice.sample.type }), voice.sample.fileName);
  const res = await callProvider(
    'ElevenLabs',
    opts.fetch ?? fetch,
    `${base}/v1/voices/add`,
    { method: 'POST', headers: { 'xi-api-key': opts.apiKey }, body: form },
    opts.timeoutMs ?? 60_000,
  );
  const data = (await res.json().catch(() => ({}))) as { voice_id?: string };
  if (!data.voice_id) throw new MediaError('TTS_FAILED', 'The voice provider ElevenLabs returned no voice id');
  return `elevenlabs-${data.voice_id}`;
}
