// Shared machinery of the vendor fakes: a real HTTP server on 127.0.0.1
// (Bun.serve, port 0), an in-memory job store whose jobs advance over status
// polls (default, deterministic) or over wall-clock time, per-job controls
// (fail / reject / slow), injected 5xx answers, and signed, expiring media
// URLs serving a real MP4 — links stop working after `urlTtlMs` or after
// `maxDownloads` downloads, like the vendors' S3/CloudFront presigned URLs.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { getTestMp4, TINY_PNG } from './mp4';

export type JobOutcome = 'succeed' | 'fail' | 'reject';
export type JobPhase = 'queued' | 'processing' | 'succeeded' | 'failed' | 'rejected';

export type JobBehaviour = {
  outcome?: JobOutcome;
  /** Vendor message reported for a failed / rejected job. */
  message?: string;
  /** Stay in processing longer: true → `slowProcessingPolls` / `slowProcessingMs`, a number → that many polls. */
  slow?: boolean | number;
};

export type FakeTiming = {
  /** 'polls' (default): each status request moves a job on. 'time': jobs move on by wall clock. */
  advanceBy?: 'polls' | 'time';
  queuedPolls?: number; // default 1
  processingPolls?: number; // default 1
  slowProcessingPolls?: number; // default 5
  queuedMs?: number; // default 30
  processingMs?: number; // default 60
  slowProcessingMs?: number; // default 600
  /** Lifetime of a signed result URL. Default 60 s. */
  urlTtlMs?: number;
  /** Downloads allowed per signed URL (1 = dies after first download). Default unlimited. */
  maxDownloads?: number;
  /** Content-Type the media route answers with. Default video/mp4. */
  mediaContentType?: string;
};

/** What every vendor fake is started with: timing, its API key, and the script terms its content moderation rejects. */
export type VendorFakeOptions = FakeTiming & {
  apiKey?: string;
  /** Other accounts' keys it accepts too (two workspaces, each with its own key). */
  moreKeys?: string[];
  /** Scripts containing any of these terms (any case) are rejected by "content moderation". */
  moderatedTerms?: string[];
};

export type FakeJob<TRequest = Record<string, unknown>> = {
  id: string;
  /** The request body exactly as the fake received it. */
  request: TRequest;
  createdAt: number;
  polls: number;
  outcome: JobOutcome;
  message?: string;
  processingPolls: number;
  processingMs: number;
};

export type FakeControls<TRequest> = {
  url: string;
  jobs: Map<string, FakeJob<TRequest>>;
  /** Every API request seen (media downloads excluded): method, path and query, and the credential it carried. */
  requests: { method: string; path: string; key: string | null }[];
  stop(): void;
  /** Behaviour for the next job(s) created, in order. */
  nextJob(b: JobBehaviour): void;
  failJob(id: string, message?: string): void;
  rejectJob(id: string, message?: string): void;
  slowJob(id: string, polls?: number): void;
  /** The next `count` API requests answer `status` with the vendor's error body. */
  failNextRequests(count?: number, status?: number): void;
  /** The next `count` media downloads answer `status`. */
  failNextDownloads(count?: number, status?: number): void;
  /** Signed, expiring URL for a job's video (as the vendor would hand out). */
  signedVideoUrl(jobId: string): string;
  thumbnailUrl(jobId: string): string;
  /** The MP4 bytes the media route serves. */
  video: Uint8Array<ArrayBuffer>;
};

/** A running vendor fake as tests see it: the controls and the API key it accepts. */
export type VendorFake = FakeControls<Record<string, unknown>> & { apiKey: string };

export type VendorRoutes<TRequest> = {
  /** null when authorised, else the vendor's 401 response. */
  authorise(req: Request): Response | null;
  /** Vendor-shaped error body for injected failures and unknown routes. */
  errorBody(status: number, message: string): unknown;
  handle(req: Request, url: URL, core: FakeCore<TRequest>): Promise<Response | undefined> | Response | undefined;
};

