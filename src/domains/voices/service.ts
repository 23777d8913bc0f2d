import type { Db } from '../../server/db/client';
import { MediaError } from '../../media/errors';
import { AppError, notFound } from '../../server/http/app-error';
import type { StorageProvider } from '../../server/providers/storage/types';
import type { TtsProvider, Voice } from '../../server/providers/tts/types';
import { serveCachedAsset } from '../files/assets';
import { VOICE_MESSAGES, type TListVoices } from './schemas';

export const voicePreviewUrl = (id: string) => `/api/voices/${id}/preview.m4a`;

/** Custom avatars are recognised by id (spec part 2 §3): custom_… or custom-avatar-…. */
export const isCustomAvatarId = (id: string | undefined) => !!id && (id.startsWith('custom_') || id.startsWith('custom-avatar-'));

function toVoiceItem(v: Voice, defaultId: string) {
  const previewUrl = voicePreviewUrl(v.id);
  return {
    id: v.id,
    name: v.name,
    gender: v.gender,
    language: v.language,
    languageName: v.languageName,
    provider: v.provider,
    premium: v.premium,
    previewUrl,
    previewAudio: previewUrl,
    default: v.id === defaultId,
  };
}

/**
 * The spec's default-voice rule (§9): custom avatars get a premium voice when there is one (else
 * the first voice); stock avatars a female English voice.
 */
export function defaultVoiceId(voices: readonly Voice[], custom: boolean): string {
  const first = voices[0]?.id ?? '';
  if (custom) return voices.find((v) => v.premium)?.id ?? first;
  return voices.find((v) => v.language === 'en' && v.gender === 'female')?.id ?? first;
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
  return { voices: voices.map((v) => toVoiceItem(v, defaultId)), defaultVoiceId: defaultId };
}

export async function findVoice(tts: TtsProvider, id: string): Promise<Voice> {
  const voice = (await catalogue(tts)).find((v) => v.id === id);
  if (!voice) throw notFound(VOICE_MESSAGES.notFound);
  return voice;
}

/** A real spoken sample of the voice, synthesised on first request and kept in storage. */
export async function voicePreviewResponse(opts: { db: Db; storage: StorageProvider; tts: TtsProvider; id: string; request: Request }) {
  const voice = await findVoice(opts.tts, opts.id);
  return serveCachedAsset({
    db: opts.db,
    storage: opts.storage,
    request: opts.request,
    key: `cache/voice-preview/v1/${opts.tts.name}/${voice.id}.m4a`,
    contentType: 'audio/mp4',
    produce: async () => (await opts.tts.preview(voice.id)).bytes,
  });
}
