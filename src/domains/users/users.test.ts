import { beforeAll, describe, expect, test } from 'bun:test';
import { formWith, PNG_1x1 } from '../../test/fixtures';
import { signedInClient, TestClient, testApp } from '../../test/harness';

let app: Awaited<ReturnType<typeof testApp>>['app'];
beforeAll(async () => {
  ({ app } = await testApp());
});

describe('profile', () => {
  test('PATCH /api/users/{id} updates the profile fields', async () => {
    const { client, user } = await signedInClient(app);
    const res = await client.patch(`/api/users/${user.id}`, { fullName: 'New Name', companyName: 'Acme', position: 'CEO', phoneNumber: '+33123456789' });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ fullName: 'New Name', companyName: 'Acme', position: 'CEO', phoneNumber: '+33123456789' });
    expect((await client.get('/api/user')).data.companyName).toBe('Acme');
  });

  test('another user’s id answers 404 and changes nothing', async () => {
    const a = await signedInClient(app);
    const b = await signedInClient(app);
    const res = await a.client.patch(`/api/users/${b.user.id}`, { fullName: 'Hacked' });
    expect(res.status).toBe(404);
    expect((await b.client.get('/api/user')).data.fullName).toBe('Test User');
    expect((await a.client.patch(`/api/users/${b.user.id}/settings`, { theme: 'dark' })).status).toBe(404);
    expect((await b.client.get('/api/user')).data.settings.theme).toBe('system');
  });

  test('bad input: invalid e-mail, unknown field, taken e-mail', async () => {
    const a = await signedInClient(app);
    const b = await signedInClient(app);
    expect((await a.client.patch(`/api/users/${a.user.id}`, { email: 'nope' })).data).toEqual({ message: 'Invalid email address' });
    expect((await a.client.patch(`/api/users/${a.user.id}`, { passwordHash: 'x' })).status).toBe(400);
    const taken = await a.client.patch(`/api/users/${a.user.id}`, { email: b.user.email, currentPassword: a.password });
    expect(taken.status).toBe(409);
  });

  test('anonymous PATCH is 401', async () => {
    expect((await new TestClient(app).patch('/api/users/whatever', { fullName: 'x' })).status).toBe(401);
  });
});

describe('avatar upload', () => {
  test('stores an image checked by content and serves it back with its type', async () => {
    const { client, user } = await signedInClient(app);
    const res = await client.post(`/api/users/${user.id}/avatar`, formWith('avatar', PNG_1x1, 'me.txt', 'text/plain'));
    expect(res.status).toBe(200);
    expect(res.data.avatarUrl).toMatch(/^\/files\/avatar\/[a-z0-9]+\.png$/);
    const file = await new TestClient(app).get(res.data.avatarUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await client.get('/api/user')).data.avatarUrl).toBe(res.data.avatarUrl);
  });

  test('a non-image named .png is refused; a replaced avatar file is deleted', async () => {
    const { client, user } = await signedInClient(app);
    const fake = new TextEncoder().encode('<svg onload="alert(1)"></svg>');
    const bad = await client.post(`/api/users/${user.id}/avatar`, formWith('avatar', fake, 'evil.png', 'image/png'));
    expect(bad.status).toBe(400);
    expect(bad.data.message).toContain('Only image files');
    const first = await client.post(`/api/users/${user.id}/avatar`, formWith('avatar', PNG_1x1, 'a.png', 'image/png'));
    await client.post(`/api/users/${user.id}/avatar`, formWith('avatar', PNG_1x1, 'b.png', 'image/png'));
    expect((await client.get(first.data.avatarUrl)).status).toBe(404);
  });

  test('over 5 MB is refused with 413 and the size message', async () => {
    const { client, user } = await signedInClient(app);
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(PNG_1x1);
    const res = await client.post(`/api/users/${user.id}/avatar`, formWith('avatar', big, 'big.png', 'image/png'));
    expect(res.status).toBe(413);
    expect(res.data.message).toBe('Image must be 5MB or smaller');
  });

  test('missing field and foreign id', async () => {
    const a = await signedInClient(app);
    const b = await signedInClient(app);
    expect((await a.client.post(`/api/users/${a.user.id}/avatar`, new FormData())).status).toBe(400);
    expect((await a.client.post(`/api/users/${b.user.id}/avatar`, formWith('avatar', PNG_1x1, 'a.png', 'image/png'))).status).toBe(404);
  });
});

describe('files', () => {
  test('range requests answer 206 with the slice; bad ranges 416', async () => {
    const { client, user } = await signedInClient(app);
    const { data } = await client.post(`/api/users/${user.id}/avatar`, formWith('avatar', PNG_1x1, 'a.png', 'image/png'));
    const c = new TestClient(app);
    const part = await c.get(data.avatarUrl, { range: 'bytes=0-7' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-7/${PNG_1x1.length}`);
    expect(part.headers.get('content-length')).toBe('8');
    expect((await c.get(data.avatarUrl, { range: 'bytes=9999-' })).status).toBe(416);
    expect((await c.get('/files/avatar/doesnotexist.png')).status).toBe(404);
    expect((await c.get('/files/..%2f..%2fetc%2fpasswd')).status).toBe(404);
  });
});
