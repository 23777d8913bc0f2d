import type { Db } from '../../server/db/client';
import { findFile, PRIVATE_KINDS } from './service';
import { responseBody, type StorageProvider } from '../../server/providers/storage/types';

/** A single `bytes=a-b`, `bytes=a-` or `bytes=-n` range within `size`; null when it cannot be served. */
export function byteRange(header: string, size: number): { start: number; end: number } | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return null;
  let start = m[1] !== '' ? Number(m[1]) : NaN;
  let end = m[2] !== '' ? Math.min(Number(m[2]), size - 1) : size - 1;
  if (m[1] === '' && m[2] !== '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  }
  return Number.isNaN(start) || start >= size || end < start ? null : { start, end };
}

function unsatisfiable(headers: Headers, size: number) {
  headers.set('content-range', `bytes */${size}`);
  return new Response(null, { status: 416, headers });
}

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
  const r = byteRange(range, size);
  if (!r) return unsatisfiable(headers, size);
  const { start, end } = r;
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
    const r = byteRange(range, size);
    if (!r) return unsatisfiable(headers, size);
    ({ start, end } = r);
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
