import { GraphCallError, type GraphClient } from './graph-http';
import { PublishError, type PublishRequest, type PublishResult, type UploadSession } from './types';

// A video on a Facebook Page by the Graph API's chunked resumable upload
// (developers.facebook.com/docs/graph-api/video-uploads, "Resumable Uploading"), on graph-video.facebook.com:
// POST /{page-id}/videos upload_phase=start, file_size → { upload_session_id, video_id, start_offset, end_offset };
// upload_phase=transfer, upload_session_id, start_offset, video_file_chunk (the bytes start_offset..end_offset)
// → the next { start_offset, end_offset }, until they meet; upload_phase=finish with title, description and,
// to schedule, published=false + scheduled_publish_time (unix seconds) → { success }.
// A transfer at the wrong offset answers error 1363037 with error_data { start_offset, end_offset }: what the
// server expects (developers.facebook.com/docs/video-api/reference/error-codes) — how a resume finds its place.
// The session is handed to onSession when opened and again after each chunk, so a resume starts where the
// last acknowledged chunk ended (docs/decisions/230-publishing-adapters.md).

type Offsets = { start_offset?: string | number; end_offset?: string | number };
type FacebookSession = { uploadSessionId: string; videoId: string; startOffset: number; endOffset: number };

const OFFSET_MISMATCH = 1363037;

function asSession(s: UploadSession | null | undefined): FacebookSession | null {
  if (!s || typeof s.uploadSessionId !== 'string' || typeof s.videoId !== 'string') return null;
  return { uploadSessionId: s.uploadSessionId, videoId: s.videoId, startOffset: Number(s.startOffset ?? 0), endOffset: Number(s.endOffset ?? 0) };
}

function offsetsFrom(err: unknown): { start: number; end: number } | null {
  if (!(err instanceof GraphCallError) || (err.graph.code !== OFFSET_MISMATCH && err.graph.error_subcode !== OFFSET_MISMATCH)) return null;
  let data = err.graph.error_data as Offsets | string | undefined;
  if (typeof data === 'string') data = JSON.parse(data) as Offsets;
  if (data?.start_offset === undefined || data.end_offset === undefined) return null;
  return { start: Number(data.start_offset), end: Number(data.end_offset) };
}

export async function publishPageVideo(graph: GraphClient, videoUrl: string, req: PublishRequest): Promise<PublishResult> {
  const pageId = req.target.id;
  const token = req.token.targetTokens?.[pageId] ?? req.token.accessToken;
  const endpoint = `${videoUrl}/${encodeURIComponent(pageId)}/videos`;
  const total = req.video.bytes;
  const file = Bun.file(req.video.path);
  const save = (s: FacebookSession) => req.onSession?.({ ...s, pageId });

  const start = async (): Promise<FacebookSession> => {
    const r = await graph.post<Offsets & { upload_session_id: string; video_id: string }>(
      endpoint,
      token,
      { upload_phase: 'start', file_size: String(total) },
      'Facebook video upload start',
    );
    const s = {
      uploadSessionId: String(r.upload_session_id),
      videoId: String(r.video_id),
      startOffset: Number(r.start_offset ?? 0),
      endOffset: Number(r.end_offset ?? total),
    };
    await save(s);
    return s;
  };

  const transfer = (s: FacebookSession) =>
    graph.post<Offsets>(
      endpoint,
      token,
      {
        upload_phase: 'transfer',
        upload_session_id: s.uploadSessionId,
        start_offset: String(s.startOffset),
        video_file_chunk: new File([file.slice(s.startOffset, s.endOffset)], 'chunk.mp4', { type: 'video/mp4' }),
      },
      'Facebook video upload',
    );

  let session = asSession(req.resume);
  let resuming = session !== null;
  session ??= await start();
  while (session.startOffset < session.endOffset) {
    try {
      const next = await transfer(session);
      session = { ...session, startOffset: Number(next.start_offset), endOffset: Number(next.end_offset) };
      resuming = false;
      await save(session);
    } catch (err) {
      const expected = offsetsFrom(err);
      if (expected) {
        // The server holds a different amount than we thought: go on from where it says.
        session = { ...session, startOffset: expected.start, endOffset: expected.end };
        continue;
      }
      // A stored session the server refuses (expired, unknown): open a new one, once.
      if (resuming && err instanceof PublishError && err.kind === 'rejected') {
        resuming = false;
        session = await start();
        continue;
      }
      throw err;
    }
  }
  const scheduled = req.publishAt ? Math.floor(Date.parse(req.publishAt) / 1000) : null;
  await graph.post<{ success?: boolean }>(
    endpoint,
    token,
    {
      upload_phase: 'finish',
      upload_session_id: session.uploadSessionId,
      title: req.title,
      description: req.description,
      ...(scheduled ? { published: 'false', scheduled_publish_time: String(scheduled) } : {}),
    },
    'Facebook video publish',
  );
  return { postId: session.videoId, url: `https://www.facebook.com/${encodeURIComponent(pageId)}/videos/${session.videoId}` };
}
