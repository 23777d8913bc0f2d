import { beforeAll, describe, expect, test } from 'bun:test';
import type { AppDeps } from '../../server/context';
import { shared, signedInClient, TestClient, testApp } from '../../test/harness';
import { sha256 } from './password-reset';
import { passwordResets } from './tables';
import { totp } from './totp';
import { completeTwoFactorLogin, createLoginChallenge } from './two-factor-login';

let app: Awaited<ReturnType<typeof testApp>>['app'];
let deps: AppDeps;
beforeAll(async () => {
  ({ app } = await testApp());
  deps = (await shared()).deps;
});

/** A user who turned two-factor sign-in on through the screens' procedures. */
async function twoFactorUser() {
  const s = await signedInClient(app);
  const begin = await s.client.trpc('mutation', 'twoFactor.begin');
  expect(begin.status).toBe(200);
  const secret = begin.data.result.data.secret as string;
  const enabled = await s.client.trpc('mutation', 'twoFactor.enable', { password: s.password, code: totp(secret) });
  expect(enabled.status).toBe(200);
  // The code that enabled it is spent: the next sign-in uses the next step's code (within ±1).
  return { ...s, secret, codes: enabled.data.result.data.recoveryCodes as string[], nextCode: () => totp(secret, Date.now() + 30_000) };
}

const SLOW = 30_000;
const passwordStep = (c: TestClient, username: string, password: string) => c.post('/api/login', { username, password });

describe('POST /api/login for an account without two-factor sign-in', () => {
  test(
    'keeps its contract: 200, the user, the session cookie',
    async () => {
      const { user, password } = await signedInClient(app);
      const c = new TestClient(app);
      const res = await passwordStep(c, user.username, password);
      expect(res.status).toBe(200);
      expect(res.data.id).toBe(user.id);
      expect(res.data.twoFactorRequired).toBeUndefined();
      expect(res.headers.getSetCookie()[0]).toStartWith('session=');
    },
    SLOW,
  );
});

describe('a two-factor login, both steps over HTTP', () => {
  test(
    'the password step: 401 with twoFactorRequired and a pending token, no session; the code step signs in',
    async () => {
      const { user, password, nextCode } = await twoFactorUser();
      const c = new TestClient(app);
      const first = await passwordStep(c, user.email, password);
      expect(first.status).toBe(401);
      expect(first.data).toEqual({ message: 'Two-factor code required', twoFactorRequired: true, pendingToken: expect.any(String) });
      expect(first.headers.getSetCookie()).toEqual([]);
      expect((await c.get('/api/user')).status).toBe(401);
      // A wrong password still answers as before, with no token.
      const wrongPassword = await passwordStep(new TestClient(app), user.username, 'wrong-password');
      expect(wrongPassword.data).toEqual({ message: 'Invalid username or password' });

      const wrong = await c.post('/api/login/two-factor', { pendingToken: first.data.pendingToken, code: '000000' });
      expect(wrong.status).toBe(401);
      expect(wrong.data.message).toBe('Invalid code');
      expect((await c.get('/api/user')).status).toBe(401);

      const second = await c.post('/api/login/two-factor', { pendingToken: first.data.pendingToken, code: nextCode() });
      expect(second.status).toBe(200);
      expect(second.data.id).toBe(user.id);
      expect((await c.get('/api/user')).data.id).toBe(user.id);
      // The pending token is spent with the login.
      const again = await new TestClient(app).post('/api/login/two-factor', { pendingToken: first.data.pendingToken, code: nextCode() });
      expect(again.status).toBe(401);
      expect(again.data.message).toBe('This sign-in has expired. Please sign in again.');
    },
    SLOW,
  );

  test(
    'the code just used cannot sign in a second time (replay)',
    async () => {
      const { user, password, nextCode } = await twoFactorUser();
      const code = nextCode();
      const a = new TestClient(app);
      const b = new TestClient(app);
      const ta = (await passwordStep(a, user.username, password)).data.pendingToken;
      const tb = (await passwordStep(b, user.username, password)).data.pendingToken;
      expect((await a.post('/api/login/two-factor', { pendingToken: ta, code })).status).toBe(200);
      const replay = await b.post('/api/login/two-factor', { pendingToken: tb, code });
      expect(replay.status).toBe(401);
      expect(replay.data.message).toBe('Invalid code');
    },
    SLOW,
  );

  test(
    'a recovery code signs in once',
    async () => {
      const { user, password, codes } = await twoFactorUser();
      const login = async () => {
        const c = new TestClient(app);
        const pendingToken = (await passwordStep(c, user.username, password)).data.pendingToken;
        return c.post('/api/login/two-factor', { pendingToken, code: codes[0] });
      };
      expect((await login()).status).toBe(200);
      const second = await login();
      expect(second.status).toBe(401);
      expect(second.data.message).toBe('Invalid code');
    },
    SLOW,
  );

  test('30 wrong codes at once: at most 5 checked, the rest 429 with Retry-After; then even the right code waits', async () => {
    const { user, password, nextCode } = await twoFactorUser();
    const c = new TestClient(app);
    const pendingToken = (await passwordStep(c, user.username, password)).data.pendingToken;
    const results = await Promise.all(Array.from({ length: 30 }, () => new TestClient(app).post('/api/login/two-factor', { pendingToken, code: '000000' })));
    const checked = results.filter((r) => r.status === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(5);
    expect(results.filter((r) => r.status === 429).length).toBe(30 - checked);
    const refused = results.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.data.message).toContain('Too many failed login attempts');
    expect((await c.post('/api/login/two-factor', { pendingToken, code: nextCode() })).status).toBe(429);
  }, 30_000);

  test(
    'a pending token lives five minutes',
    async () => {
      const { user, nextCode } = await twoFactorUser();
      const past = new Date(Date.now() - 6 * 60_000);
      const pendingToken = await createLoginChallenge({ db: deps.db, userId: user.id, now: past });
      const c = new TestClient(app);
      const res = await c.post('/api/login/two-factor', { pendingToken, code: nextCode() });
      expect(res.status).toBe(401);
      expect(res.data.message).toBe('This sign-in has expired. Please sign in again.');
      // Within its five minutes the same service signs in.
      const fresh = await createLoginChallenge({ db: deps.db, userId: user.id });
      const out = await completeTwoFactorLogin({
        db: deps.db,
        box: deps.box,
        auth: deps.auth,
        input: { pendingToken: fresh, code: nextCode() },
        ip: '198.51.100.7',
        limits: deps.limits,
      });
      expect(out.user.id).toBe(user.id);
    },
    SLOW,
  );

  test(
    'bad input answers 400 with the message',
    async () => {
      const res = await new TestClient(app).post('/api/login/two-factor', { pendingToken: 'x'.repeat(40), code: '' });
      expect(res.status).toBe(400);
      expect(res.data.message).toBe('Enter the 6-digit code from your app or a recovery code');
    },
    SLOW,
  );
});

