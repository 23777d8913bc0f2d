import type { Env } from '../../env';
import { combineTts, watchedRemote } from './combined';
import { createElevenLabsTts } from './elevenlabs';
import { createLocalTts } from './local';
import { createOpenAiTts } from './openai';
import type { TtsProvider } from './types';

/**
 * The voice provider env names, if any: TTS_PROVIDER, or when unset ELEVENLABS_API_KEY / TTS_BASE_URL.
 * It is every workspace's default; a workspace's own connection of the same kind replaces it there.
 */
export function envTtsRemote(env: Env): TtsProvider | null {
  const choice = env.TTS_PROVIDER ?? (env.ELEVENLABS_API_KEY ? 'elevenlabs' : env.TTS_BASE_URL ? 'openai' : 'local');
  const timeoutMs = env.TTS_TIMEOUT_SECONDS * 1000;
  if (choice === 'elevenlabs') {
    if (!env.ELEVENLABS_API_KEY) throw new Error('TTS_PROVIDER=elevenlabs needs ELEVENLABS_API_KEY');
    return createElevenLabsTts({ apiKey: env.ELEVENLABS_API_KEY, baseUrl: env.ELEVENLABS_BASE_URL, model: env.ELEVENLABS_MODEL, timeoutMs });
  }
  if (choice === 'openai') {
    if (!env.TTS_BASE_URL && !env.TTS_API_KEY) throw new Error('TTS_PROVIDER=openai needs TTS_BASE_URL (or TTS_API_KEY for OpenAI itself)');
    return createOpenAiTts({ baseUrl: env.TTS_BASE_URL ?? 'https://api.openai.com/v1', apiKey: env.TTS_API_KEY, model: env.TTS_MODEL, timeoutMs });
  }
  return null;
}

/** The offline voices, and the env's voice provider beside them when one is configured (decision 220: offline voices never disappear). */
export function createTts(env: Env): TtsProvider {
  const remote = envTtsRemote(env);
  return combineTts(createLocalTts(), remote ? [watchedRemote(remote)] : []);
}
