import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Resvg } from '@resvg/resvg-js';
import { fetchGuarded, isBlockedAddress } from './guarded-fetch';

const PNG = new Uint8Array(
  new Resvg('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="red"/></svg>').render().asPng(),
);
let server: ReturnType<typeof Bun.serve>;
let base = '';

beforeAll(() => {
  server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      const path = new URL(req.url).pathname;
      if (path === '/image.png') return new Response(PNG, { headers: { 'content-type': 'text/plain' } }); // the header lies; the bytes decide
      if (path === '/page.html') return new Response('<html>not an image</html>', { headers: { 'content-type': 'image/png' } });
      if (path === '/big') return new Response(new Uint8Array(300_000));
      if (path === '/redirect') return Response.redirect(`${base}/image.png`, 302);
      if (path === '/ftp') return Response.redirect('ftp://example.com/x.png', 302);
      if (path === '/slow') {
        await Bun.sleep(2_000);
        return new Response(PNG);
      }
      return new Response('nope', { status: 404 });
    },
  });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(() => server.stop(true));

const opts = { allowPrivate: true, maxBytes: 100_000, timeoutMs: 1_000, types: ['image/png', 'image/jpeg'] };

describe('fetchGuarded', () => {
  test('private, loopback and link-local addresses are refused unless allowed', async () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      'ff02::1',
    ])
      expect([ip, isBlockedAddress(ip)]).toEqual([ip, true]);
    for (const ip of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect([ip, isBlockedAddress(ip)]).toEqual([ip, false]);
    await expect(fetchGuarded(`${base}/image.png`, { ...opts, allowPrivate: false })).rejects.toThrow('127.0.0.1 is a private or local address');
    await expect(fetchGuarded('http://localhost:1/x.png', { ...opts, allowPrivate: false })).rejects.toThrow('private or local');
    await expect(fetchGuarded('http://[::1]:1/x.png', { ...opts, allowPrivate: false })).rejects.toThrow('private or local');
  });

  test('http(s) only, redirects checked again, type by content, size capped, time-boxed', async () => {
    expect((await fetchGuarded(`${base}/image.png`, opts)).contentType).toBe('image/png');
    expect((await fetchGuarded(`${base}/redirect`, opts)).bytes).toEqual(PNG);
    await expect(fetchGuarded('file:///etc/passwd', opts)).rejects.toThrow('Only http and https');
    await expect(fetchGuarded(`${base}/ftp`, opts)).rejects.toThrow('Only http and https');
    await expect(fetchGuarded(`${base}/page.html`, opts)).rejects.toThrow('Not an image');
    await expect(fetchGuarded(`${base}/big`, opts)).rejects.toThrow('larger than');
    await expect(fetchGuarded(`${base}/missing`, opts)).rejects.toThrow('HTTP 404');
    await expect(fetchGuarded(`${base}/slow`, opts)).rejects.toThrow('No answer within 1 s');
    await expect(fetchGuarded('not a url', opts)).rejects.toThrow('Not a valid address');
  });
});
