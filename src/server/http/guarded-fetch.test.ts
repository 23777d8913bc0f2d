import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Resvg } from '@resvg/resvg-js';
import { fetchGuarded, isBlockedAddress, type PinOptions } from './guarded-fetch';
import { postSigned } from '../../domains/webhooks/deliver';

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

  test('IPv6: global unicast only; the IPv4 inside a transition format is judged by the IPv4 rules (issue 25)', () => {
    for (const ip of [
      '::ffff:0:7f00:1', // IPv4-translated 127.0.0.1
      '::ffff:0:127.0.0.1',
      '::127.0.0.1', // IPv4-compatible
      '::a00:1',
      '2002:7f00:1::1', // 6to4 of 127.0.0.1
      '2002:a00:1::1', // 6to4 of 10.0.0.1
      '2002:c0a8:101::', // 6to4 of 192.168.1.1
      '2001:0:4136:e378:8000:63bf:80ff:fffe', // Teredo, client 127.0.0.1 (inverted)
      '2001::1', // Teredo with server 0.0.0.0
      '2001:0:a00:1:0:0:f7f7:f7f7', // Teredo, server 10.0.0.1
      'fec0::1', // site-local (deprecated, still routed inside some networks)
      'feff::1',
      '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
      '64:ff9b:1::808:808', // local-use NAT64
      '100::1', // discard
      '2001:db8::1', // documentation
      '2001:10::1', // ORCHID
      '3fff::1', // documentation
      '4000::1', // not allocated
      'e000::1',
      '::ffff:169.254.169.254',
    ])
      expect([ip, isBlockedAddress(ip)]).toEqual([ip, true]);
    for (const ip of [
      '2606:4700:4700::1111',
      '2a00:1450:4007:80e::200e',
      '2002:808:808::1', // 6to4 of 8.8.8.8
      '2001:0:808:808:0:0:f7f7:f7f7', // Teredo: server 8.8.8.8, client 8.8.8.8
      '64:ff9b::808:808', // NAT64 of 8.8.8.8
      '::ffff:0:808:808',
    ])
      expect([ip, isBlockedAddress(ip)]).toEqual([ip, false]);
  });

  test('the connection goes to the address that was checked: a name that rebinds to loopback after the check never reaches it', async () => {
    let loopbackHits = 0;
    const inner = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch() {
        loopbackHits++;
        return new Response(PNG);
      },
    });
    try {
      // The first answer is public (passes the check), every later one is loopback.
      let lookups = 0;
      const resolve = async () => (lookups++ === 0 ? ['93.184.216.34'] : ['127.0.0.1']);
      const seen: { url: string; host: string | null; serverName?: string }[] = [];
      // No traffic leaves this machine: the transport records where the connection would go.
      const transport: PinOptions['transport'] = async (url, init) => {
        seen.push({ url: url.toString(), host: new Headers(init.headers).get('host'), serverName: init.tls?.serverName });
        return new Response(PNG);
      };
      const name = `http://localhost:${inner.port}/image.png`;
      const got = await fetchGuarded(name, { ...opts, allowPrivate: false, resolve, transport });
      expect(got.contentType).toBe('image/png');
      expect(lookups).toBe(1);
      expect(seen).toEqual([{ url: `http://93.184.216.34:${inner.port}/image.png`, host: `localhost:${inner.port}`, serverName: undefined }]);
      // https keeps the name for SNI and the certificate check.
      seen.length = 0;
      lookups = 0;
      await fetchGuarded('https://images.example.com/a.png', { ...opts, allowPrivate: false, resolve, transport });
      expect(seen).toEqual([{ url: 'https://93.184.216.34/a.png', host: 'images.example.com', serverName: 'images.example.com' }]);
      // Webhook deliveries too.
      seen.length = 0;
      lookups = 0;
      const sent = await postSigned({ url: `https://hooks.example.com:8443/in`, headers: {}, body: '{}', allowPrivate: false, resolve, transport });
      expect(sent.status).toBe(200);
      expect(seen).toEqual([{ url: 'https://93.184.216.34:8443/in', host: 'hooks.example.com:8443', serverName: 'hooks.example.com' }]);
      // Without a transport, the real fetch: the name resolved to loopback at the check is refused.
      await expect(fetchGuarded(name, { ...opts, allowPrivate: false, resolve })).rejects.toThrow('private or local address');
      expect(loopbackHits).toBe(0);
    } finally {
      inner.stop(true);
    }
  });
});
