// Local stand-in for Creatify's lipsync API (the endpoints creatify.ts uses):
//   POST /api/lipsyncs/, GET /api/lipsyncs/{id}/, GET /api/personas/, GET /api/voices/
// Auth: X-API-ID + X-API-KEY. Errors are Django-REST-Framework shaped:
// `{ detail }` for auth / not found, `{ field: ["message"] }` for validation.
// Statuses: pending → in_queue → running → done | failed | rejected.
import { randomUUID } from 'node:crypto';
import { json, moderation, publicControls, readJson, startFakeServer, type VendorFake, type VendorFakeOptions } from './core';

/** Creatify wants an API id besides the key. */
export type CreatifyFakeOptions = VendorFakeOptions & { apiId?: string };

export type CreatifyFake = VendorFake & { apiId: string };

export const CREATIFY_FAKE_PERSONAS = [
  { id: '5021bec0-f33f-43e6-b0e3-1cb7f76003c6', creator_name: 'Jessica', gender: 'f' },
  { id: '18fccce8-86e7-5f31-abc8-18915cb872be', creator_name: 'Marcus', gender: 'm' },
];
export const CREATIFY_FAKE_VOICES = [
  {
    name: 'Fatima',
    gender: 'female',
    accents: [
      { id: '7a258b67-e1d3-4025-8904-8429daa3a34d', accent_name: 'American English accent' },
      { id: '9bd4f6a2-3c51-4a8e-9f0e-2d1c6b7a8e90', accent_name: 'British English accent' },
    ],
  },
  { name: 'Omar', gender: 'male', accents: [{ id: 'c3e2a1b0-4d5f-4e6a-8b7c-9d0e1f2a3b4c', accent_name: 'Neutral accent' }] },
];

export const CREATIFY_FAKE_MESSAGES = {
  failed: 'Video generation failed, credits have been refunded',
  rejected: 'Your script was rejected by our content moderation system',
};

const ASPECTS = ['16x9', '1x1', '9x16'];
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function startCreatifyFake(opts: CreatifyFakeOptions = {}): Promise<CreatifyFake> {
  const apiId = opts.apiId ?? 'creatify-test-id';
  const apiKey = opts.apiKey ?? 'creatify-test-key';
  const moderated = moderation(opts.moderatedTerms);

  const core = await startFakeServer<Record<string, unknown>>(opts, {
    authorise(req) {
      const id = req.headers.get('x-api-id');
      const key = req.headers.get('x-api-key');
      if (!id || !key) return json({ detail: 'Authentication credentials were not provided.' }, 401);
      if (id !== apiId || ![apiKey, ...(opts.moreKeys ?? [])].includes(key)) return json({ detail: 'Invalid API ID or API KEY.' }, 401);
      return null;
    },
    errorBody: (_status, message) => ({ detail: message }),
    async handle(req, url, core) {
      const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;

      if (req.method === 'POST' && path === '/api/lipsyncs/') {
        const parsed = await readJson(req);
        if (!parsed.ok) return json({ detail: 'JSON parse error - Expecting value' }, 400);
        const body = parsed.body;
        const errors = validateLipsync(body);
        if (errors) return json(errors, 400);
        const job = core.createJob(body, randomUUID());
        if (moderated(String(body.text ?? ''))) job.outcome = 'reject';
        return json(itemOf(job, 'pending', core));
      }

      const m = /^\/api\/lipsyncs\/([^/]+)\/$/.exec(path);
      if (req.method === 'GET' && m) {
        const job = core.jobs.get(decodeURIComponent(m[1]!));
        if (!job) return json({ detail: 'Not found.' }, 404);
        const phase = core.poll(job);
        const status =
          phase === 'queued' ? (job.polls === 1 ? 'pending' : 'in_queue') : phase === 'processing' ? 'running' : phase === 'succeeded' ? 'done' : phase;
        return json(itemOf(job, status, core));
      }

      if (req.method === 'GET' && path === '/api/personas/') {
        const now = new Date().toISOString();
        return json(
          CREATIFY_FAKE_PERSONAS.map((p) => ({
            ...p,
            created_at: now,
            updated_at: now,
            preview_image_16_9: `${core.url}/media/persona-${p.id}.png`,
            preview_image_1_1: `${core.url}/media/persona-${p.id}-sq.png`,
            preview_image_9_16: `${core.url}/media/persona-${p.id}-p.png`,
            is_active: true,
            type: 'regular',
          })),
        );
      }

      if (req.method === 'GET' && path === '/api/voices/') {
        return json(
          CREATIFY_FAKE_VOICES.map((v) => ({
            ...v,
            accents: v.accents.map((a) => ({ ...a, preview_url: `${core.url}/media/accent-${a.id}.mp3` })),
          })),
        );
      }
      return undefined;
    },
  });
  return { ...publicControls(core), apiId, apiKey };
}

function validateLipsync(body: Record<string, unknown>): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  if (body.aspect_ratio === undefined) errors.aspect_ratio = ['This field is required.'];
  else if (!ASPECTS.includes(String(body.aspect_ratio))) errors.aspect_ratio = [`"${body.aspect_ratio}" is not a valid choice.`];
  const hasText = typeof body.text === 'string' && body.text.trim() !== '';
  const hasAudio = typeof body.audio === 'string' && body.audio !== '';
  if (!hasText && !hasAudio) errors.non_field_errors = ['Either audio or text is required.'];
  else if (hasText && (body.text as string).length > 8000) errors.text = ['Ensure this field has no more than 8000 characters.'];
  const creator = body.creator;
  if (creator === undefined || creator === null || creator === '') errors.creator = ['This field is required.'];
  else if (!UUID_RE.test(String(creator))) errors.creator = [`"${creator}" is not a valid UUID.`];
  else if (!CREATIFY_FAKE_PERSONAS.some((p) => p.id === creator)) errors.creator = [`Invalid pk "${creator}" - object does not exist.`];
  if (body.accent !== undefined && body.accent !== null) {
    const known = CREATIFY_FAKE_VOICES.some((v) => v.accents.some((a) => a.id === body.accent));
    if (!known) errors.accent = [`Invalid pk "${body.accent}" - object does not exist.`];
  }
  return Object.keys(errors).length ? errors : null;
}

function itemOf(
  job: { id: string; request: Record<string, unknown>; createdAt: number; polls: number; processingPolls: number; message?: string },
  status: string,
  core: { signedVideoUrl(id: string): string; thumbnailUrl(id: string): string },
): Record<string, unknown> {
  const done = status === 'done';
  const progress = status === 'running' ? Math.min(0.95, (job.polls - 1) / (job.processingPolls + 1)).toFixed(2) : done ? '1.0' : '0';
  return {
    id: job.id,
    name: job.request.name ?? null,
    text: job.request.text ?? null,
    creator: job.request.creator ?? null,
    accent: job.request.accent ?? null,
    aspect_ratio: job.request.aspect_ratio,
    status,
    progress,
    output: done ? core.signedVideoUrl(job.id) : null,
    video_thumbnail: done ? core.thumbnailUrl(job.id) : null,
    duration: done ? 1 : null,
    credits_used: done ? 5 : 0,
    failed_reason:
      status === 'failed' ? (job.message ?? CREATIFY_FAKE_MESSAGES.failed) : status === 'rejected' ? (job.message ?? CREATIFY_FAKE_MESSAGES.rejected) : null,
    media_job: null,
    is_hidden: false,
    created_at: new Date(job.createdAt).toISOString(),
    updated_at: new Date().toISOString(),
  };
}
