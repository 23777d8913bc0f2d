// Local stand-in for the HeyGen API (the endpoints heygen.ts uses), shaped
// after HeyGen's documented requests and responses:
//   POST /v2/video/generate, GET /v1/video_status.get, GET /v2/avatars, GET /v2/voices
// Auth: X-Api-Key. Errors: v2 `{ error: { code, message }, data: null }`,
// v1 `{ code, message, data: null }`.
import { json, moderation, publicControls, randomHex, readJson, startFakeServer, type VendorFake, type VendorFakeOptions } from './core';

export type HeygenFake = VendorFake;

export const HEYGEN_FAKE_AVATARS = [
  { avatar_id: 'Angela-inTshirt-20220820', avatar_name: 'Angela in T-shirt', gender: 'female' },
  { avatar_id: 'Tyler-incasualsuit-20220721', avatar_name: 'Tyler in Casual Suit', gender: 'male' },
];
export const HEYGEN_FAKE_VOICES = [
  { voice_id: '1bd001e7e50f421d891986aad5158bc8', name: 'Sara', language: 'English', gender: 'female' },
  { voice_id: '2d5b0e6cf36f460aa7fc47e3eee4ba54', name: 'Paul', language: 'English', gender: 'male' },
];

export const HEYGEN_FAKE_MESSAGES = {
  failed: 'Video rendering failed due to an internal render error',
  rejected: 'Video was rejected by content moderation: the script violates the HeyGen content policy',
};

const MAX_SIDE = 4096;

export async function startHeygenFake(opts: VendorFakeOptions = {}): Promise<HeygenFake> {
  const apiKey = opts.apiKey ?? 'heygen-test-key';
  const moderated = moderation(opts.moderatedTerms);
  const v2Error = (code: string | number, message: string) => ({ error: { code, message }, data: null });
  const v2Ok = (data: unknown) => json({ error: null, data });

  const core = await startFakeServer<Record<string, unknown>>(opts, {
    authorise(req) {
      if ([apiKey, ...(opts.moreKeys ?? [])].includes(req.headers.get('x-api-key') ?? '')) return null;
      return json(v2Error(40009, 'Invalid credentials provided'), 401);
    },
    errorBody: (status, message) => v2Error(status >= 500 ? 'internal_error' : status, message),
    async handle(req, url, core) {
      const path = url.pathname.replace(/\/+$/, '');

      if (req.method === 'POST' && path === '/v2/video/generate') {
        const parsed = await readJson(req);
        if (!parsed.ok) return json(v2Error('invalid_parameter', 'Request body must be a JSON object'), 400);
        const body = parsed.body;
        const problem = validateGenerate(body);
        if (problem) return json(v2Error(problem.code, problem.message), 400);
        const job = core.createJob(body, randomHex(16));
        if (moderated(scriptsOf(body).join(' '))) job.outcome = 'reject';
        return v2Ok({ video_id: job.id });
      }

      if (req.method === 'GET' && path === '/v1/video_status.get') {
        const id = url.searchParams.get('video_id');
        if (!id) return json({ code: 400, message: 'video_id is required', data: null }, 400);
        const job = core.jobs.get(id);
        if (!job) return json({ code: 404, message: `Video ${id} not found`, data: null }, 404);
        const phase = core.poll(job);
        const data: Record<string, unknown> = {
          id: job.id,
          status:
            phase === 'queued'
              ? job.polls === 1
                ? 'waiting'
                : 'pending'
              : phase === 'processing'
                ? 'processing'
                : phase === 'succeeded'
                  ? 'completed'
                  : 'failed',
          video_url: null,
          thumbnail_url: null,
          gif_url: null,
          caption_url: null,
          duration: null,
          callback_id: null,
          error: null,
        };
        if (phase === 'succeeded') {
          // HeyGen re-signs video_url on every status call; each URL expires on its own.
          data.video_url = core.signedVideoUrl(job.id);
          data.thumbnail_url = core.thumbnailUrl(job.id);
          data.duration = 1.0;
        } else if (phase === 'failed') {
          data.error = { code: 40001, message: job.message ?? HEYGEN_FAKE_MESSAGES.failed, detail: 'render_failed' };
        } else if (phase === 'rejected') {
          data.error = { code: 40119, message: job.message ?? HEYGEN_FAKE_MESSAGES.rejected, detail: 'moderation_rejected' };
        }
        return json({ code: 100, message: 'Success', data });
      }

      if (req.method === 'GET' && path === '/v2/avatars') {
        return v2Ok({
          avatars: HEYGEN_FAKE_AVATARS.map((a) => ({
            ...a,
            preview_image_url: `${core.url}/media/avatar-${a.avatar_id}.png`,
            preview_video_url: null,
            premium: false,
          })),
          talking_photos: [],
        });
      }

      if (req.method === 'GET' && path === '/v2/voices') {
        return v2Ok({
          voices: HEYGEN_FAKE_VOICES.map((v) => ({
            ...v,
            preview_audio: `${core.url}/media/voice-${v.voice_id}.mp3`,
            support_pause: true,
            emotion_support: false,
          })),
        });
      }
      return undefined;
    },
  });
  return { ...publicControls(core), apiKey };
}

