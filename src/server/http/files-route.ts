import type { Db } from '../db/client';
import { findFile } from '../../domains/files/service';
import type { StorageProvider } from '../providers/storage/types';

/**
 * Serves stored objects by their random key, with their recorded content type,
 * nosniff, a locked-down CSP, and single HTTP byte ranges (video seeking).
 */
export async function serveFile(db: Db, storage: StorageProvider, key: string, request: Request): Promise<Response> {
  const row = await findFile(db, key);
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
    return new Response(request.method === 'HEAD' ? null : obj, { status: 200, headers });
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
  return new Response(request.method === 'HEAD' ? null : obj.slice(start, end + 1), { status: 206, headers });
}
