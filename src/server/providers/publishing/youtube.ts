import { type PostInsights, PublishError, type PublishingProvider, type PublishRequest, type PublishResult, type PublishToken } from './types';

// YouTube Data API v3, as documented (docs/decisions/230-publishing-adapters.md):
// - OAuth 2.0 for web server apps (developers.google.com/identity/protocols/oauth2/web-server):
//   authorize with access_type=offline + prompt=consent so a refresh token comes back; POST {tokenUrl}
//   grant_type=authorization_code | refresh_token.
// - GET /youtube/v3/channels?part=snippet&mine=true: the channels the grant may publish to.
// - Resumable upload (developers.google.com/youtube/v3/guides/using_resumable_upload_protocol):
//   POST /upload/youtube/v3/videos?uploadType=resumable&part=snippet,status with the video resource and
//   X-Upload-Content-Length/-Type → 200 + Location (the session URI); PUT the bytes in chunks
//   (multiples of 256 KiB) with Content-Range → 308 Resume Incomplete + Range: bytes=0-N, then 200/201
//   with the video resource. After an interruption, PUT with Content-Range: bytes */TOTAL and an empty
//   body answers 308 + Range (what the server holds); 404/410: the session is gone, start over.
// - status.publishAt schedules a video, which must then be private until that time (videos resource).
// - GET /youtube/v3/videos?part=statistics&id=: viewCount, likeCount, commentCount (strings).
// - Errors: { error: { code, message, errors: [{ reason }] } }; 403 quotaExceeded / rateLimitExceeded.

const SCOPES = ['https://www.googleapis.com/auth/youtube.upload', 'https://www.googleapis.com/auth/youtube.readonly'];
const QUANTUM = 256 * 1024;

export type YouTubeConfig = {
  clientId: string;
  clientSecret: string;
  oauthUrl?: string;
  tokenUrl?: string;
  apiUrl?: string;
  /** Bytes per PUT: a multiple of 256 KiB (default 8 MiB). */
  chunkBytes?: number;
};

type GoogleError = { error?: { code?: number; message?: string; errors?: { reason?: string; message?: string }[] } | string; error_description?: string };

async function readError(res: Response): Promise<{ message: string; reasons: string[] }> {
  const body = (await res.json().catch(() => null)) as GoogleError | null;
  if (body && typeof body.error === 'object' && body.error) {
    return { message: body.error.message ?? `HTTP ${res.status}`, reasons: (body.error.errors ?? []).map((e) => e.reason ?? '') };
  }
  if (body && typeof body.error === 'string') return { message: body.error_description ?? body.error, reasons: [body.error] };
  return { message: `HTTP ${res.status}`, reasons: [] };
}

/** The YouTube answer in our kinds: 401 reauth, 403/429 quota reasons quota, 5xx transient, else rejected. */
export async function youtubeError(res: Response, what: string): Promise<PublishError> {
  const { message, reasons } = await readError(res);
  const text = `YouTube ${what}: ${message}`;
  if (res.status === 401) return new PublishError(text, 'reauth', 401);
  if (res.status === 429 || reasons.some((r) => /quotaExceeded|rateLimitExceeded|userRateLimitExceeded|dailyLimitExceeded/.test(r)))
    return new PublishError(text, 'quota', res.status);
  if (res.status >= 500) return new PublishError(text, 'transient', res.status);
  return new PublishError(text, 'rejected', res.status);
}

async function send(url: string, init: RequestInit, what: string): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    throw new PublishError(`YouTube ${what}: ${(err as Error).message}`, 'transient');
  }
}

/** The next byte to send, from a 308's Range header (`bytes=0-N`); none: nothing was kept. */
export function nextOffset(range: string | null): number {
  const m = range?.match(/bytes=\d+-(\d+)/);
  return m ? Number(m[1]) + 1 : 0;
}

type Video = { id: string };

