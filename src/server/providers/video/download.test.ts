import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { completedJob, downloadResult, listed, looksLikeIsoBmff, providerRequest, redactUrl } from './download';
import { expectProviderError } from '../../../test/fakes/video/contract';
import { getTestMp4 } from '../../../test/fakes/video/mp4';

// A tiny origin with one route per edge case.
let mp4: Uint8Array<ArrayBuffer>;
let server: ReturnType<typeof Bun.serve>;
let base: string;

beforeAll(async () => {
  mp4 = await getTestMp4();
  server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(req) {
      const { pathname } = new URL(req.url);
      switch (pathname) {
        case '/ok.mp4':
          return new Response(mp4, { headers: { 'Content-Type': 'video/mp4' } });
        case '/octet.mp4':
          return new Response(mp4, { headers: { 'Content-Type': 'binary/octet-stream' } });
        case '/octet-not-video':
          return new Response('just some text that is long enough', { headers: { 'Content-Type': 'application/octet-stream' } });
        case '/html':
          return new Response('<html>login</html>', { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
        case '/chunked.mp4': {
          // No Content-Length: the cap must be enforced while streaming.
          const body = new ReadableStream({
            start(c) {
              for (let i = 0; i < 8; i++) c.enqueue(mp4.subarray(0, 4096));
              c.close();
            },
          });
          return new Response(body, { headers: { 'Content-Type': 'video/mp4' } });
        }
        case '/gone':
          return new Response('gone', { status: 410 });
        case '/busy':
          return new Response('busy', { status: 503 });
        case '/redirect':
          return Response.redirect(`${base}/ok.mp4`, 302);
        default:
          return new Response('nope', { status: 404 });
      }
    },
  });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(() => server.stop(true));

describe('downloadResult', () => {
  test('downloads a video/* body and returns the exact bytes', async () => {
    const bytes = await downloadResult(`${base}/ok.mp4`, { maxBytes: 1_000_000 });
    expect(Buffer.from(bytes).equals(Buffer.from(mp4))).toBe(true);
  });

  test('follows redirects (CDNs hand out 302s to the signed object)', async () => {
    const bytes = await downloadResult(`${base}/redirect`, { maxBytes: 1_000_000 });
    expect(bytes.byteLength).toBe(mp4.byteLength);
  });

  test('refuses a body whose Content-Length is over maxBytes', async () => {
    const err = await expectProviderError(downloadResult(`${base}/ok.mp4`, { maxBytes: 1000 }));
    expect(err.message).toContain('over the 1000-byte limit');
    expect(err.retryable).toBe(false);
  });

  test('cuts off a streamed body once it passes maxBytes', async () => {
    const err = await expectProviderError(downloadResult(`${base}/chunked.mp4`, { maxBytes: 10_000 }));
    expect(err.message).toContain('exceeds the 10000-byte limit');
    const ok = await downloadResult(`${base}/chunked.mp4`, { maxBytes: 8 * 4096 });
    expect(ok.byteLength).toBe(8 * 4096);
  });

  test('refuses a non-video content type', async () => {
    const err = await expectProviderError(downloadResult(`${base}/html`, { maxBytes: 1_000_000 }));
    expect(err.message).toContain('expected a video but got content-type "text/html"');
    expect(err.retryable).toBe(false);
  });

  test('accepts octet-stream only when the bytes are an MP4', async () => {
    expect((await downloadResult(`${base}/octet.mp4`, { maxBytes: 1_000_000 })).byteLength).toBe(mp4.byteLength);
    const err = await expectProviderError(downloadResult(`${base}/octet-not-video`, { maxBytes: 1_000_000 }));
    expect(err.message).toContain('not an MP4/MOV file');
  });

  test('410/403/404 read as an expired link; 5xx is retryable', async () => {
    const gone = await expectProviderError(downloadResult(`${base}/gone?sig=secret`, { maxBytes: 1_000_000 }));
    expect(gone.status).toBe(410);
    expect(gone.message).toContain('result link expired or no longer valid');
    expect(gone.message).not.toContain('secret');
    await expectProviderError(downloadResult(`${base}/busy`, { maxBytes: 1_000_000 }), { status: 503, retryable: true });
  });

  test('network failure is retryable', async () => {
    const dead = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('x') });
    const url = `http://127.0.0.1:${dead.port}/ok.mp4`;
    dead.stop(true);
    const err = await expectProviderError(downloadResult(url, { maxBytes: 1_000_000 }));
    expect(err.retryable).toBe(true);
    expect(err.status).toBeUndefined();
  });

  test('uses the injected fetch', async () => {
    let calledWith = '';
    const bytes = await downloadResult('https://cdn.example.com/v.mp4?X-Signature=abc', {
      maxBytes: 1_000_000,
      fetch: async (input) => {
        calledWith = String(input);
        return new Response(mp4, { headers: { 'Content-Type': 'video/mp4' } });
      },
    });
    expect(calledWith).toBe('https://cdn.example.com/v.mp4?X-Signature=abc');
    expect(bytes.byteLength).toBe(mp4.byteLength);
  });

  test('a timeout is reported as retryable', async () => {
    const err = await expectProviderError(
      downloadResult('https://cdn.example.com/v.mp4', {
        maxBytes: 1_000_000,
        timeoutMs: 20,
        fetch: (_input, init) =>
          new Promise((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
          }),
      }),
    );
    expect(err.retryable).toBe(true);
    expect(err.message).toContain('timed out after 20 ms');
  });
});

