// Local stand-in for D-ID's Clips API (the endpoints d-id.ts uses):
//   POST /clips, GET /clips/{id}, GET /clips/presenters, GET /tts/voices
// Auth: `Authorization: Basic <API key>`. Errors: `{ kind, description }`
// (ValidationError adds `details`). Statuses: created → started → done | error | rejected.
import { randomBytes } from 'node:crypto';
import { json, moderation, publicControls, readJson, startFakeServer, type VendorFake, type VendorFakeOptions } from './core';

export type DidFake = VendorFake;

export const DID_FAKE_PRESENTERS = [
  { presenter_id: 'v2_public_Amber@0zSz8kflCN', name: 'Amber', gender: 'female' },
  { presenter_id: 'v2_public_Adam@0GLJgELXjc', name: 'Adam', gender: 'male' },
];
export const DID_FAKE_VOICES = [
  { id: 'en-US-JennyNeural', name: 'Jenny', gender: 'female', provider: 'microsoft', locale: 'en-US', language: 'English (United States)' },
  { id: 'Amy', name: 'Amy', gender: 'female', provider: 'amazon', locale: 'en-GB', language: 'English (British)' },
  { id: 'en-GB-RyanNeural', name: 'Ryan', gender: 'male', provider: 'microsoft', locale: 'en-GB', language: 'English (United Kingdom)' },
];
const TTS_PROVIDERS = ['microsoft', 'amazon', 'elevenlabs', 'afflorithmics'];

export const DID_FAKE_MESSAGES = {
  failed: 'Internal error while rendering the clip',
  rejected: 'The clip was rejected by moderation: the script contains content that violates the terms of use',
};

export async function startDidFake(opts: VendorFakeOptions = {}): Promise<DidFake> {
  const apiKey = opts.apiKey ?? 'ZGlkLXRlc3RAZXhhbXBsZS5jb20:did-test-secret';
  const moderated = moderation(opts.moderatedTerms);
  const kindFor = (status: number) =>
    status === 400
      ? 'BadRequestError'
      : status === 401
        ? 'AuthorizationError'
        : status === 404
          ? 'NotFoundError'
          : status === 429
            ? 'TooManyRequestsError'
            : 'InternalServerError';

  const core = await startFakeServer<Record<string, unknown>>(opts, {
    authorise(req) {
      if ([apiKey, ...(opts.moreKeys ?? [])].some((k) => req.headers.get('authorization') === `Basic ${k}`)) return null;
      return json({ kind: 'AuthorizationError', description: 'user unauthenticated' }, 401);
    },
    errorBody: (status, message) => ({ kind: kindFor(status), description: message }),
    async handle(req, url, core) {
      const path = url.pathname.replace(/\/+$/, '');

      if (req.method === 'POST' && path === '/clips') {
        const parsed = await readJson(req);
        if (!parsed.ok) return json({ kind: 'BadRequestError', description: 'invalid json body' }, 400);
        const body = parsed.body;
        const problem = validateClip(body);
        if (problem) return json(problem, 400);
        const id = `clp_${randomBytes(16).toString('base64url').slice(0, 21)}`;
        const job = core.createJob(body, id);
        if (moderated(String((body.script as Record<string, unknown>).input ?? ''))) job.outcome = 'reject';
        return json({ id, object: 'clip', created_at: new Date(job.createdAt).toISOString(), status: 'created' }, 201);
      }

      if (req.method === 'GET' && path === '/clips/presenters') {
        return json({
          presenters: DID_FAKE_PRESENTERS.map((p) => ({
            ...p,
            driver_id: `${p.presenter_id.split('@')[0]}-driver`,
            thumbnail_url: `${core.url}/media/presenter-${encodeURIComponent(p.name)}.png`,
            preview_url: `${core.url}/media/presenter-${encodeURIComponent(p.name)}-preview.png`,
            is_streamable: false,
            modified_at: new Date(0).toISOString(),
          })),
        });
      }

      const m = /^\/clips\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && m) {
        const job = core.jobs.get(decodeURIComponent(m[1]!));
        if (!job) return json({ kind: 'NotFoundError', description: 'clip not found' }, 404);
        const phase = core.poll(job);
        const now = new Date().toISOString();
        const clip: Record<string, unknown> = {
          id: job.id,
          object: 'clip',
          presenter_id: job.request.presenter_id,
          created_at: new Date(job.createdAt).toISOString(),
          modified_at: now,
          status:
            phase === 'queued' ? 'created' : phase === 'processing' ? 'started' : phase === 'succeeded' ? 'done' : phase === 'failed' ? 'error' : 'rejected',
        };
        if (phase !== 'queued') clip.started_at = new Date(job.createdAt).toISOString();
        if (phase === 'succeeded') {
          clip.result_url = core.signedVideoUrl(job.id);
          clip.duration = 1;
        } else if (phase === 'failed') {
          clip.error = { kind: 'InternalServerError', description: job.message ?? DID_FAKE_MESSAGES.failed };
        } else if (phase === 'rejected') {
          clip.error = { kind: 'ModerationError', description: job.message ?? DID_FAKE_MESSAGES.rejected };
        }
        return json(clip);
      }

      if (req.method === 'GET' && path === '/tts/voices') {
        const provider = url.searchParams.get('provider');
        if (provider && !TTS_PROVIDERS.includes(provider)) {
          return json(
            {
              kind: 'ValidationError',
              description: 'validation failed',
              details: { provider: { message: `should be one of the following; ${JSON.stringify(TTS_PROVIDERS)}`, value: provider } },
            },
            400,
          );
        }
        return json(
          DID_FAKE_VOICES.filter((v) => !provider || v.provider === provider).map((v) => ({
            id: v.id,
            name: v.name,
            gender: v.gender,
            provider: v.provider,
            access: 'public',
            styles: [],
            languages: [{ locale: v.locale, language: v.language }],
          })),
        );
      }
      return undefined;
    },
  });
  return { ...publicControls(core), apiKey };
}

