import { createHash } from 'node:crypto';
import type { Db } from '../../server/db/client';
import { MediaError } from '../../media/errors';
import { renderVoicePreview } from '../../media/tts';
import { MEASURED_RANKING } from '../../media/voice-catalogue';
import { AppError, invalidInput, notFound, rateLimited } from '../../server/http/app-error';
import type { RateLimiter } from '../../server/http/rate-limit';
import type { Scope } from '../../server/scope';
import type { StorageProvider } from '../../server/providers/storage/types';
import type { TtsProvider, Voice } from '../../server/providers/tts/types';
import { serveCachedAsset } from '../files/assets';
import { INTEGRATIONS } from '../../shared/integrations';
import { HEAR_MAX_CHARS, VOICE_MESSAGES, type THearVoice, type TListVoices } from './schemas';

export const voicePreviewUrl = (id: string) => `/api/voices/${id}/preview.m4a`;

/** Custom avatars are recognised by id (spec part 2 §3): custom_… or custom-avatar-…. */
export const isCustomAvatarId = (id: string | undefined) => !!id && (id.startsWith('custom_') || id.startsWith('custom-avatar-'));

const PROVIDER_NAMES: Record<string, string> = { openai: INTEGRATIONS['openai-speech'].name, elevenlabs: INTEGRATIONS.elevenlabs.name };

function toVoiceItem(v: Voice, defaultId: string, recommended: ReadonlySet<string>) {
  const previewUrl = voicePreviewUrl(v.id);
  return {
    id: v.id,
    name: v.name,
    gender: v.gender,
    language: v.language,
    languageName: v.languageName,
    provider: v.provider,
    engine: v.engine ?? v.provider,
    engineName: v.engineName ?? PROVIDER_NAMES[v.provider] ?? v.provider,
    premium: v.premium,
    recommended: recommended.has(v.id),
    previewUrl,
    previewAudio: previewUrl,
    default: v.id === defaultId,
  };
}

/**
 * The spec's default-voice rule (§9): custom avatars get a premium voice when there is one (else
 * the first voice); stock avatars a female English voice, the most intelligible one measured
 * (MEASURED_RANKING, docs/decisions/215).
 */
export function defaultVoiceId(voices: readonly Voice[], custom: boolean): string {
  const first = voices[0]?.id ?? '';
  if (custom) return voices.find((v) => v.premium)?.id ?? first;
  const women = voices.filter((v) => v.language === 'en' && v.gender === 'female');
  return MEASURED_RANKING.en.find((id) => women.some((v) => v.id === id)) ?? women[0]?.id ?? first;
}

/** Each language's most intelligible voice among those listed (the picker's "Recommended"). */
export function recommendedVoiceIds(voices: readonly Voice[]): Set<string> {
  const listed = new Set(voices.map((v) => v.id));
  const out = new Set<string>();
  for (const ranking of Object.values(MEASURED_RANKING)) {
    const best = ranking.find((id) => listed.has(id));
    if (best) out.add(best);
  }
  return out;
}

/** The provider's catalogue; a voice service that cannot answer is reported by name, not as a crash. */
async function catalogue(tts: TtsProvider): Promise<readonly Voice[]> {
  try {
    return await tts.voices();
  } catch (e) {
    throw new AppError('UNAVAILABLE', e instanceof MediaError ? e.message : `The voice provider ${tts.label} could not list its voices`);
  }
}

export async function listVoices(opts: { tts: TtsProvider; query: TListVoices }) {
  const voices = await catalogue(opts.tts);
  const custom = opts.query.isCustom ?? isCustomAvatarId(opts.query.avatarId);
  const defaultId = defaultVoiceId(voices, custom);
  const recommended = recommendedVoiceIds(voices);
  return { voices: voices.map((v) => toVoiceItem(v, defaultId, recommended)), defaultVoiceId: defaultId };
}

export async function findVoice(tts: TtsProvider, id: string): Promise<Voice> {
  const voice = (await catalogue(tts)).find((v) => v.id === id);
  if (voice) return voice;
  // A connected provider that cannot list its voices now: say so, rather than "not found".
  const why = tts.unavailable?.(id);
  if (why) throw new AppError('UNAVAILABLE', why);
  throw notFound(VOICE_MESSAGES.notFound);
}

/** A real spoken sample of the voice, synthesised on first request and kept in storage. */
export async function voicePreviewResponse(opts: { db: Db; storage: StorageProvider; tts: TtsProvider; id: string; request: Request }) {
  const voice = await findVoice(opts.tts, opts.id);
  return serveCachedAsset({
    db: opts.db,
    storage: opts.storage,
    request: opts.request,
    key: `cache/voice-preview/v1/${opts.tts.cacheTag(voice.id)}/${voice.id}.m4a`,
    contentType: 'audio/mp4',
    produce: async () => (await opts.tts.preview(voice.id)).bytes,
  });
}

/**
 * The first sentence of a script, as "Hear it" speaks it: up to the first . ! ? or line break,
 * at most HEAR_MAX_CHARS (cut at a word), with {{variables}} left out for their sample values
 * are not known here.
 */
export function firstSentence(text: string): string {
  const plain = text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .trim();
  const match = /^[\s\S]*?[.!?…](?=\s|$)|^[^\n]+/.exec(plain);
  let sentence = (match?.[0] ?? '').replace(/\s+/g, ' ').trim();
  if (sentence.length > HEAR_MAX_CHARS) {
    const cut = sentence.slice(0, HEAR_MAX_CHARS);
    sentence = cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).trim();
  }
  return /[\p{L}\p{N}]/u.test(sentence) ? sentence : '';
}

/**
 * "Hear it": the chosen voice saying the script's first sentence, as AAC in M4A. Kept in storage per
 * workspace, voice and sentence (asking again costs nothing but a read), and counted per workspace
 * by `limiter` whether cached or not.
 */
export async function hearVoice(opts: {
  storage: StorageProvider;
  tts: TtsProvider;
  limiter: RateLimiter;
  scope: Scope;
  voiceId: string;
  input: THearVoice;
}): Promise<Uint8Array> {
  const voice = await findVoice(opts.tts, opts.voiceId);
  const sentence = firstSentence(opts.input.text);
  if (!sentence) throw invalidInput(VOICE_MESSAGES.noSentence);
  const hold = await opts.limiter.reserve(opts.scope.workspaceId);
  if (!hold.ok) throw rateLimited(VOICE_MESSAGES.tooManyHears, hold.retryAfter);
  const digest = createHash('sha256').update(`${voice.id}\n${sentence}`).digest('hex').slice(0, 32);
  const key = `cache/voice-hear/v1/${opts.scope.workspaceId}/${opts.tts.cacheTag(voice.id)}/${digest}.m4a`;
  const cached = await opts.storage.open(key);
  if (cached) return new Uint8Array(await cached.arrayBuffer());
  let bytes: Uint8Array;
  try {
    bytes = (await renderVoicePreview(voice.id, opts.tts, sentence)).bytes;
  } catch (e) {
    if (e instanceof MediaError && e.code === 'INVALID_INPUT') throw invalidInput(e.message);
    throw new AppError('UNAVAILABLE', e instanceof MediaError ? e.message : `The voice provider ${opts.tts.label} could not speak the sentence`);
  }
  await opts.storage.put(key, bytes, 'audio/mp4');
  return bytes;
}
