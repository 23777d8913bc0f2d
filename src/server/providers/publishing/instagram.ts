import { type GraphClient, GraphCallError, sleep, toGraphError } from './graph-http';
import { PublishError, type PublishRequest, type PublishResult, type UploadSession } from './types';

// A Reel on an Instagram professional account, by the Content Publishing API's resumable upload
// (developers.facebook.com/docs/instagram-platform/content-publishing/resumable-uploads and the
// POST /{ig-user-id}/media reference):
// 1. POST /{ig-user-id}/media media_type=REELS, upload_type=resumable, caption → { id (container), uri };
// 2. POST {rupload}/ig-api-upload/{version}/{container-id} with headers Authorization: OAuth <token>,
//    offset, file_size and the bytes as the body → { success: true };
// 3. GET /{container-id}?fields=status_code,status until FINISHED (IN_PROGRESS: wait; ERROR: the status
//    says why; EXPIRED: containers live 24 h);
// 4. POST /{ig-user-id}/media_publish creation_id → { id (media) }; GET /{media-id}?fields=permalink.
// Resume: the stored container is asked its status_code. FINISHED: publish it; uploaded but processing:
// wait; not fully uploaded: send the file again into the same container from offset 0 (the guide documents
// no way to ask how many bytes it holds); EXPIRED/ERROR or unknown: a new container
// (docs/decisions/230-publishing-adapters.md).

export type InstagramOptions = { ruploadUrl: string; version: string; pollIntervalMs: number; maxPolls: number };
type Status = { status_code?: string; status?: string };

function asContainer(s: UploadSession | null | undefined): { containerId: string; uploaded: boolean } | null {
  if (!s || typeof s.containerId !== 'string') return null;
  return { containerId: s.containerId, uploaded: s.uploaded === 1 };
}

export async function publishReel(graph: GraphClient, options: InstagramOptions, req: PublishRequest): Promise<PublishResult> {
  const igUserId = encodeURIComponent(req.target.id);
  const token = req.token.accessToken;
  const status = (id: string) => graph.get<Status>(encodeURIComponent(id), token, { fields: 'status_code,status' }, 'Instagram container status');

  const create = async () => {
    const r = await graph.post<{ id: string; uri?: string }>(
      `${graph.graphUrl}/${igUserId}/media`,
      token,
      { media_type: 'REELS', upload_type: 'resumable', caption: req.description ? `${req.title}\n\n${req.description}` : req.title },
      'Instagram container',
    );
    const session = { containerId: String(r.id), uploaded: false };
    await req.onSession?.({ containerId: session.containerId, uploaded: 0 });
    return session;
  };

  const upload = async (containerId: string) => {
    const url = `${options.ruploadUrl}/ig-api-upload/${options.version}/${encodeURIComponent(containerId)}`;
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { Authorization: `OAuth ${token}`, offset: '0', file_size: String(req.video.bytes), 'Content-Type': 'application/octet-stream' },
        body: Bun.file(req.video.path),
      });
    } catch (err) {
      throw new PublishError(`Instagram upload: ${(err as Error).message}`, 'transient');
    }
    const body = (await res.json().catch(() => null)) as { success?: boolean; debug_info?: { message?: string; retriable?: boolean } } | null;
    if (res.ok && body?.success !== false) return;
    if (body?.debug_info) {
      const kind = res.status === 401 || res.status === 403 ? 'reauth' : body.debug_info.retriable || res.status >= 500 ? 'transient' : 'rejected';
      throw new PublishError(`Instagram upload: ${body.debug_info.message ?? `HTTP ${res.status}`}`, kind, res.status);
    }
    throw toGraphError(res.status, body, 'Instagram upload');
  };

  let container = asContainer(req.resume);
  let state: Status | null = null;
  if (container) {
    try {
      state = await status(container.containerId);
    } catch (err) {
      if (!(err instanceof GraphCallError && err.kind === 'rejected')) throw err;
      state = null; // the container is unknown here: start over
    }
    if (!state || state.status_code === 'EXPIRED' || state.status_code === 'ERROR') container = null;
  }
  if (!container) container = await create();
  if (!container.uploaded && state?.status_code !== 'FINISHED') {
    await upload(container.containerId);
    container.uploaded = true;
    await req.onSession?.({ containerId: container.containerId, uploaded: 1 });
  }

  for (let poll = 0; ; poll++) {
    state = await status(container.containerId);
    if (state.status_code === 'FINISHED' || state.status_code === 'PUBLISHED') break;
    if (state.status_code === 'ERROR' || state.status_code === 'EXPIRED')
      throw new PublishError(`Instagram processing: ${state.status || state.status_code}`, 'rejected');
    if (poll + 1 >= options.maxPolls) throw new PublishError('Instagram is still processing the video; try again later', 'transient');
    await sleep(options.pollIntervalMs);
  }

  const published = await graph.post<{ id: string }>(
    `${graph.graphUrl}/${igUserId}/media_publish`,
    token,
    { creation_id: container.containerId },
    'Instagram publish',
  );
  const media = await graph.get<{ permalink?: string }>(encodeURIComponent(published.id), token, { fields: 'permalink' }, 'Instagram permalink');
  return { postId: String(published.id), url: media.permalink ?? `https://www.instagram.com/` };
}
