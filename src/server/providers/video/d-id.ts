// D-ID adapter, Clips API (https://docs.d-id.com/reference/clips-overview).
// Clips (presenter_id) rather than Talks (source_url image) because our
// avatarId is a catalogue id, and D-ID's catalogue of presenters
// (GET /clips/presenters) is addressed by presenter_id on POST /clips.
//   POST /clips            { presenter_id, script: { type:'text', input, provider? }, background?, config } → 201 { id, status }
//   GET  /clips/{id}       → { id, status, result_url, duration, error: { kind, description } }
//   GET  /clips/presenters → { presenters: [{ presenter_id, name, gender, thumbnail_url, preview_url }] }
//   GET  /tts/voices       → [{ id, name, gender, provider, languages: [{ locale, language }] }]
// Auth: `Authorization: Basic <API key>`; the key from D-ID Studio is already
// the `username:password` credential and is sent as documented, unchanged.
// Statuses: created | started | done | error | rejected. Errors: { kind, description }.
//
// Voice ids: a D-ID voice needs its TTS provider as well as its id, so
// listVoices() returns ids as `provider:voice_id` (e.g. `microsoft:en-US-JennyNeural`)
// and submit() splits them again; a bare id is taken as a Microsoft voice.
// Output size follows the presenter (Clips has no resolution / aspect parameter).
import type { VendorConnection } from '../connection';
import { completedJob, firstString, isRecord, listed, vendorApi } from './download';
import { ProviderError, type CloudVideoProvider, type ProviderAvatar, type ProviderVoice, type VideoJobStatus } from './types';

export type DidProviderConfig = VendorConnection & { apiKey: string };

const VENDOR = 'D-ID';
const DEFAULT_TTS_PROVIDER = 'microsoft';

export function didErrorMessage(body: unknown): string | undefined {
  if (!isRecord(body)) return typeof body === 'string' ? body || undefined : undefined;
  const description = firstString(body.description);
  // ValidationError bodies carry per-field detail: { details: { field: { message } } }.
  if (isRecord(body.details)) {
    const fields: string[] = [];
    for (const [field, d] of Object.entries(body.details)) {
      const m = isRecord(d) ? firstString(d.message) : firstString(d);
      if (m) fields.push(`${field}: ${m}`);
    }
    if (fields.length) return `${description ?? 'validation failed'} (${fields.join('; ')})`;
  }
  // The API gateway answers { message } / { Message } before the service does.
  return firstString(description, body.message, body.Message, body.kind);
}

/** `provider:voice_id` → D-ID script.provider object. */
export function didVoiceProvider(voiceId: string): { type: string; voice_id: string } {
  const i = voiceId.indexOf(':');
  if (i > 0) return { type: voiceId.slice(0, i), voice_id: voiceId.slice(i + 1) };
  return { type: DEFAULT_TTS_PROVIDER, voice_id: voiceId };
}

export function createDidProvider(config: DidProviderConfig): CloudVideoProvider {
  const { apiKey } = config;
  if (!apiKey) throw new ProviderError('D-ID: apiKey is required');
  const call = vendorApi(config, {
    name: VENDOR,
    defaultBaseUrl: 'https://api.d-id.com',
    headers: { Authorization: `Basic ${apiKey}` },
    errorMessage: didErrorMessage,
  });

  return {
    name: 'did',

    async submit(input) {
      const script: Record<string, unknown> = { type: 'text', input: input.script };
      if (input.voiceId) script.provider = didVoiceProvider(input.voiceId);
      const body: Record<string, unknown> = {
        presenter_id: input.avatarId,
        script,
        config: { result_format: 'mp4' },
      };
      if (input.background?.kind === 'color') body.background = { color: input.background.color };
      else if (input.background?.kind === 'image') body.background = { source_url: input.background.url };
      if (input.title) body.name = input.title;
      const json = await call('POST', '/clips', body);
      const jobId = isRecord(json) ? firstString(json.id) : undefined;
      if (!jobId) throw new ProviderError(`${VENDOR}: create response has no id`, undefined, true);
      return { jobId };
    },

    async status(jobId) {
      const json = await call('GET', `/clips/${encodeURIComponent(jobId)}`);
      if (!isRecord(json)) throw new ProviderError(`${VENDOR}: unexpected status response`, undefined, true);
      return mapDidStatus(json);
    },

    async listAvatars() {
      const json = await call('GET', '/clips/presenters');
      return listed(
        isRecord(json) ? json.presenters : [],
        (p) => p.presenter_id,
        (p, id): ProviderAvatar => {
          const g = String(p.gender ?? '').toLowerCase();
          return {
            id,
            name: firstString(p.name, p.presenter_name) ?? id,
            gender: g === 'male' ? 'male' : g === 'female' ? 'female' : undefined,
            thumbnailUrl: firstString(p.thumbnail_url, p.image_url, p.preview_url),
          };
        },
      );
    },

    async listVoices() {
      const json = await call('GET', '/tts/voices');
      return listed(
        isRecord(json) ? json.voices : json,
        (v) => firstString(v.id, v.voice_id),
        (v, rawId): ProviderVoice => {
          const provider = firstString(v.provider) ?? DEFAULT_TTS_PROVIDER;
          const lang = Array.isArray(v.languages) ? v.languages.find(isRecord) : undefined;
          return {
            id: `${provider}:${rawId}`,
            name: firstString(v.name) ?? rawId,
            gender: firstString(v.gender)?.toLowerCase(),
            language: lang ? firstString(lang.locale, lang.language) : firstString(v.locale, v.language),
            previewUrl: firstString(v.preview_url),
          };
        },
      );
    },
  };
}

export function mapDidStatus(clip: Record<string, unknown>): VideoJobStatus {
  const status = String(clip.status ?? '').toLowerCase();
  switch (status) {
    case 'created':
      return { state: 'queued' };
    case 'started':
      return { state: 'processing' };
    case 'done':
      return completedJob({ videoUrl: clip.result_url, thumbnailUrl: clip.thumbnail_url, duration: clip.duration }) ?? { state: 'processing' };
    case 'error':
    case 'rejected': {
      const err = clip.error;
      const message = isRecord(err) ? firstString(err.description, err.message, err.kind) : firstString(err);
      return {
        state: 'failed',
        message: message ?? (status === 'rejected' ? 'D-ID rejected the clip' : 'D-ID reported the clip as failed'),
      };
    }
    default:
      return { state: 'processing' };
  }
}
