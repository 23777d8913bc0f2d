// A workspace's connection to a vendor (Settings → Integrations, docs/decisions/220) turned into the
// adapter that speaks to it, and "Test connection": one real call to the vendor's cheapest documented
// endpoint. The vendors' addresses are the operator's (ELEVENLABS_BASE_URL, HEYGEN_BASE_URL …, the
// real services by default); only an OpenAI-compatible server's address is the workspace's, and it is
// fetched through the guarded fetch (no internal address unless FETCH_ALLOW_PRIVATE).
import type { Env } from '../env';
import { checkHost, FetchRefused, pinnedFetch } from '../http/guarded-fetch';
import { MediaError } from '../../media/errors';
import type { FetchLike } from './connection';
import { addElevenLabsVoice, createElevenLabsTts, type VoiceSample } from './tts/elevenlabs';
import { createOpenAiTts, probeOpenAiSpeech } from './tts/openai';
import type { TtsProvider } from './tts/types';
import { createCreatifyProvider } from './video/creatify';
import { createDidProvider } from './video/d-id';
import { createHeygenProvider } from './video/heygen';
import { ProviderError, type CloudVideoProvider } from './video/types';

export type Connection =
  | { provider: 'elevenlabs'; apiKey: string }
  | { provider: 'openai-speech'; baseUrl: string; apiKey?: string; model?: string }
  | { provider: 'heygen'; apiKey: string }
  | { provider: 'd-id'; apiKey: string }
  | { provider: 'creatify'; apiId: string; apiKey: string };

export type VoiceConnection = Extract<Connection, { provider: 'elevenlabs' | 'openai-speech' }>;
export type VideoConnection = Exclude<Connection, VoiceConnection>;

export const isVoiceConnection = (c: Connection): c is VoiceConnection => c.provider === 'elevenlabs' || c.provider === 'openai-speech';

/** What "Test connection" found: how many voices or avatars the account has, or the vendor's reason for refusing. */
export type ConnectionCheck = { ok: true; count: number } | { ok: false; message: string };

/** The server address of an OpenAI-compatible connection, refused with a reason when the server may not fetch it. */
export async function checkServerAddress(env: Env, raw: string): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'The server address is not a valid URL';
  }
  try {
    await checkHost(url, env.FETCH_ALLOW_PRIVATE === 'true');
  } catch (e) {
    if (e instanceof FetchRefused)
      return `The server address is refused: ${e.message}${/private|local/.test(e.message) ? ' (an operator allows servers on the own network with FETCH_ALLOW_PRIVATE=true)' : ''}`;
    throw e;
  }
  return null;
}

/** fetch to a workspace-given address: to the address that was checked, redirects not followed. */
function guardedFetch(env: Env): FetchLike {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    return pinnedFetch(url, { ...init, redirect: 'manual' }, { allowPrivate: env.FETCH_ALLOW_PRIVATE === 'true' }).catch((e) => {
      if (e instanceof FetchRefused) throw new MediaError('INVALID_INPUT', `The voice provider OpenAI-compatible speech is refused: ${e.message}`);
      throw e;
    });
  };
}

const elevenLabsOptions = (env: Env, c: Extract<Connection, { provider: 'elevenlabs' }>) => ({
  apiKey: c.apiKey,
  baseUrl: env.ELEVENLABS_BASE_URL,
  model: env.ELEVENLABS_MODEL,
  timeoutMs: env.TTS_TIMEOUT_SECONDS * 1000,
});

const openAiOptions = (env: Env, c: Extract<Connection, { provider: 'openai-speech' }>) => ({
  baseUrl: c.baseUrl,
  apiKey: c.apiKey,
  model: c.model,
  timeoutMs: env.TTS_TIMEOUT_SECONDS * 1000,
  fetch: guardedFetch(env),
});

export function connectTts(env: Env, c: VoiceConnection): TtsProvider {
  return c.provider === 'elevenlabs' ? createElevenLabsTts(elevenLabsOptions(env, c)) : createOpenAiTts(openAiOptions(env, c));
}

export function connectVideo(env: Env, c: VideoConnection): CloudVideoProvider {
  if (c.provider === 'heygen') return createHeygenProvider({ apiKey: c.apiKey, baseUrl: env.HEYGEN_BASE_URL });
  if (c.provider === 'd-id') return createDidProvider({ apiKey: c.apiKey, baseUrl: env.DID_BASE_URL });
  return createCreatifyProvider({ apiId: c.apiId, apiKey: c.apiKey, baseUrl: env.CREATIFY_BASE_URL });
}

/**
 * One real call with the connection, on fresh adapters (no cached list answers for the vendor):
 * ElevenLabs GET /v1/voices; an OpenAI-compatible server its voices and one spoken word; HeyGen,
 * D-ID and Creatify their avatar lists, as the render uses them. The vendor's own reason on failure.
 */
export async function testConnection(env: Env, c: Connection): Promise<ConnectionCheck> {
  try {
    if (c.provider === 'openai-speech') {
      const refused = await checkServerAddress(env, c.baseUrl);
      if (refused) return { ok: false, message: refused };
      return { ok: true, count: await probeOpenAiSpeech(openAiOptions(env, c)) };
    }
    if (c.provider === 'elevenlabs') return { ok: true, count: (await connectTts(env, c).voices()).length };
    return { ok: true, count: (await connectVideo(env, c).listAvatars()).length };
  } catch (e) {
    if (e instanceof MediaError || e instanceof ProviderError) return { ok: false, message: e.message };
    throw e;
  }
}

/** "Clone my voice": the sample to ElevenLabs' instant voice cloning; the new voice's id (`elevenlabs-…`). */
export function cloneVoice(env: Env, c: Extract<Connection, { provider: 'elevenlabs' }>, voice: { name: string; sample: VoiceSample }) {
  return addElevenLabsVoice(elevenLabsOptions(env, c), { ...voice, description: 'Cloned in Avatar Studio' });
}
