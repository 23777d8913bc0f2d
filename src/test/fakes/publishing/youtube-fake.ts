// A local fake of the YouTube Data API v3 and Google's OAuth token endpoint (the subset the adapter
// uses), on 127.0.0.1:0. Error bodies follow Google's shape: { error: { code, message, errors: [{ reason }] } }.
// Paths:
// - POST /token                                   grant_type=authorization_code (code YOUTUBE_FAKE.code) | refresh_token
// - GET  /youtube/v3/channels?part=snippet&mine=true
// - POST /upload/youtube/v3/videos?uploadType=resumable&part=snippet,status   → 200 + Location (session URI)
// - PUT  the session URI with Content-Range: bytes a-b/T (stores the bytes; 308 + Range, then 201 + video)
//   or bytes */T (status query: 308 + Range of what it holds; a finished upload: 200 + its video); unknown session → 404
// - GET  /youtube/v3/videos?part=statistics&id=
// Switches: expireTokens() (→ 401 until refreshed), revokeRefresh() (refresh → 400 invalid_grant),
// quota('quotaExceeded' | 'rateLimitExceeded') (→ 403 on the API), dropAfter(n) (the next upload PUT
// closes the connection once the session holds n bytes), rejectNext(message) (the next upload start
// → 400 invalidTitle-like), forgetSessions() (→ 404). Finished videos record their size and sha256.
import { createHash } from 'node:crypto';

export const YOUTUBE_FAKE = {
  clientId: 'yt-client',
  clientSecret: 'yt-secret',
  code: 'yt-good-code',
  refreshToken: 'yt-refresh-token',
  channel: { id: 'UCfakeChannel001', title: 'Acme Studio' },
} as const;

export type YouTubeFakeRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  bodyBytes: number;
  body?: unknown;
};
export type VideoResource = { snippet: { title: string; description?: string; categoryId?: string }; status: Record<string, unknown> };
export type FakeUploadSession = { id: string; total: number; contentType: string; resource: VideoResource; chunks: Uint8Array[]; held: number };
export type FakeYouTubeVideo = {
  id: string;
  resource: VideoResource & { id: string };
  size: number;
  sha256: string;
  stats: { viewCount: number; likeCount: number; commentCount: number };
};

export type YouTubeFake = {
  url: string;
  requests: YouTubeFakeRequest[];
  sessions: Map<string, FakeUploadSession>;
  videos: Map<string, FakeYouTubeVideo>;
  expireTokens(): void;
  revokeRefresh(revoked?: boolean): void;
  quota(reason: 'quotaExceeded' | 'rateLimitExceeded' | null): void;
  dropAfter(bytes: number | null): void;
  rejectNext(message: string): void;
  forgetSessions(): void;
  setStats(videoId: string, stats: Partial<FakeYouTubeVideo['stats']>): void;
  /**
   * Called as an upload's bytes arrive, with what the session holds (a test kills the app there);
   * answering 'cut' makes the fake stop reading that request, keeping what it holds.
   */
  onBytes(hook: ((held: number) => Promise<'cut' | undefined>) | null): void;
  stop(): void;
};

const gerr = (code: number, message: string, reason: string) =>
  Response.json({ error: { code, message, errors: [{ message, domain: 'youtube.api', reason }] } }, { status: code });

/** A response whose body fails (quietly, no reason): Bun closes the connection, the client sees ECONNRESET. */
export const dropConnection = () =>
  new Response(
    new ReadableStream({
      pull(c) {
        c.error();
      },
    }),
  );

