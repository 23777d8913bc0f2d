import type { Db } from '../../server/db/client';
import { findFile, PRIVATE_KINDS } from './service';
import { responseBody, type StorageProvider } from '../../server/providers/storage/types';

/**
 * Serves stored objects by their random key, with their recorded content type,
 * nosniff, a locked-down CSP, and single HTTP byte ranges (video seeking).
 */
export async function serveFile(db: Db, storage: StorageProvider, key: string, request: Request): Promise<Response> {
  const found = await findFile(db, key);
  const row = found && !PRIVATE_KINDS.includes(found.kind) ? found : null;
  const obj = row ? await storage.open(key) : null;
  if (!row || !obj) return new Response(JSON.stringify({ message: 'File not found' }), { status: 404, headers: { 'content-type': 'application/json' } });
  const size = obj.size;
  const headers = new Headers({
    'content-type': row.contentType,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox; frame-ancestors 'none'",
    'accept-ranges': 'bytes',
    'cache-control': 'private, max-age=31536000, immutable',
    'content-disposition': 'inline',
  });
  const range = request.headers.get('range');
  if (!range) {
    headers.set('content-length', String(size));
    return new Response(request.method === 'HEAD' ? null : responseBody(obj), { status: 200, headers });
  }
  const m = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  let start = m && m[1] !== '' ? Number(m[1]) : NaN;
  let end = m && m[2] !== '' ? Number(m[2]) : size - 1;
  if (m && m[1] === '' && m[2] !== '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  }
  if (!m || Number.isNaN(start) || start >= size || end < start) {
    headers.set('content-range', `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  end = Math.min(end, size - 1);
  headers.set('content-range', `bytes ${start}-${end}/${size}`);
  headers.set('content-length', String(end - start + 1));
  return new Response(request.method === 'HEAD' ? null : responseBody(obj.slice(start, end + 1)), { status: 206, headers });
}

/**
 * Serves blobs one after the other as one file (a recipient's own bytes, then the shared part of
 * their video: docs/decisions/101-personal-streams.md), with single byte ranges, streamed.
 */
export function serveJoined(parts: Blob[], request: Request, headersInit: Record<string, string>): Response {
  const size = parts.reduce((n, p) => n + p.size, 0);
  const headers = new Headers({ 'x-content-type-options': 'nosniff', 'accept-ranges': 'bytes', 'content-disposition': 'inline', ...headersInit });
  let start = 0;
  let end = size - 1;
  const range = request.headers.get('range');
  let status = 200;
  if (range) {
    const m = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
    start = m && m[1] !== '' ? Number(m[1]) : NaN;
    end = m && m[2] !== '' ? Math.min(Number(m[2]), size - 1) : size - 1;
    if (m && m[1] === '' && m[2] !== '') {
      start = Math.max(0, size - Number(m[2]));
      end = size - 1;
    }
    if (!m || Number.isNaN(start) || start >= size || end < start) {
      headers.set('content-range', `bytes */${size}`);
      return new Response(null, { status: 416, headers });
    }
    headers.set('content-range', `bytes ${start}-${end}/${size}`);
    status = 206;
  }
  headers.set('content-length', String(end - start + 1));
  if (request.method === 'HEAD') return new Response(null, { status, headers });
  // The slices of each part that fall inside [start, end], read one after the other.
  const slices: Blob[] = [];
  let at = 0;
  for (const p of parts) {
    const from = Math.max(start, at);
    const to = Math.min(end + 1, at + p.size);
    if (from < to) slices.push(p.slice(from - at, to - at));
    at += p.size;
  }
  let i = 0;
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        if (!reader) {
          const next = slices[i++];
          if (!next) return controller.close();
          reader = next.stream().getReader();
        }
        const { done, value } = await reader.read();
        if (!done) return controller.enqueue(value);
        reader = null;
      }
    },
    cancel() {
      return reader?.cancel();
    },
  });
  return new Response(body, { status, headers });
}
