import { describe, expect, test } from 'bun:test';
import { byteRange, serveJoined } from './serve';

describe('byte ranges', () => {
  test('one parser for files and joined streams: a-b, a-, -n, clamped; the rest unsatisfiable', () => {
    expect(byteRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(byteRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=50-1000', 100)).toEqual({ start: 50, end: 99 });
    for (const bad of ['bytes=100-', 'bytes=9-3', 'bytes=a-b', 'items=0-1', 'bytes=0-1,3-4']) expect(byteRange(bad, 100)).toBeNull();
  });

  test('a joined stream answers a range across its parts, 416 outside', async () => {
    const parts = [new Blob(['hello ']), new Blob(['world'])];
    const res = serveJoined(parts, new Request('http://localhost/x', { headers: { range: 'bytes=4-7' } }), { 'content-type': 'text/plain' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 4-7/11');
    expect(await res.text()).toBe('o wo');
    const out = serveJoined(parts, new Request('http://localhost/x', { headers: { range: 'bytes=20-' } }), {});
    expect(out.status).toBe(416);
    expect(out.headers.get('content-range')).toBe('bytes */11');
  });
});
