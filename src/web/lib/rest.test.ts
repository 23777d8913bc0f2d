import { describe, expect, test } from 'bun:test';
import type { z } from 'zod';
import type { ZLogin } from '@/domains/auth/schemas';
import type { PublicUser, ZPublicUser } from '@/domains/users/schemas';
import { type ApiBody, type ApiReply, api, errorMessage, HttpError, urlOf } from './rest';

describe('errorMessage', () => {
  test('reads the server message from a failed call', () => {
    expect(errorMessage(new HttpError(409, JSON.stringify({ message: 'This username is already taken' })))).toBe('This username is already taken');
  });
  test('keeps the spec error text: status, colon, space, body', () => {
    const e = new HttpError(502, 'Bad Gateway');
    expect(e.message).toBe('502: Bad Gateway');
    expect(errorMessage(e)).toBe('Bad Gateway');
  });
  test('passes tRPC and other errors through', () => {
    expect(errorMessage(new Error('Current password is incorrect'))).toBe('Current password is incorrect');
    expect(errorMessage('boom')).toBe('boom');
  });
});

describe('urlOf', () => {
  test('fills the path’s :names, encoded, and appends the set query values', () => {
    expect(urlOf('/api/users/:id/logo', { params: { id: 'a/b c' } })).toBe('/api/users/a%2Fb%20c/logo');
    expect(urlOf('/api/clips', { query: { cursor: 'x=1', limit: 5, skip: undefined, none: null } })).toBe('/api/clips?cursor=x%3D1&limit=5');
    expect(urlOf('/api/user')).toBe('/api/user');
  });
  test('refuses a path whose :name has no value', () => {
    expect(() => urlOf('/api/videos/:id')).toThrow('/api/videos/:id: no value for :id');
  });
});

describe('api', () => {
  test('sends to the filled-in path with the JSON body, and answers the parsed reply', async () => {
    const sent: { url: string; init: RequestInit }[] = [];
    const real = globalThis.fetch;
    globalThis.fetch = (async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return new Response(JSON.stringify({ id: 'u 1' }), { status: 200 });
    }) as unknown as typeof fetch;
    try {
      const reply = await api.patch('/api/users/:id', { fullName: 'Sam' }, { params: { id: 'u 1' } });
      expect(reply).toEqual({ id: 'u 1' } as unknown as typeof reply);
      await api.get('/api/clips', { query: { cursor: 'c1' } });
      await api.post('/api/logout');
    } finally {
      globalThis.fetch = real;
    }
    expect(sent.map((s) => [s.init.method, s.url, s.init.body])).toEqual([
      ['PATCH', '/api/users/u%201', JSON.stringify({ fullName: 'Sam' })],
      ['GET', '/api/clips?cursor=c1', undefined],
      ['POST', '/api/logout', undefined],
    ]);
  });
});

// What a call sends and answers is read from the server's route declarations (decision 228): these lines are
// checked by `bun run typecheck` (each @ts-expect-error fails the typecheck when its line compiles), never run.
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assertType = <T extends true>(ok: T) => ok;
export function typedCalls() {
  // The answer is the declared schema's, without a type argument.
  const login: Promise<PublicUser> = api.post('/api/login', { username: 'sam', password: 'secret' });
  assertType<Equal<ApiReply<'GET', '/api/user'>, z.input<typeof ZPublicUser>>>(true);
  assertType<Equal<ApiBody<'POST', '/api/login'>, z.input<typeof ZLogin>>>(true);
  // A multipart upload sends FormData and answers its declared schema.
  const upload: Promise<{ url: string; mimeType: string }> = api.post('/api/avatars/upload', new FormData());
  // A path with :names takes them.
  const video = api.get('/api/videos/:id', { params: { id: 'v1' } });
  // @ts-expect-error no such operation
  void api.post('/api/no-such-route', {});
  // @ts-expect-error GET is not declared on /api/login
  void api.get('/api/login');
  // @ts-expect-error a path is the declared template, not a filled-in address
  void api.get('/api/videos/v1');
  // @ts-expect-error the login body has no `user` field (and lacks `username`)
  void api.post('/api/login', { user: 'sam', password: 'secret' });
  // @ts-expect-error a body is required where one is declared
  void api.post('/api/login');
  // @ts-expect-error a JSON operation takes no FormData
  void api.post('/api/login', new FormData());
  // @ts-expect-error an upload takes FormData, not JSON
  void api.post('/api/avatars/upload', { image: 'x' });
  // @ts-expect-error the :id of the path is required
  void api.get('/api/videos/:id');
  // @ts-expect-error a param the path does not name
  void api.get('/api/videos/:id', { params: { videoId: 'v1' } });
  // @ts-expect-error the answer is checked too: a user has no `nope`
  void login.then((u) => u.nope);
  return [login, upload, video];
}

test('the typed calls above are compile-time checks', () => {
  expect(typeof typedCalls).toBe('function');
});