export type FakeCore<TRequest> = FakeControls<TRequest> & {
  createJob(request: TRequest, id: string): FakeJob<TRequest>;
  /** Counts one status poll and returns the job's phase. */
  poll(job: FakeJob<TRequest>): JobPhase;
  phase(job: FakeJob<TRequest>): JobPhase;
};

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export async function readJson(req: Request): Promise<{ ok: true; body: Record<string, unknown> } | { ok: false }> {
  try {
    const body = await req.json();
    return body && typeof body === 'object' && !Array.isArray(body) ? { ok: true, body } : { ok: false };
  } catch {
    return { ok: false };
  }
}

export async function startFakeServer<TRequest>(timing: FakeTiming, routes: VendorRoutes<TRequest>): Promise<FakeCore<TRequest>> {
  const t = {
    advanceBy: timing.advanceBy ?? 'polls',
    queuedPolls: timing.queuedPolls ?? 1,
    processingPolls: timing.processingPolls ?? 1,
    slowProcessingPolls: timing.slowProcessingPolls ?? 5,
    queuedMs: timing.queuedMs ?? 30,
    processingMs: timing.processingMs ?? 60,
    slowProcessingMs: timing.slowProcessingMs ?? 600,
    urlTtlMs: timing.urlTtlMs ?? 60_000,
    maxDownloads: timing.maxDownloads ?? Number.POSITIVE_INFINITY,
    mediaContentType: timing.mediaContentType ?? 'video/mp4',
  };
  const video = await getTestMp4();
  const secret = randomBytes(32);
  const jobs = new Map<string, FakeJob<TRequest>>();
  const requests: FakeControls<TRequest>['requests'] = [];
  const pending: JobBehaviour[] = [];
  const downloadsByToken = new Map<string, number>();
  const injected = { api: [] as number[], media: [] as number[] };

  const sign = (jobId: string, expires: number) => createHmac('sha256', secret).update(`${jobId}\n${expires}`).digest('hex');

  const applyBehaviour = (job: FakeJob<TRequest>, b: JobBehaviour) => {
    if (b.outcome) job.outcome = b.outcome;
    if (b.message !== undefined) job.message = b.message;
    if (b.slow !== undefined && b.slow !== false) {
      job.processingPolls = typeof b.slow === 'number' ? b.slow : t.slowProcessingPolls;
      job.processingMs = t.slowProcessingMs;
    }
  };

  const phase = (job: FakeJob<TRequest>): JobPhase => {
    let stage: 'queued' | 'processing' | 'done';
    if (t.advanceBy === 'time') {
      const age = Date.now() - job.createdAt;
      stage = age < t.queuedMs ? 'queued' : age < t.queuedMs + job.processingMs ? 'processing' : 'done';
    } else {
      const p = job.polls;
      stage = p <= t.queuedPolls ? 'queued' : p <= t.queuedPolls + job.processingPolls ? 'processing' : 'done';
    }
    if (stage !== 'done') return stage;
    return job.outcome === 'succeed' ? 'succeeded' : job.outcome === 'fail' ? 'failed' : 'rejected';
  };

  const mustGet = (id: string) => {
    const job = jobs.get(id);
    if (!job) throw new Error(`fake: no job ${id}`);
    return job;
  };

  let baseUrl = '';

  const serveMedia = (url: URL): Response => {
    const failStatus = injected.media.shift();
    if (failStatus) return new Response('injected failure', { status: failStatus });
    const m = /^\/media\/([^/]+)\.(mp4|png)$/.exec(url.pathname);
    if (!m) return new Response('not found', { status: 404 });
    const [, jobId, ext] = m as unknown as [string, string, string];
    if (ext === 'png') return new Response(TINY_PNG, { headers: { 'Content-Type': 'image/png' } });
    if (!jobs.has(jobId)) return s3Error(404, 'NoSuchKey', 'The specified key does not exist.');
    const expires = Number(url.searchParams.get('X-Expires'));
    const sig = url.searchParams.get('X-Signature') ?? '';
    const expected = sign(jobId, expires);
    if (!Number.isFinite(expires) || sig.length !== expected.length || !timingSafeEqual(Buffer.from(sig), Buffer.from(expected))) {
      return s3Error(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
    }
    if (Date.now() >= expires) return s3Error(403, 'AccessDenied', 'Request has expired');
    const token = `${jobId}:${expires}:${sig}`;
    const used = downloadsByToken.get(token) ?? 0;
    if (used >= t.maxDownloads) return s3Error(403, 'AccessDenied', 'Request has expired (link already used)');
    downloadsByToken.set(token, used + 1);
    return new Response(video, { headers: { 'Content-Type': t.mediaContentType } });
  };

  const core: FakeCore<TRequest> = {
    url: '',
    jobs,
    requests,
    video,
    stop: () => server.stop(true),
    nextJob: (b) => void pending.push(b),
    failJob: (id, message) => applyBehaviour(mustGet(id), { outcome: 'fail', message }),
    rejectJob: (id, message) => applyBehaviour(mustGet(id), { outcome: 'reject', message }),
    slowJob: (id, polls) => applyBehaviour(mustGet(id), { slow: polls ?? true }),
    failNextRequests: (count = 1, status = 500) => {
      for (let i = 0; i < count; i++) injected.api.push(status);
    },
    failNextDownloads: (count = 1, status = 500) => {
      for (let i = 0; i < count; i++) injected.media.push(status);
    },
    signedVideoUrl: (jobId) => {
      const expires = Date.now() + t.urlTtlMs;
      return `${baseUrl}/media/${jobId}.mp4?X-Expires=${expires}&X-Signature=${sign(jobId, expires)}`;
    },
    thumbnailUrl: (jobId) => `${baseUrl}/media/${jobId}.png`,
    createJob: (request, id) => {
      const job: FakeJob<TRequest> = {
        id,
        request,
        createdAt: Date.now(),
        polls: 0,
        outcome: 'succeed',
        processingPolls: t.processingPolls,
        processingMs: t.processingMs,
      };
      const b = pending.shift();
      if (b) applyBehaviour(job, b);
      jobs.set(id, job);
      return job;
    },
    poll: (job) => {
      job.polls += 1;
      return phase(job);
    },
    phase,
  };

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      if (url.pathname.startsWith('/media/')) return serveMedia(url);
      requests.push({ method: req.method, path: url.pathname + url.search, key: req.headers.get('x-api-key') ?? req.headers.get('authorization') });
      const denied = routes.authorise(req);
      if (denied) return denied;
      const failStatus = injected.api.shift();
      if (failStatus) return json(routes.errorBody(failStatus, 'Internal server error, please retry'), failStatus);
      try {
        const res = await routes.handle(req, url, core);
        return res ?? json(routes.errorBody(404, `No route for ${req.method} ${url.pathname}`), 404);
      } catch (err) {
        return json(routes.errorBody(500, err instanceof Error ? err.message : 'internal error'), 500);
      }
    },
  });
  baseUrl = `http://127.0.0.1:${server.port}`;
  core.url = baseUrl;
  return core;
}

function s3Error(status: number, code: string, message: string): Response {
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`, {
    status,
    headers: { 'Content-Type': 'application/xml' },
  });
}

/** Public view handed to tests: the controls without the vendor-internal hooks. */
export function publicControls<TRequest>(core: FakeCore<TRequest>): FakeControls<TRequest> {
  const { createJob: _c, poll: _p, phase: _ph, ...controls } = core;
  return controls;
}

/** The fake's content moderation: whether a script contains one of the terms, in any case. */
export function moderation(terms: string[] = []): (script: string) => boolean {
  const lower = terms.map((term) => term.toLowerCase());
  return (script) => lower.some((term) => script.toLowerCase().includes(term));
}

export function randomHex(bytes = 16): string {
  return randomBytes(bytes).toString('hex');
}
