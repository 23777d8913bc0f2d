import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MediaError } from '../../../media/errors';
import { localSpeech, renderVoicePreview } from '../../../media/tts';
import { previewTextFor } from '../../../media/voice-catalogue';
import type { SpeechEngine, SpeechResult, SynthesizeInput } from '../../../media/tts';
import type { Voice, VoiceLanguage } from '../../../media/voice-catalogue';
import type { FetchLike } from '../connection';
import type { TtsProvider } from './types';

/** What a cloud adapter implements: its catalogue and one synthesis. The rest is shared here. */
export interface RemoteVoices {
  name: 'openai' | 'elevenlabs';
  label: string;
  /** Tells two servers of the same kind apart in cache keys (an OpenAI-compatible server's address). */
  tag?: string;
  listVoices(): Promise<Voice[]>;
  /** Speaks `text` into a mono WAV at `wavPath`, returning timings when the service gives them. */
  speak(voice: Voice, text: string, wavPath: string): Promise<SpeechResult>;
}

/**
 * A cloud voice provider as the app uses it: voices listed from the service (cached 10 minutes),
 * previews spoken by the service, and the local eSpeak voices still accepted so videos made before
 * the switch can be rendered again. Every failure names the provider.
 */
export function remoteTts(remote: RemoteVoices): TtsProvider {
  let cache: { at: number; voices: Voice[] } | undefined;
  const voices = async () => {
    if (!cache || Date.now() - cache.at > 10 * 60_000) cache = { at: Date.now(), voices: await remote.listVoices() };
    return cache.voices;
  };
  const voice = async (voiceId: string) => {
    let found = (await voices()).find((v) => v.id === voiceId);
    // A voice added since the list was read (cloned in Settings, maybe by another process): read it again, once a minute at most.
    if (!found && cache && Date.now() - cache.at > 60_000) {
      cache = undefined;
      found = (await voices()).find((v) => v.id === voiceId);
    }
    if (!found) throw new MediaError('INVALID_INPUT', `Unknown voice "${voiceId}" for the voice provider ${remote.label}`);
    return found;
  };
  const isLocal = (voiceId: string) => voiceId.startsWith('local-');
  const engine: SpeechEngine = {
    label: remote.label,
    languageOf: async (voiceId) => (isLocal(voiceId) ? localSpeech.languageOf(voiceId) : (await voice(voiceId)).language),
    async synthesizeMany(inputs: SynthesizeInput[]) {
      const out: SpeechResult[] = [];
      for (const [i, input] of inputs.entries()) {
        const text = input.text.trim();
        if (!text) throw new MediaError('INVALID_INPUT', 'The script is empty');
        if (isLocal(input.voiceId)) {
          out.push(...(await localSpeech.synthesizeMany([input])));
          continue;
        }
        const v = await voice(input.voiceId);
        const dir = input.workDir ?? (await mkdtemp(join(tmpdir(), 'tts-')));
        const wavPath = join(dir, input.fileName ?? (inputs.length > 1 ? `speech-${i}.wav` : 'speech.wav'));
        out.push(await remote.speak(v, text, wavPath));
      }
      return out;
    },
  };
  return {
    name: remote.name,
    ...engine,
    voices,
    cacheTag: (voiceId) => (isLocal(voiceId) ? 'local' : remote.tag ? `${remote.name}-${remote.tag}` : remote.name),
    async preview(voiceId) {
      if (isLocal(voiceId)) return renderVoicePreview(voiceId);
      const v = await voice(voiceId);
      return renderVoicePreview(voiceId, engine, previewTextFor(v.language, v.name));
    },
  };
}

/** fetch with a deadline; network failures and timeouts become TTS_FAILED (retried by the render job). */
export async function callProvider(label: string, doFetch: FetchLike, url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  let res: Response;
  try {
    res = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const name = (err as { name?: string } | null)?.name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new MediaError('TTS_FAILED', `The voice provider ${label} did not answer within ${Math.round(timeoutMs / 1000)} s`);
    throw new MediaError('TTS_FAILED', `The voice provider ${label} could not be reached at ${new URL(url).origin}`);
  }
  if (res.ok) return res;
  const body = await res.text().catch(() => '');
  const detail = vendorMessage(body) || `HTTP ${res.status}`;
  // 4xx (bad key, unknown voice, text refused) will not improve on a retry; 429 and 5xx may.
  const final = res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429;
  throw new MediaError(final ? 'INVALID_INPUT' : 'TTS_FAILED', `The voice provider ${label} failed: ${detail.slice(0, 300)}`);
}

function vendorMessage(body: string): string {
  try {
    const data = JSON.parse(body) as { error?: { message?: string } | string; detail?: { message?: string } | string; message?: string };
    const pick = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'object' && v && 'message' in v ? String((v as { message: unknown }).message) : '');
    return pick(data.error) || pick(data.detail) || pick(data.message);
  } catch {
    return body.trim().slice(0, 200);
  }
}

export function languageOrNull(code: string | undefined | null): VoiceLanguage | null {
  const c = (code ?? '').toLowerCase().slice(0, 2);
  return (['en', 'fr', 'es', 'de', 'it', 'pt'] as const).find((l) => l === c) ?? null;
}

export async function withScratch<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'tts-remote-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