export function startYouTubeFake(): YouTubeFake {
  const requests: YouTubeFakeRequest[] = [];
  const sessions = new Map<string, FakeUploadSession>();
  const videos = new Map<string, FakeYouTubeVideo>();
  const tokens = new Set<string>();
  let refreshRevoked = false;
  let quotaReason: string | null = null;
  let dropAt: number | null = null;
  let rejectMessage: string | null = null;
  let bytesHook: ((held: number) => Promise<'cut' | undefined>) | null = null;
  const finishedSessions = new Map<string, string>();
  let seq = 0;
  const next = (p: string) => `${p}${(++seq).toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const issue = () => {
    const t = next('ya29.fake-');
    tokens.add(t);
    return t;
  };

  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      const url = new URL(req.url);
      const p = url.pathname;
      const query = Object.fromEntries(url.searchParams);
      const headers = Object.fromEntries(req.headers);
      const record: YouTubeFakeRequest = { method: req.method, path: p, query, headers, bodyBytes: 0 };
      requests.push(record);

      if (req.method === 'POST' && p === '/token') {
        const form = Object.fromEntries(new URLSearchParams(await req.text()));
        record.body = form;
        if (form.client_id !== YOUTUBE_FAKE.clientId || form.client_secret !== YOUTUBE_FAKE.clientSecret)
          return Response.json({ error: 'invalid_client', error_description: 'The OAuth client was not found.' }, { status: 401 });
        if (form.grant_type === 'authorization_code') {
          if (form.code !== YOUTUBE_FAKE.code || !form.redirect_uri)
            return Response.json({ error: 'invalid_grant', error_description: 'Malformed auth code.' }, { status: 400 });
          return Response.json({ access_token: issue(), expires_in: 3599, refresh_token: YOUTUBE_FAKE.refreshToken, scope: 'youtube', token_type: 'Bearer' });
        }
        if (form.grant_type === 'refresh_token') {
          if (refreshRevoked || form.refresh_token !== YOUTUBE_FAKE.refreshToken)
            return Response.json({ error: 'invalid_grant', error_description: 'Token has been expired or revoked.' }, { status: 400 });
          return Response.json({ access_token: issue(), expires_in: 3599, scope: 'youtube', token_type: 'Bearer' });
        }
        return Response.json({ error: 'unsupported_grant_type', error_description: 'Invalid grant_type' }, { status: 400 });
      }

      const bearer = (req.headers.get('authorization') ?? '').replace(/^Bearer /, '');
      if (!tokens.has(bearer)) return gerr(401, 'Request had invalid authentication credentials.', 'authError');
      if (quotaReason) return gerr(403, `The request cannot be completed because you have exceeded your quota (${quotaReason}).`, quotaReason);

      if (req.method === 'GET' && p === '/youtube/v3/channels') {
        if (query.part !== 'snippet' || query.mine !== 'true') return gerr(400, 'part=snippet and mine=true are expected', 'invalidParameter');
        return Response.json({
          kind: 'youtube#channelListResponse',
          items: [{ kind: 'youtube#channel', id: YOUTUBE_FAKE.channel.id, snippet: { title: YOUTUBE_FAKE.channel.title } }],
        });
      }

      if (req.method === 'POST' && p === '/upload/youtube/v3/videos') {
        const resource = (await req.json().catch(() => null)) as VideoResource | null;
        record.body = resource;
        const total = Number(req.headers.get('x-upload-content-length'));
        if (query.uploadType !== 'resumable' || query.part !== 'snippet,status' || !resource?.snippet?.title || !Number.isFinite(total) || total <= 0)
          return gerr(400, 'A resumable upload needs part=snippet,status, a title and X-Upload-Content-Length.', 'invalidParameter');
        if (rejectMessage) {
          const message = rejectMessage;
          rejectMessage = null;
          return gerr(400, message, 'invalidVideoMetadata');
        }
        if (resource.status?.publishAt && resource.status.privacyStatus !== 'private')
          return gerr(400, 'A video can be scheduled only when its privacy status is private.', 'invalidPublishAt');
        const id = next('sess');
        sessions.set(id, { id, total, contentType: req.headers.get('x-upload-content-type') ?? '', resource, chunks: [], held: 0 });
        return new Response(null, { status: 200, headers: { Location: `${url.origin}/upload/youtube/v3/videos?uploadType=resumable&upload_id=${id}` } });
      }

      if (req.method === 'PUT' && p === '/upload/youtube/v3/videos') {
        // A session whose upload completed answers with its video, as the API documents for a status query.
        const finished = videos.get(finishedSessions.get(query.upload_id ?? '') ?? '');
        if (finished) return Response.json(finished.resource, { status: 200 });
        const s = sessions.get(query.upload_id ?? '');
        if (!s) return gerr(404, 'The upload session was not found.', 'notFound');
        const range = req.headers.get('content-range') ?? '';
        const holds = () => (s.held ? { Range: `bytes=0-${s.held - 1}` } : undefined);
        if (/^bytes \*\/\d+$/.test(range)) return new Response(null, { status: 308, headers: holds() });
        const m = range.match(/^bytes (\d+)-(\d+)\/(\d+)$/);
        if (!m || Number(m[3]) !== s.total) return gerr(400, 'Content-Range is invalid.', 'badContent');
        const start = Number(m[1]);
        if (start !== s.held) {
          await req.arrayBuffer();
          return new Response(null, { status: 308, headers: holds() });
        }
        const reader = req.body!.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          let piece = value;
          if (dropAt !== null && s.held + piece.length >= dropAt) {
            piece = piece.subarray(0, Math.max(0, dropAt - s.held));
            s.chunks.push(piece);
            s.held += piece.length;
            record.bodyBytes += piece.length;
            dropAt = null;
            return dropConnection();
          }
          s.chunks.push(piece.slice());
          s.held += piece.length;
          record.bodyBytes += piece.length;
          if (bytesHook && (await bytesHook(s.held)) === 'cut') return dropConnection();
        }
        if (s.held < s.total) return new Response(null, { status: 308, headers: holds() });
        const bytes = Buffer.concat(s.chunks);
        const id = next('vid');
        const resource = { kind: 'youtube#video', id, snippet: s.resource.snippet, status: { uploadStatus: 'uploaded', ...s.resource.status } };
        videos.set(id, {
          id,
          resource,
          size: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          stats: { viewCount: 0, likeCount: 0, commentCount: 0 },
        });
        sessions.delete(s.id);
        finishedSessions.set(s.id, id);
        return Response.json(resource, { status: 201 });
      }

      if (req.method === 'GET' && p === '/youtube/v3/videos') {
        const v = videos.get(query.id ?? '');
        const items = v
          ? [
              {
                kind: 'youtube#video',
                id: v.id,
                statistics: { viewCount: String(v.stats.viewCount), likeCount: String(v.stats.likeCount), commentCount: String(v.stats.commentCount) },
              },
            ]
          : [];
        return Response.json({ kind: 'youtube#videoListResponse', items });
      }
      return gerr(404, `No route ${req.method} ${p}`, 'notFound');
    },
  });

  return {
    url: `http://127.0.0.1:${server.port}`,
    requests,
    sessions,
    videos,
    expireTokens: () => tokens.clear(),
    revokeRefresh: (revoked = true) => {
      refreshRevoked = revoked;
    },
    quota: (reason) => {
      quotaReason = reason;
    },
    dropAfter: (bytes) => {
      dropAt = bytes;
    },
    rejectNext: (message) => {
      rejectMessage = message;
    },
    forgetSessions: () => {
      sessions.clear();
      finishedSessions.clear();
    },
    setStats(videoId, stats) {
      const v = videos.get(videoId);
      if (v) Object.assign(v.stats, stats);
    },
    onBytes: (hook) => {
      bytesHook = hook;
    },
    stop: () => server.stop(true),
  };
}