export function createYouTubePublisher(config: YouTubeConfig): PublishingProvider {
  const oauthUrl = config.oauthUrl ?? 'https://accounts.google.com/o/oauth2/v2/auth';
  const tokenUrl = config.tokenUrl ?? 'https://oauth2.googleapis.com/token';
  const apiUrl = (config.apiUrl ?? 'https://www.googleapis.com').replace(/\/$/, '');
  const chunkBytes = Math.max(QUANTUM, Math.floor((config.chunkBytes ?? 8 * 1024 * 1024) / QUANTUM) * QUANTUM);

  const tokenCall = async (params: Record<string, string>, previous?: PublishToken): Promise<PublishToken> => {
    const body = new URLSearchParams({ client_id: config.clientId, client_secret: config.clientSecret, ...params });
    const res = await send(tokenUrl, { method: 'POST', body }, 'token');
    if (!res.ok) {
      const err = await youtubeError(res, 'token');
      // invalid_grant (revoked, expired refresh token) and a wrong client both mean: connect again.
      throw res.status < 500 && err.kind !== 'quota' ? new PublishError(err.message, 'reauth', res.status) : err;
    }
    const t = (await res.json()) as { access_token: string; refresh_token?: string; expires_in?: number };
    return {
      accessToken: t.access_token,
      refreshToken: t.refresh_token ?? previous?.refreshToken ?? null,
      expiresAt: t.expires_in ? new Date(Date.now() + t.expires_in * 1000).toISOString() : null,
    };
  };

  const refresh = async (token: PublishToken): Promise<PublishToken> => {
    if (!token.refreshToken) throw new PublishError('YouTube: the grant has no refresh token; connect the channel again', 'reauth');
    return tokenCall({ grant_type: 'refresh_token', refresh_token: token.refreshToken }, token);
  };

  /** Calls with the access token; on 401 refreshes once and calls again (a failed refresh is reauth). */
  const authed = async (
    token: PublishToken,
    call: (accessToken: string) => Promise<Response>,
    what: string,
  ): Promise<{ res: Response; token: PublishToken }> => {
    let res = await call(token.accessToken);
    if (res.status !== 401 || !token.refreshToken) return { res, token };
    const fresh = await refresh(token);
    res = await call(fresh.accessToken);
    if (res.status === 401) throw await youtubeError(res, what);
    return { res, token: fresh };
  };

  const startSession = async (req: PublishRequest, token: PublishToken): Promise<{ uri: string; token: PublishToken }> => {
    const scheduled = req.publishAt ? new Date(req.publishAt) : null;
    const resource = {
      snippet: { title: req.title, description: req.description, categoryId: '22' },
      status: {
        // A scheduled video stays private until publishAt (videos resource, status.publishAt).
        privacyStatus: scheduled ? 'private' : req.visibility,
        ...(scheduled ? { publishAt: scheduled.toISOString() } : {}),
        selfDeclaredMadeForKids: false,
      },
    };
    const url = `${apiUrl}/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`;
    const { res, token: used } = await authed(
      token,
      (accessToken) =>
        send(
          url,
          {
            method: 'POST',
            headers: {
              Authorization: `Bearer ${accessToken}`,
              'Content-Type': 'application/json; charset=UTF-8',
              'X-Upload-Content-Length': String(req.video.bytes),
              'X-Upload-Content-Type': 'video/mp4',
            },
            body: JSON.stringify(resource),
          },
          'upload start',
        ),
      'upload start',
    );
    if (!res.ok) throw await youtubeError(res, 'upload start');
    const uri = res.headers.get('location');
    if (!uri) throw new PublishError('YouTube upload start: no session URI in the answer', 'transient', res.status);
    return { uri, token: used };
  };

  /** What the server holds of a session: the next offset, the finished video, or null when it forgot it. */
  const queryOffset = async (uri: string, total: number, accessToken: string): Promise<{ offset: number } | { video: Video } | null> => {
    const res = await send(
      uri,
      { method: 'PUT', headers: { Authorization: `Bearer ${accessToken}`, 'Content-Length': '0', 'Content-Range': `bytes */${total}` } },
      'upload status',
    );
    if (res.status === 308) return { offset: nextOffset(res.headers.get('range')) };
    if (res.status === 200 || res.status === 201) return { video: (await res.json()) as Video };
    if (res.status === 404 || res.status === 410) return null;
    throw await youtubeError(res, 'upload status');
  };

  const upload = async (uri: string, req: PublishRequest, from: number, accessToken: string): Promise<Video> => {
    const total = req.video.bytes;
    const file = Bun.file(req.video.path);
    let offset = from;
    for (;;) {
      const end = Math.min(offset + chunkBytes, total);
      const res = await send(
        uri,
        {
          method: 'PUT',
          headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'video/mp4', 'Content-Range': `bytes ${offset}-${end - 1}/${total}` },
          body: file.slice(offset, end),
        },
        'upload',
      );
      if (res.status === 200 || res.status === 201) return (await res.json()) as Video;
      // A session the server forgot: the next attempt asks for it, learns it is gone and starts over.
      if (res.status === 404 || res.status === 410) throw new PublishError('YouTube upload: the upload session expired', 'transient', res.status);
      if (res.status !== 308) throw await youtubeError(res, 'upload');
      // Carry on from what the server holds (it may have kept less than was sent).
      offset = nextOffset(res.headers.get('range'));
    }
  };

  const result = (video: Video): PublishResult => ({ postId: video.id, url: `https://www.youtube.com/watch?v=${video.id}` });

  return {
    name: 'youtube',
    sandbox: false,
    authorizeUrl({ state, redirectUri }) {
      const q = new URLSearchParams({
        client_id: config.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: SCOPES.join(' '),
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
        state,
      });
      return `${oauthUrl}?${q}`;
    },
    async exchangeCode({ code, redirectUri }) {
      const token = await tokenCall({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
      const res = await send(`${apiUrl}/youtube/v3/channels?part=snippet&mine=true`, { headers: { Authorization: `Bearer ${token.accessToken}` } }, 'channels');
      if (!res.ok) throw await youtubeError(res, 'channels');
      const body = (await res.json()) as { items?: { id: string; snippet?: { title?: string } }[] };
      return { token, targets: (body.items ?? []).map((c) => ({ id: c.id, name: c.snippet?.title ?? c.id })) };
    },
    refresh: ({ token }) => refresh(token),
    async publish(req) {
      let token = req.token;
      // A stored session is resumed only on the API's own host: the access token goes nowhere else.
      const stored = typeof req.resume?.uri === 'string' ? req.resume.uri : null;
      let uri = stored && URL.canParse(stored) && new URL(stored).origin === new URL(apiUrl).origin ? stored : null;
      let offset = 0;
      if (uri) {
        let held: Awaited<ReturnType<typeof queryOffset>>;
        try {
          held = await queryOffset(uri, req.video.bytes, token.accessToken);
        } catch (err) {
          if (!(err instanceof PublishError && err.kind === 'reauth' && token.refreshToken)) throw err;
          token = await refresh(token);
          held = await queryOffset(uri, req.video.bytes, token.accessToken);
        }
        if (held && 'video' in held) return result(held.video);
        if (held) offset = held.offset;
        else uri = null;
      }
      if (!uri) {
        const started = await startSession(req, token);
        uri = started.uri;
        token = started.token;
        await req.onSession?.({ uri, bytes: req.video.bytes });
      }
      return result(await upload(uri, req, offset, token.accessToken));
    },
    async insights({ token, postId }): Promise<PostInsights> {
      const url = `${apiUrl}/youtube/v3/videos?part=statistics&id=${encodeURIComponent(postId)}`;
      const { res } = await authed(token, (accessToken) => send(url, { headers: { Authorization: `Bearer ${accessToken}` } }, 'statistics'), 'statistics');
      if (!res.ok) throw await youtubeError(res, 'statistics');
      const body = (await res.json()) as { items?: { statistics?: { viewCount?: string; likeCount?: string; commentCount?: string } }[] };
      const stats = body.items?.[0]?.statistics;
      if (!stats) throw new PublishError(`YouTube statistics: no video ${postId} on this channel`, 'rejected', 404);
      const num = (v: string | undefined) => (v === undefined ? null : Number(v));
      return { views: Number(stats.viewCount ?? 0), likes: num(stats.likeCount), comments: num(stats.commentCount), source: 'YouTube statistics.viewCount' };
    },
  };
}
