import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PICTURE_TOO_LARGE } from '../../shared/pictures';
import { facePng, formWith, PNG_1x1 } from '../../test/fixtures';
import { hugeBlankPng, hugeGif, pixelBombPng } from '../../test/faces';
import { signedInClient, testApp } from '../../test/harness';
import { fetchBackground } from '../distribution/personalise';
import type { DistDeps } from '../distribution/service';

/**
 * Pixel bombs (issue 25 item 9): a small file announcing a huge picture is refused from its header
 * by every path that takes an image — profile picture, logo, background, avatar photo — and a
 * fetched per-recipient background is not used. Nothing is stored for a refused picture.
 */
let t: Awaited<ReturnType<typeof testApp>>;
let server: ReturnType<typeof Bun.serve>;
const BOMB = hugeBlankPng();
beforeAll(async () => {
  t = await testApp();
  server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: (req) => new Response((new URL(req.url).pathname === '/bomb.png' ? BOMB : PNG_1x1) as Uint8Array<ArrayBuffer>),
  });
});
afterAll(() => server.stop(true));

describe('the pixel cap applies to every image upload', () => {
  test('a valid 20,000 × 20,000 PNG of 50 KB is refused as profile picture, logo, background and avatar photo; small pictures still pass', async () => {
    const { client, user } = await signedInClient(t.app);
    expect(BOMB.length).toBeLessThan(100_000);
    const paths = [
      { path: `/api/users/${user.id}/avatar`, field: 'avatar' },
      { path: `/api/users/${user.id}/logo`, field: 'logo' },
      { path: '/api/backgrounds/upload', field: 'file' },
      { path: '/api/avatars/upload', field: 'image' },
    ];
    for (const { path, field } of paths) {
      for (const bomb of [BOMB, pixelBombPng()]) {
        const res = await client.post(path, formWith(field, bomb, 'huge.png', 'image/png'));
        expect([path, res.status, res.data]).toEqual([path, 400, { message: PICTURE_TOO_LARGE }]);
      }
    }
    // A GIF announcing 65,535 × 65,535 (the profile picture takes GIFs).
    const gif = await client.post(`/api/users/${user.id}/avatar`, formWith('avatar', hugeGif(), 'huge.gif', 'image/gif'));
    expect(gif).toMatchObject({ status: 400, data: { message: PICTURE_TOO_LARGE } });
    // Nothing was stored or pointed at.
    const me = await client.get(`/api/users/${user.id}`);
    expect(me.data.avatarUrl ?? null).toBeNull();
    expect(me.data.brandLogoUrl ?? null).toBeNull();
    expect((await client.get('/api/avatars?category=custom')).data.avatars).toEqual([]);
    // Ordinary pictures still pass.
    expect((await client.post(`/api/users/${user.id}/avatar`, formWith('avatar', PNG_1x1, 'dot.png', 'image/png'))).status).toBe(200);
    expect((await client.post(`/api/users/${user.id}/logo`, formWith('logo', facePng(64, 64), 'logo.png', 'image/png'))).status).toBe(200);
    expect((await client.post('/api/backgrounds/upload', formWith('file', facePng(640, 360), 'bg.png', 'image/png'))).status).toBe(201);
  });

  test('a fetched per-recipient background that is a pixel bomb is not used (the reason is kept)', async () => {
    const deps = { ...t.deps, env: { ...t.deps.env, FETCH_ALLOW_PRIVATE: 'true' as const } } as unknown as DistDeps;
    const dir = mkdtempSync(join(tmpdir(), 'bg-'));
    const reason = await fetchBackground(deps, `http://127.0.0.1:${server.port}/bomb.png`, join(dir, 'bg'));
    expect(reason).toBe("Background not used (the picture is larger than 40 megapixels): the video's own background was used");
    expect(await Bun.file(join(dir, 'bg')).exists()).toBe(false);
    expect(await fetchBackground(deps, `http://127.0.0.1:${server.port}/small.png`, join(dir, 'bg'))).toBeNull();
  });
});
