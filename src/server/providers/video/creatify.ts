// Creatify adapter, lipsync API (https://docs.creatify.ai/api-reference/lipsyncs).
//   POST /api/lipsyncs/       { text, creator, accent?, aspect_ratio, name?, background_asset_image_url? } → lipsync item
//   GET  /api/lipsyncs/{id}/  → { id, status, progress, output, video_thumbnail, duration, failed_reason }
//   GET  /api/personas/       → [{ id, creator_name, gender: m|f|nb, preview_image_16_9, ... }]
//   GET  /api/voices/         → [{ name, gender, accents: [{ id, accent_name, preview_url }] }]
// Auth: `X-API-ID` + `X-API-KEY` headers.
// Statuses: pending | in_queue | running | done | failed | rejected.
// Our avatarId is a persona id (`creator`); our voiceId is an accent id (`accent`).
// The lipsync v1 API has no output-resolution or solid-colour background
// parameter: `resolution` and colour backgrounds are not sent.
import type { VendorConnection } from '../connection';
import { completedJob, firstString, isRecord, listed, vendorApi } from './download';
import { ProviderError, type CloudVideoProvider, type ProviderAvatar, type ProviderVoice, type VideoJobInput, type VideoJobStatus } from './types';

export type CreatifyProviderConfig = VendorConnection & { apiId: string; apiKey: string };

const VENDOR = 'Creatify';

export const CREATIFY_ASPECT: Record<VideoJobInput['aspectRatio'], '16x9' | '9x16' | '1x1'> = {
  landscape: '16x9',
  portrait: '9x16',
  square: '1x1',
};

/** DRF-style bodies: { detail } / { message } / { field: ["msg"] } / { non_field_errors: [...] }. */
export function creatifyErrorMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body || undefined;
  if (Array.isArray(body)) return firstString(...body);
  if (!isRecord(body)) return undefined;
  const direct = firstString(body.detail, body.message, body.error, body.failed_reason);
  if (direct) return direct;
  const parts: string[] = [];
  for (const [field, value] of Object.entries(body)) {
    const msgs = Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [];
    if (typeof value === 'string') msgs.push(value);
    if (msgs.length) parts.push(field === 'non_field_errors' ? msgs.join(' ') : `${field}: ${msgs.join(' ')}`);
  }
  return parts.length ? parts.join('; ') : undefined;
}

export function createCreatifyProvider(config: CreatifyProviderConfig): CloudVideoProvider {
  const { apiId, apiKey } = config;
  if (!apiId || !apiKey) throw new ProviderError('Creatify: apiId and apiKey are required');
  const call = vendorApi(config, {
    name: VENDOR,
    defaultBaseUrl: 'https://api.creatify.ai',
    headers: { 'X-API-ID': apiId, 'X-API-KEY': apiKey },
    errorMessage: creatifyErrorMessage,
  });

  // List endpoints answer a bare array; the paginated variants answer { results }.
  const listOf = (json: unknown): Record<string, unknown>[] => {
    const arr = Array.isArray(json) ? json : isRecord(json) && Array.isArray(json.results) ? json.results : [];
    return arr.filter(isRecord);
  };

  return {
    name: 'creatify',

    async submit(input) {
      const body: Record<string, unknown> = {
        text: input.script,
        creator: input.avatarId,
        aspect_ratio: CREATIFY_ASPECT[input.aspectRatio],
      };
      if (input.voiceId) body.accent = input.voiceId;
      if (input.title) body.name = input.title;
      if (input.background?.kind === 'image') body.background_asset_image_url = input.background.url;
      const json = await call('POST', '/api/lipsyncs/', body);
      const jobId = isRecord(json) ? firstString(json.id) : undefined;
      if (!jobId) throw new ProviderError(`${VENDOR}: create response has no id`, undefined, true);
      return { jobId };
    },

    async status(jobId) {
      const json = await call('GET', `/api/lipsyncs/${encodeURIComponent(jobId)}/`);
      if (!isRecord(json)) throw new ProviderError(`${VENDOR}: unexpected status response`, undefined, true);
      return mapCreatifyStatus(json);
    },

    async listAvatars() {
      return listed(
        listOf(await call('GET', '/api/personas/')),
        (p) => p.id,
        (p, id): ProviderAvatar => {
          const g = String(p.gender ?? '').toLowerCase();
          return {
            id,
            name: firstString(p.creator_name) ?? id,
            gender: g === 'm' ? 'male' : g === 'f' ? 'female' : undefined,
            thumbnailUrl: firstString(p.preview_image_16_9, p.preview_image_1_1, p.preview_image_9_16),
          };
        },
      );
    },

    async listVoices() {
      // A voice has several accents; the accent id is what a lipsync takes.
      return listOf(await call('GET', '/api/voices/')).flatMap((v) => {
        const voiceName = firstString(v.name) ?? 'Voice';
        return listed(
          v.accents,
          (a) => a.id,
          (a, id): ProviderVoice => {
            const accentName = firstString(a.accent_name);
            return {
              id,
              name: accentName ? `${voiceName} (${accentName})` : voiceName,
              gender: firstString(v.gender)?.toLowerCase(),
              language: accentName,
              previewUrl: firstString(a.preview_url),
            };
          },
        );
      });
    },
  };
}

export function mapCreatifyStatus(item: Record<string, unknown>): VideoJobStatus {
  const status = String(item.status ?? '').toLowerCase();
  switch (status) {
    case 'pending':
    case 'in_queue':
      return { state: 'queued', progress: parseProgress(item.progress) };
    case 'running':
      return { state: 'processing', progress: parseProgress(item.progress) };
    case 'done':
      return completedJob({ videoUrl: item.output, thumbnailUrl: item.video_thumbnail, duration: item.duration }) ?? { state: 'processing', progress: 100 };
    case 'failed':
      return { state: 'failed', message: firstString(item.failed_reason) ?? 'Creatify reported the lipsync as failed' };
    case 'rejected':
      return { state: 'failed', message: firstString(item.failed_reason) ?? 'Creatify rejected the lipsync' };
    default:
      return { state: 'processing', progress: parseProgress(item.progress) };
  }
}

/**
 * Creatify documents `progress` only as a string. Accepts "0.42", "42", "42%";
 * a value ≤ 1 with a decimal point is read as a fraction. Returns 0–100.
 */
export function parseProgress(v: unknown): number | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  const raw = String(v).trim();
  const n = Number.parseFloat(raw.replace('%', ''));
  if (!Number.isFinite(n) || n < 0) return undefined;
  const pct = !raw.includes('%') && n <= 1 && (raw.includes('.') || n === 0) ? n * 100 : n;
  return Math.min(100, Math.round(pct));
}