function scriptsOf(body: Record<string, unknown>): string[] {
  const inputs = Array.isArray(body.video_inputs) ? body.video_inputs : [];
  return inputs.map((i) => String((i as { voice?: { input_text?: unknown } })?.voice?.input_text ?? ''));
}

function validateGenerate(body: Record<string, unknown>): { code: string; message: string } | null {
  const inputs = body.video_inputs;
  if (!Array.isArray(inputs) || inputs.length === 0) {
    return { code: 'invalid_parameter', message: 'video_inputs is required and must be a non-empty array' };
  }
  if (inputs.length > 50) return { code: 'invalid_parameter', message: 'video_inputs supports at most 50 scenes' };
  for (const [i, raw] of inputs.entries()) {
    const input = (raw ?? {}) as Record<string, any>;
    const ch = input.character;
    if (ch?.type !== 'avatar' || typeof ch.avatar_id !== 'string' || !ch.avatar_id) {
      return { code: 'invalid_parameter', message: `video_inputs[${i}].character.avatar_id is required` };
    }
    if (!HEYGEN_FAKE_AVATARS.some((a) => a.avatar_id === ch.avatar_id)) {
      return { code: 'avatar_not_found', message: `Avatar ${ch.avatar_id} not found or no longer available` };
    }
    const voice = input.voice;
    if (voice?.type !== 'text') {
      return { code: 'invalid_parameter', message: `video_inputs[${i}].voice.type must be "text"` };
    }
    if (typeof voice.input_text !== 'string' || !voice.input_text.trim()) {
      return { code: 'invalid_parameter', message: `video_inputs[${i}].voice.input_text is required` };
    }
    if (voice.input_text.length > 5000) {
      return { code: 'invalid_parameter', message: 'input_text must be at most 5000 characters' };
    }
    if (typeof voice.voice_id !== 'string' || !voice.voice_id) {
      return { code: 'invalid_parameter', message: `video_inputs[${i}].voice.voice_id is required` };
    }
    if (!HEYGEN_FAKE_VOICES.some((v) => v.voice_id === voice.voice_id)) {
      return { code: 'voice_not_found', message: `Voice ${voice.voice_id} not found` };
    }
    const bg = input.background;
    if (bg !== undefined) {
      const okColor = bg?.type === 'color' && typeof bg.value === 'string' && /^#[0-9a-f]{6}$/i.test(bg.value);
      const okImage = bg?.type === 'image' && (typeof bg.url === 'string' || typeof bg.image_asset_id === 'string');
      if (!okColor && !okImage) return { code: 'invalid_parameter', message: `video_inputs[${i}].background is invalid` };
    }
  }
  const dim = body.dimension as Record<string, unknown> | undefined;
  if (dim !== undefined) {
    const ok = (n: unknown) => Number.isInteger(n) && (n as number) > 0 && (n as number) <= MAX_SIDE;
    if (!ok(dim?.width) || !ok(dim?.height)) {
      return { code: 'invalid_parameter', message: 'dimension.width and dimension.height must be positive integers' };
    }
  }
  return null;
}