describe('what two-factor sign-in does not change', () => {
  test(
    'a password reset signs nobody in, and the next login still asks for the code',
    async () => {
      const { user, nextCode } = await twoFactorUser();
      const token = `reset-${crypto.randomUUID()}`;
      await deps.db.insert(passwordResets).values({ tokenHash: sha256(token), userId: user.id, expiresAt: new Date(Date.now() + 60_000) });
      const c = new TestClient(app);
      const reset = await c.post('/api/password/reset', { token, password: 'a brand new password' });
      expect(reset.status).toBe(200);
      expect(reset.headers.getSetCookie()).toEqual([]);
      expect((await c.get('/api/user')).status).toBe(401);
      const first = await passwordStep(c, user.username, 'a brand new password');
      expect(first.status).toBe(401);
      expect(first.data.twoFactorRequired).toBe(true);
      expect((await c.post('/api/login/two-factor', { pendingToken: first.data.pendingToken, code: nextCode() })).status).toBe(200);
    },
    SLOW,
  );

  test(
    'API keys keep working without a code (they are not a login)',
    async () => {
      const s = await signedInClient(app);
      const key = (await s.client.trpc('mutation', 'apiKeys.create', { name: 'CI' })).data.result.data.key as string;
      const begin = await s.client.trpc('mutation', 'twoFactor.begin');
      await s.client.trpc('mutation', 'twoFactor.enable', { password: s.password, code: totp(begin.data.result.data.secret) });
      expect((await s.client.trpc('query', 'twoFactor.status')).data.result.data).toEqual({ enabled: true, recoveryCodesLeft: 10 });
      const viaKey = new TestClient(app);
      const me = await viaKey.get('/api/user', { authorization: `Bearer ${key}` });
      expect(me.status).toBe(200);
      expect(me.data.id).toBe(s.user.id);
      // …but a key can neither read nor change the second factor.
      expect((await viaKey.request('POST', '/trpc/twoFactor.begin', {}, { authorization: `Bearer ${key}` })).status).toBe(401);
    },
    SLOW,
  );

  test(
    'turning it off over tRPC needs the password and a code; then the login is one step again',
    async () => {
      const { client, user, password, nextCode } = await twoFactorUser();
      const refused = await client.trpc('mutation', 'twoFactor.disable', { password: 'wrong', code: nextCode() });
      expect(refused.status).toBe(400);
      expect(refused.data.error.message).toBe('Password or code is incorrect');
      expect((await client.trpc('mutation', 'twoFactor.disable', { password, code: nextCode() })).status).toBe(200);
      expect((await passwordStep(new TestClient(app), user.username, password)).status).toBe(200);
    },
    SLOW,
  );
});

describe('turning it on (issue 25 item 10)', () => {
  test(
    'needs the current password (a wrong one spends no code) and signs out every other session, keeping this one',
    async () => {
      const s = await signedInClient(app);
      const elsewhere = new TestClient(app);
      expect((await elsewhere.post('/api/login', { username: s.user.username, password: s.password })).status).toBe(200);
      const secret = (await s.client.trpc('mutation', 'twoFactor.begin')).data.result.data.secret as string;
      const code = totp(secret);

      const bare = await s.client.trpc('mutation', 'twoFactor.enable', { code });
      expect(bare.status).toBe(400);
      expect(bare.data.error.message).toBe('Current password is required');
      const wrong = await s.client.trpc('mutation', 'twoFactor.enable', { password: 'not the password', code });
      expect(wrong.status).toBe(400);
      expect(wrong.data.error.message).toBe('Password or code is incorrect');
      expect((await s.client.trpc('query', 'twoFactor.status')).data.result.data.enabled).toBe(false);
      expect((await elsewhere.get('/api/user')).status).toBe(200);

      // The same code still works: the wrong password did not spend it.
      expect((await s.client.trpc('mutation', 'twoFactor.enable', { password: s.password, code })).status).toBe(200);
      expect((await s.client.get('/api/user')).status).toBe(200);
      expect((await elsewhere.get('/api/user')).status).toBe(401);
    },
    SLOW,
  );
});
