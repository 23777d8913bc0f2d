// A local fake of Meta's Graph API v21.0 for Facebook Pages and Instagram (the subset the adapter uses),
// plus the rupload host, on 127.0.0.1:0. Error bodies follow Graph's shape:
// { error: { message, type, code, error_subcode, error_data, fbtrace_id } }.
// Paths (all under /v21.0 except rupload):
// - GET  /oauth/access_token            code GRAPH_FAKE.code → short-lived token; grant_type=fb_exchange_token → long-lived
// - GET  /me/accounts                   two Pages with Page tokens, the first linked to an IG professional account
// - POST /{page-id}/videos              upload_phase=start | transfer (video_file_chunk, offsets by the fake's chunk size;
//                                       a wrong start_offset → 1363037 with error_data) | finish
// - GET  /{video-id}/video_insights     total_video_views
// - POST /{ig-user-id}/media            media_type=REELS, upload_type=resumable → { id, uri }
// - POST /ig-api-upload/v21.0/{container-id}   Authorization: OAuth <token>, offset, file_size; the bytes
// - GET  /{container-id}?fields=status_code,status   IN_PROGRESS for `processingPolls` polls after the upload, then FINISHED
// - POST /{ig-user-id}/media_publish    creation_id → media id;  GET /{media-id}?fields=permalink;  GET /{media-id}/insights
// Switches: expireTokens() (→ 190/463), fail(code) (every Graph call answers that error: 4, 32, 190 …; null clears),
// tooLong(true) (Facebook finish → 352; Instagram container → ERROR), dropAfter(n) (Facebook: a transfer from
// offset ≥ n closes the connection; Instagram: the rupload body is cut at n bytes). Received files record size + sha256.
import { createHmac } from 'node:crypto';
import { type Container, rupload, type Switches, sha } from './graph-fake-rupload';
import { dropConnection } from './youtube-fake';

export const GRAPH_FAKE = {
  appId: 'fb-app-1',
  appSecret: 'fb-app-secret',
  code: 'fb-good-code',
  chunkBytes: 1024 * 1024,
  pages: [
    { id: '1001', name: 'Acme Page', ig: { id: '17841400000000001', username: 'acme.studio' } },
    { id: '1002', name: 'Acme Careers', ig: null },
  ],
} as const;

export type GraphFakeRequest = { method: string; path: string; params: Record<string, string>; headers: Record<string, string>; bytes: number };
type Upload = { pageId: string; videoId: string; size: number; chunks: Uint8Array[]; held: number };
export type FakeFacebookVideo = { id: string; pageId: string; params: Record<string, string>; size: number; sha256: string; views: number };
export type FakeInstagramMedia = {
  id: string;
  containerId: string;
  caption: string;
  size: number;
  sha256: string;
  insights: { views: number; likes: number; comments: number };
};

export type GraphFake = {
  url: string;
  graphUrl: string;
  requests: GraphFakeRequest[];
  uploads: Map<string, Upload>;
  videos: Map<string, FakeFacebookVideo>;
  containers: Map<string, Container>;
  media: Map<string, FakeInstagramMedia>;
  processingPolls: number;
  expireTokens(): void;
  fail(code: number | null): void;
  tooLong(on: boolean): void;
  dropAfter(bytes: number | null): void;
  stop(): void;
};

const ERRORS: Record<number, [number, string, number?]> = {
  4: [400, 'Application request limit reached'],
  17: [400, 'User request limit reached'],
  32: [400, 'Page request limit reached'],
  190: [400, 'Error validating access token: Session has expired.', 463],
  100: [400, 'Invalid parameter'],
};

const gerr = (status: number, code: number, message: string, more: Record<string, unknown> = {}) =>
  Response.json({ error: { message, type: code === 190 ? 'OAuthException' : 'GraphMethodException', code, fbtrace_id: 'AbCdEf', ...more } }, { status });