describe('helpers', () => {
  test('looksLikeIsoBmff recognises the ftyp box', async () => {
    expect(looksLikeIsoBmff(mp4)).toBe(true);
    expect(looksLikeIsoBmff(new TextEncoder().encode('<html></html>'))).toBe(false);
  });

  test('redactUrl drops the query string', () => {
    expect(redactUrl('https://s3.example.com/a/b.mp4?X-Amz-Signature=abc')).toBe('https://s3.example.com/a/b.mp4');
  });

  /** A keyed GET to a vendor whose server answers `res`. */
  const vendorAnswering = (res: Response) =>
    providerRequest({
      vendor: 'Test',
      fetch: async () => res,
      method: 'GET',
      url: 'https://api.example.com/x',
      headers: { 'X-Api-Key': 'super-secret' },
      errorMessage: () => undefined,
    });

  test('providerRequest maps a non-JSON 4xx body to its text', async () => {
    await expectProviderError(vendorAnswering(new Response('Forbidden by WAF', { status: 403 })), {
      status: 403,
      retryable: false,
      message: 'Test: Forbidden by WAF',
    });
  });

  test('providerRequest: a 200 that is not JSON is a retryable error', async () => {
    await expectProviderError(vendorAnswering(new Response('<html>maintenance</html>', { status: 200 })), { retryable: true });
  });
});

describe('reading vendor answers', () => {
  test('listed: only the records with an id, each read once; anything but a list is empty', () => {
    const items = [{ id: 'a', n: 1 }, { n: 2 }, 'x', null, { id: '  ' }, { id: 'b', n: 3 }];
    expect(
      listed(
        items,
        (i) => i.id,
        (i, id) => `${id}${i.n}`,
      ),
    ).toEqual(['a1', 'b3']);
    expect(
      listed(
        { id: 'a' },
        (i) => i.id,
        (_i, id) => id,
      ),
    ).toEqual([]);
    expect(
      listed(
        undefined,
        (i) => i.id,
        (_i, id) => id,
      ),
    ).toEqual([]);
  });

  test('completedJob: the video with a positive duration, or nothing while the address is missing', () => {
    expect(completedJob({ videoUrl: 'https://v/1.mp4', thumbnailUrl: 'https://v/1.jpg', duration: '12.5' })).toEqual({
      state: 'completed',
      videoUrl: 'https://v/1.mp4',
      thumbnailUrl: 'https://v/1.jpg',
      durationSec: 12.5,
    });
    expect(completedJob({ videoUrl: 'https://v/1.mp4', thumbnailUrl: null, duration: 0 })).toEqual({
      state: 'completed',
      videoUrl: 'https://v/1.mp4',
      thumbnailUrl: undefined,
      durationSec: undefined,
    });
    expect(completedJob({ videoUrl: '', thumbnailUrl: 'https://v/1.jpg', duration: 3 })).toBeUndefined();
  });
});
