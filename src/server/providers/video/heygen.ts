// HeyGen adapter (https://docs.heygen.com).
//   POST /v2/video/generate            → { error, data: { video_id } }
//   GET  /v1/video_status.get?video_id → { code, message, data: { status, video_url, thumbnail_url, duration, error } }
//   GET  /v2/avatars                   → { error, data: { avatars: [...] } }
//   GET  /v2/voices                    → { error, data: { voices: [...] } }
// Auth: `X-Api-Key` header. Statuses: pending | waiting | processing | completed | failed.
// HeyGen's video_url is a signed URL that expires; a later status call returns a fresh one.
import type { VendorConnection } from '../connection';
import { completedJob, firstString, isRecord, listed, vendorApi } from './download';
import { ProviderError, type CloudVideoProvider, type ProviderAvatar, type ProviderVoice, type VideoJobInput, type VideoJobStatus } from './types';

export type HeygenProviderConfig = VendorConnection & {
  apiKey: string;
  /** HeyGen avatar_style; 'normal' unless told otherwise. */
  avatarStyle?: 'normal' | 'circle' | 'closeUp';
};

const VENDOR = 'HeyGen';

const SHORT_SIDE: Record<VideoJobInput['resolution'], number> = { '720p': 720, '1080p': 1080, '2160p': 2160 };

/** Output size in pixels for a resolution × aspect ratio (16:9, 9:16 or 1:1). */
export function heygenDimension(resolution: VideoJobInput['resolution'], aspect: VideoJobInput['aspectRatio']): { width: number; height: number } {
  const short = SHORT_SIDE[resolution];
  const long = Math.round((short * 16) / 9);
  if (aspect === 'landscape') return { width: long, height: short };
  if (aspect === 'portrait') return { width: short, height: long };
  return { width: short, height: short };
}

export function heygenErrorMessage(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const err = body.error;
  if (isRecord(err)) return firstString(err.message, err.detail, err.code);
  return firstString(err, body.message);
}

export function createHeygenProvider(config: HeygenProviderConfig): CloudVideoProvider {
  const { apiKey, avatarStyle = 'normal' } = config;
  if (!apiKey) throw new ProviderError('HeyGen: apiKey is required');
  const call = vendorApi(config, {
    name: VENDOR,
    defaultBaseUrl: 'https://api.heygen.com',
    headers: { 'X-Api-Key': apiKey },
    errorMessage: heygenErrorMessage,
  });

  // HeyGen v2 answers { error, data }; a non-null error in a 2xx is still an error.
  const dataOf = (json: unknown, what: string): Record<string, unknown> => {
    if (isRecord(json) && json.error && !json.data) {
      throw new ProviderError(`${VENDOR}: ${heygenErrorMessage(json) ?? 'request failed'}`, 400, false);
    }
    if (!isRecord(json) || !isRecord(json.data)) {
      throw new ProviderError(`${VENDOR}: unexpected ${what} response`, undefined, true);
    }
    return json.data;
  };

  return {
    name: 'heygen',

    async submit(input) {
      const videoInput: Record<string, unknown> = {
        character: { type: 'avatar', avatar_id: input.avatarId, avatar_style: avatarStyle },
        voice: { type: 'text', input_text: input.script, voice_id: input.voiceId },
      };
      if (input.background?.kind === 'color') {
        videoInput.background = { type: 'color', value: input.background.color };
      } else if (input.background?.kind === 'image') {
        videoInput.background = { type: 'image', url: input.background.url };
      }
      const body: Record<string, unknown> = {
        video_inputs: [videoInput],
        dimension: heygenDimension(input.resolution, input.aspectRatio),
      };
      if (input.title) body.title = input.title;
      const data = dataOf(await call('POST', '/v2/video/generate', body), 'generate');
      const jobId = firstString(data.video_id);
      if (!jobId) throw new ProviderError(`${VENDOR}: generate response has no video_id`, undefined, true);
      return { jobId };
    },

    async status(jobId) {
      const json = await call('GET', `/v1/video_status.get?video_id=${encodeURIComponent(jobId)}`);
      return mapHeygenStatus(dataOf(json, 'status'));
    },

    async listAvatars() {
      const data = dataOf(await call('GET', '/v2/avatars'), 'avatars');
      return listed(
        data.avatars,
        (a) => a.avatar_id,
        (a, id): ProviderAvatar => ({
          id,
          name: firstString(a.avatar_name) ?? id,
          gender: normalizeGender(a.gender),
          thumbnailUrl: firstString(a.preview_image_url),
        }),
      );
    },

    async listVoices() {
      const data = dataOf(await call('GET', '/v2/voices'), 'voices');
      return listed(
        data.voices,
        (v) => v.voice_id,
        (v, id): ProviderVoice => ({
          id,
          name: firstString(v.name, v.display_name) ?? id,
          gender: firstString(v.gender)?.toLowerCase(),
          language: firstString(v.language),
          previewUrl: firstString(v.preview_audio),
        }),
      );
    },
  };
}

export function mapHeygenStatus(data: Record<string, unknown>): VideoJobStatus {
  const status = String(data.status ?? '').toLowerCase();
  switch (status) {
    case 'pending':
    case 'waiting':
      return { state: 'queued' };
    case 'processing':
      return { state: 'processing' };
    case 'completed':
      return completedJob({ videoUrl: data.video_url, thumbnailUrl: data.thumbnail_url, duration: data.duration }) ?? { state: 'processing' };
    case 'failed': {
      const err = data.error;
      const message = isRecord(err) ? firstString(err.message, err.detail, err.code) : firstString(err);
      return { state: 'failed', message: message ?? 'HeyGen reported the video as failed' };
    }
    default:
      // Unknown status: treat as still in progress rather than guessing an outcome.
      return { state: 'processing' };
  }
}

function normalizeGender(v: unknown): 'male' | 'female' | undefined {
  const g = typeof v === 'string' ? v.toLowerCase() : '';
  return g === 'male' || g === 'm' ? 'male' : g === 'female' || g === 'f' ? 'female' : undefined;
}