export function startGraphFake(): GraphFake {
  const requests: GraphFakeRequest[] = [];
  const uploads = new Map<string, Upload>();
  const videos = new Map<string, FakeFacebookVideo>();
  const containers = new Map<string, Container>();
  const media = new Map<string, FakeInstagramMedia>();
  const userTokens = new Set<string>();
  const pageTokens = new Map<string, string>();
  const sw: Switches = { failCode: null, tooLong: false, dropAt: null };
  let seq = 100;
  const next = (p: string) => `${p}${++seq}${Math.random().toString().slice(2, 8)}`;
  let origin = '';

  const state: GraphFake = {
    url: '',
    graphUrl: '',
    requests,
    uploads,
    videos,
    containers,
    media,
    processingPolls: 1,
    expireTokens: () => {
      userTokens.clear();
      pageTokens.clear();
    },
    fail: (code) => {
      sw.failCode = code;
    },
    tooLong: (on) => {
      sw.tooLong = on;
    },
    dropAfter: (bytes) => {
      sw.dropAt = bytes;
    },
    stop: () => server.stop(true),
  };

  async function graph(req: Request, parts: string[], params: Record<string, string>, record: GraphFakeRequest): Promise<Response> {
    const [first, edge] = parts;
    if (req.method === 'GET' && first === 'oauth' && edge === 'access_token') {
      if (params.client_id !== GRAPH_FAKE.appId || params.client_secret !== GRAPH_FAKE.appSecret) return gerr(400, 1, 'Error validating client secret.');
      if (params.grant_type === 'fb_exchange_token') {
        if (!userTokens.has(params.fb_exchange_token ?? '')) return gerr(400, 190, 'Invalid OAuth access token.');
        const t = next('EAAlong');
        userTokens.add(t);
        return Response.json({ access_token: t, token_type: 'bearer', expires_in: 5183944 });
      }
      if (params.code !== GRAPH_FAKE.code || !params.redirect_uri) return gerr(400, 100, 'Invalid verification code format.', { error_subcode: 36009 });
      const t = next('EAAshort');
      userTokens.add(t);
      return Response.json({ access_token: t, token_type: 'bearer', expires_in: 5400 });
    }

    const token = params.access_token ?? '';
    if (params.appsecret_proof !== createHmac('sha256', GRAPH_FAKE.appSecret).update(token).digest('hex'))
      return gerr(400, 100, 'Invalid appsecret_proof provided in the API argument');
    const pageOfToken = pageTokens.get(token);
    if (!userTokens.has(token) && !pageOfToken) return gerr(400, 190, ERRORS[190][1], { error_subcode: 463 });
    if (sw.failCode !== null) {
      const [status, message, subcode] = ERRORS[sw.failCode] ?? [400, `Error ${sw.failCode}`];
      return gerr(status, sw.failCode, message, subcode ? { error_subcode: subcode } : {});
    }

    if (req.method === 'GET' && first === 'me' && edge === 'accounts') {
      const data = GRAPH_FAKE.pages.map((p) => {
        const pt = next('EAApage');
        pageTokens.set(pt, p.id);
        return { id: p.id, name: p.name, access_token: pt, ...(p.ig ? { instagram_business_account: { id: p.ig.id, username: p.ig.username } } : {}) };
      });
      return Response.json({ data, paging: { cursors: { before: 'b', after: 'a' } } });
    }

    if (req.method === 'POST' && edge === 'videos') {
      if (pageOfToken !== first) return gerr(403, 200, 'Permissions error: a Page access token of this Page is required');
      if (params.upload_phase === 'start') {
        const size = Number(params.file_size);
        if (!(size > 0)) return gerr(400, 100, 'file_size is required');
        const id = next('up');
        const videoId = next('vid');
        uploads.set(id, { pageId: first, videoId, size, chunks: [], held: 0 });
        return Response.json({ upload_session_id: id, video_id: videoId, start_offset: '0', end_offset: String(Math.min(GRAPH_FAKE.chunkBytes, size)) });
      }
      const u = uploads.get(params.upload_session_id ?? '');
      if (!u) return gerr(400, 6000, 'There was a problem uploading your video file. Please try again with another file.', { error_subcode: 1363019 });
      const expected = () => ({ start_offset: String(u.held), end_offset: String(Math.min(u.held + GRAPH_FAKE.chunkBytes, u.size)) });
      if (params.upload_phase === 'transfer') {
        const chunk = (record as { file?: Uint8Array }).file;
        if (Number(params.start_offset) !== u.held || !chunk)
          return gerr(400, 6001, 'There was a problem uploading your video. Please try uploading it again.', {
            error_subcode: 1363037,
            error_data: expected(),
          });
        if (sw.dropAt !== null && u.held >= sw.dropAt) {
          sw.dropAt = null;
          return dropConnection();
        }
        u.chunks.push(chunk);
        u.held += chunk.length;
        return Response.json(expected());
      }
      if (params.upload_phase === 'finish') {
        if (u.held !== u.size) return gerr(400, 6000, 'There was a problem uploading your video file.', { error_subcode: 1363030 });
        if (sw.tooLong) return gerr(400, 352, 'Sorry, the video file you selected is too long. The maximum length for this video is 240 minutes.');
        if (params.scheduled_publish_time && params.published !== 'false') return gerr(400, 100, 'scheduled_publish_time requires published=false');
        videos.set(u.videoId, { id: u.videoId, pageId: u.pageId, params, ...sha(u.chunks), views: 0 });
        return Response.json({ success: true });
      }
      return gerr(400, 100, 'upload_phase must be start, transfer or finish');
    }

    if (req.method === 'GET' && edge === 'video_insights') {
      const v = videos.get(first);
      if (!v || pageOfToken !== v.pageId) return gerr(400, 100, 'Unsupported get request.');
      return Response.json({ data: [{ name: 'total_video_views', period: 'lifetime', values: [{ value: v.views }], title: 'Lifetime Total Video Views' }] });
    }

    if (req.method === 'POST' && edge === 'media') {
      if (params.media_type !== 'REELS' || params.upload_type !== 'resumable') return gerr(400, 100, 'media_type=REELS and upload_type=resumable are expected');
      const id = next('cont');
      containers.set(id, { id, igUserId: first, caption: params.caption ?? '', size: 0, chunks: [], held: 0, polls: 0, status: 'IN_PROGRESS' });
      return Response.json({ id, uri: `${origin}/ig-api-upload/v21.0/${id}` });
    }
    if (req.method === 'POST' && edge === 'media_publish') {
      const c = containers.get(params.creation_id ?? '');
      if (c?.status !== 'FINISHED') return gerr(400, 9007, 'Media ID is not available', { error_subcode: 2207027 });
      const id = next('med');
      c.status = 'PUBLISHED';
      media.set(id, { id, containerId: c.id, caption: c.caption, ...sha(c.chunks), insights: { views: 0, likes: 0, comments: 0 } });
      return Response.json({ id });
    }
    if (req.method === 'GET' && edge === 'insights') {
      const m = media.get(first);
      if (!m) return gerr(400, 100, 'Unsupported get request.');
      const metrics = (params.metric ?? '').split(',');
      return Response.json({
        data: metrics.map((name) => ({
          name,
          period: 'lifetime',
          values: [{ value: m.insights[name as keyof typeof m.insights] ?? 0 }],
          id: `${m.id}/insights/${name}/lifetime`,
        })),
      });
    }
    if (req.method === 'GET' && !edge) {
      const c = containers.get(first);
      if (c) {
        if (c.status === 'IN_PROGRESS' && c.held === c.size && c.size > 0 && ++c.polls > state.processingPolls) c.status = 'FINISHED';
        return Response.json({
          id: c.id,
          status_code: c.status,
          status: c.error ?? (c.status === 'FINISHED' ? 'Finished: Media has been uploaded and it is ready to be published.' : c.status),
        });
      }
      const m = media.get(first);
      if (m) return Response.json({ id: m.id, permalink: `https://www.instagram.com/reel/${m.id}/` });
    }
    return gerr(400, 100, `Unsupported ${req.method} request to /${parts.join('/')}`);
  }

  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      const url = new URL(req.url);
      const params: Record<string, string> = Object.fromEntries(url.searchParams);
      const record: GraphFakeRequest & { file?: Uint8Array } = {
        method: req.method,
        path: url.pathname,
        params,
        headers: Object.fromEntries(req.headers),
        bytes: 0,
      };
      requests.push(record);
      const parts = url.pathname.split('/').filter(Boolean);
      if (parts[0] === 'ig-api-upload' && req.method === 'POST') return rupload({ containers, userTokens, sw }, req, parts[2] ?? '', record);
      if (parts[0] !== 'v21.0') return gerr(404, 100, 'Unknown path');
      const type = req.headers.get('content-type') ?? '';
      if (type.includes('multipart/form-data')) {
        for (const [k, v] of (await req.formData()).entries()) {
          const value: unknown = v;
          if (value instanceof Blob) {
            record.file = new Uint8Array(await value.arrayBuffer());
            record.bytes += record.file.length;
          } else params[k] = String(value);
        }
      } else if (type.includes('application/x-www-form-urlencoded')) Object.assign(params, Object.fromEntries(new URLSearchParams(await req.text())));
      return graph(req, parts.slice(1), params, record);
    },
  });
  origin = `http://127.0.0.1:${server.port}`;
  state.url = origin;
  state.graphUrl = `${origin}/v21.0`;
  return state;
}