function validateClip(body: Record<string, unknown>): Record<string, unknown> | null {
  const validation = (field: string, message: string) => ({
    kind: 'ValidationError',
    description: 'validation failed',
    details: { [field]: { message } },
  });
  if (typeof body.presenter_id !== 'string' || !body.presenter_id) return validation('presenter_id', 'presenter_id is required');
  if (!DID_FAKE_PRESENTERS.some((p) => p.presenter_id === body.presenter_id)) {
    return { kind: 'NotFoundError', description: `presenter ${body.presenter_id} not found` };
  }
  const script = body.script as Record<string, any> | undefined;
  if (!script || typeof script !== 'object') return validation('script', 'script is required');
  if (script.type !== 'text' && script.type !== 'audio') return validation('script.type', 'should be one of the following; ["text","audio"]');
  if (script.type === 'text') {
    if (typeof script.input !== 'string' || script.input.trim().length < 3) {
      return { kind: 'BadRequestError', description: 'Failed to validate script: input must be at least 3 characters' };
    }
    if (script.provider !== undefined) {
      const p = script.provider;
      if (!p || !TTS_PROVIDERS.includes(p.type)) {
        return validation('script.provider.type', `should be one of the following; ${JSON.stringify(TTS_PROVIDERS)}`);
      }
      if (typeof p.voice_id !== 'string' || !DID_FAKE_VOICES.some((v) => v.provider === p.type && v.id === p.voice_id)) {
        return { kind: 'BadRequestError', description: `unknown voice_id ${String(p.voice_id)} for provider ${p.type}` };
      }
    }
  } else if (typeof script.audio_url !== 'string') {
    return validation('script.audio_url', 'audio_url is required');
  }
  const bg = body.background as Record<string, unknown> | undefined;
  if (bg !== undefined && typeof bg.color !== 'string' && typeof bg.source_url !== 'string') {
    return validation('background', 'background needs color or source_url');
  }
  return null;
}
