// The rupload host of the Graph fake (graph-fake.ts): Instagram's resumable video upload, and the fake's
// shared shapes. Its error bodies follow the upload host's own shape: { debug_info: { retriable, type, message } }.
import { createHash } from 'node:crypto';

import { dropConnection } from './youtube-fake';

export type Switches = { failCode: number | null; tooLong: boolean; dropAt: number | null };
export type Container = {
  id: string;
  igUserId: string;
  caption: string;
  size: number;
  chunks: Uint8Array[];
  held: number;
  polls: number;
  status: string;
  error?: string;
};
export type RuploadContext = { containers: Map<string, Container>; userTokens: Set<string>; sw: Switches };

export const sha = (chunks: Uint8Array[]) => {
  const bytes = Buffer.concat(chunks);
  return { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
};

/** POST /ig-api-upload/v21.0/{container-id}: the Reel's bytes, with Authorization: OAuth <token>, offset and file_size. */
export async function rupload(ctx: RuploadContext, req: Request, containerId: string, record: { bytes: number }): Promise<Response> {
  const { containers, userTokens, sw } = ctx;
  const c = containers.get(containerId);
  const token = (req.headers.get('authorization') ?? '').replace(/^OAuth /, '');
  if (!userTokens.has(token))
    return Response.json({ debug_info: { retriable: false, type: 'ProcessingFailedError', message: 'Invalid OAuth access token' } }, { status: 401 });
  if (!c) return Response.json({ debug_info: { retriable: false, type: 'NotFoundError', message: 'Unknown container' } }, { status: 404 });
  const offset = Number(req.headers.get('offset'));
  const size = Number(req.headers.get('file_size'));
  if (!Number.isFinite(size) || size <= 0 || (offset !== 0 && offset !== c.held))
    return Response.json({ debug_info: { retriable: false, type: 'BadRequest', message: 'offset and file_size headers are required' } }, { status: 400 });
  if (offset === 0) {
    c.chunks = [];
    c.held = 0;
  }
  c.size = size;
  const reader = req.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    let piece = value.slice();
    if (sw.dropAt !== null && c.held + piece.length >= sw.dropAt) {
      piece = piece.subarray(0, Math.max(0, sw.dropAt - c.held));
      c.chunks.push(piece);
      c.held += piece.length;
      record.bytes += piece.length;
      sw.dropAt = null;
      return dropConnection();
    }
    c.chunks.push(piece);
    c.held += piece.length;
    record.bytes += piece.length;
  }
  if (c.held !== size)
    return Response.json({ debug_info: { retriable: true, type: 'PartialUpload', message: `received ${c.held} of ${size} bytes` } }, { status: 400 });
  c.status = sw.tooLong ? 'ERROR' : 'IN_PROGRESS';
  if (sw.tooLong) c.error = 'Error: The video is longer than the 15 minutes a Reel may last (2207026).';
  c.polls = 0;
  return Response.json({ success: true, message: 'Upload successful.' });
}
