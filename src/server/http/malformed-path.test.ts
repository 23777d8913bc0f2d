import { beforeAll, describe, expect, test } from 'bun:test';
import type { TestClient } from '../../test/harness';
import { spaApp } from './fixtures/spa-app';

// Issue 9 item 7: a path whose percent-encoding does not decode (a lone `%`, a cut UTF-8
// sequence) is the visitor's mistake: the SPA (which shows its own 404) or a 400, never a 500.
const BAD = ['%', '%E0%A4%A', '%zz', 'a%', '%C3'];

let anon: TestClient;
let user: TestClient;

beforeAll(async () => {
  ({ anon, user } = await spaApp({ 'assets/app.js': 'console.log(1)' }));
}, 120_000);

describe('malformed percent-encoding in a path', () => {
  test('web paths answer the SPA page', async () => {
    for (const p of ['/dashboard%', '/%E0%A4%A', '/campaigns/%zz', '/assets/%']) {
      const res = await anon.get(p);
      expect({ p, status: res.status }).toEqual({ p, status: 200 });
      expect(String(res.data)).toContain('<title>spa</title>');
    }
  });

  test('API, tRPC, files and server-rendered pages answer 4xx, never 5xx', async () => {
    const prefixes = [
      '/api/',
      '/api/campaigns/',
      '/api/videos/',
      '/api/contact-lists/',
      '/api/avatars/',
      '/api/templates/',
      '/api/voices/',
      '/trpc/',
      '/files/',
      '/v/',
      '/unsubscribe/',
      '/sandbox/connect/',
      '/sandbox/inbox/',
    ];
    for (const client of [anon, user]) {
      for (const prefix of prefixes) {
        for (const bad of BAD) {
          for (const method of ['GET', 'POST', 'PATCH', 'DELETE']) {
            const res = await client.request(method, prefix + bad, method === 'GET' || method === 'DELETE' ? undefined : {});
            expect({ path: `${method} ${prefix}${bad}`, server: res.status >= 500 }).toEqual({ path: `${method} ${prefix}${bad}`, server: false });
          }
        }
      }
    }
  });

  test('malformed escapes in query strings are plain values, never a 5xx', async () => {
    for (const p of [
      '/api/videos?campaignId=%',
      '/api/voices?language=%E0%A4%A',
      '/api/social-contacts?search=%',
      '/social/connected?request=%E0%A4%A',
      '/trpc/campaigns.list?input=%',
      '/dashboard?x=%',
    ]) {
      const res = await user.get(p);
      expect({ p, server: res.status >= 500 }).toEqual({ p, server: false });
    }
  });

  test('a malformed API path says so', async () => {
    const res = await anon.get('/api/%');
    expect(res.status).toBe(400);
    expect(res.data.message).toBe('Malformed URL');
  });
});
