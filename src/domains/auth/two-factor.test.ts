import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import type { Auth } from './lucia';
import type { SecretBox } from '../../server/crypto';
import type { Db } from '../../server/db/client';
import { createRateLimits } from '../../server/http/rate-limit';
import { signedInClient, shared, testApp, uniqueName } from '../../test/harness';
import { recoveryCodes, twoFactor } from './tables';
import { stepAt, totp } from './totp';
import { beginTwoFactorSetup, disableTwoFactor, enableTwoFactor, spendSecondFactor, twoFactorStatus } from './two-factor';

let app: Awaited<ReturnType<typeof testApp>>['app'];
let db: Db;
let box: SecretBox;
let auth: Auth;
const PASSWORD = 'correct horse battery';
let limiterOf: ReturnType<typeof createRateLimits>;
beforeAll(async () => {
  ({ app } = await testApp());
  const s = await shared();
  db = s.deps.db;
  box = s.deps.box;
  auth = s.deps.auth;
  limiterOf = createRateLimits(db);
});

const SLOW = 30_000;

// Each test its own limiter name: throttling in one test never leaks into another.
const freshLimiter = () => limiterOf(uniqueName('2fa-test'), 5, 15 * 60_000);

/** A user with two-factor sign-in on, enabled with the code of the step at `at`. */
async function enabledUser(at = Date.now()) {
  const { user, password } = await signedInClient(app);
  const setup = await beginTwoFactorSetup({ db, box, userId: user.id, account: user.username });
  const { recoveryCodes: codes } = await enableTwoFactor({
    db,
    box,
    auth,
    userId: user.id,
    sessionId: 'other',
    input: { password: PASSWORD, code: totp(setup.secret, at) },
    limiter: freshLimiter(),
    now: new Date(at),
  });
  return { user, password, secret: setup.secret, codes };
}

describe('set-up', () => {
  test(
    'a base32 secret, an otpauth URI naming the issuer and the username, an SVG QR code; the secret is stored encrypted only',
    async () => {
      const { user } = await signedInClient(app);
      const setup = await beginTwoFactorSetup({ db, box, userId: user.id, account: user.username });
      expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(setup.uri).toBe(`otpauth://totp/Avatar%20Studio:${user.username}?secret=${setup.secret}&issuer=Avatar%20Studio&algorithm=SHA1&digits=6&period=30`);
      expect(setup.qrSvg).toStartWith('<svg');
      const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, user.id));
      expect(row.enabledAt).toBeNull();
      expect(row.secretEncrypted).not.toContain(setup.secret);
      expect(row.secretEncrypted).not.toContain(setup.secret.toLowerCase());
      expect(await box.decrypt(row.secretEncrypted, `two-factor:${user.id}`)).toBe(setup.secret);
      // Bound to its user: under another user's id it does not decrypt.
      await expect(box.decrypt(row.secretEncrypted, 'two-factor:someone-else')).rejects.toThrow();
      expect((await twoFactorStatus({ db, userId: user.id })).enabled).toBe(false);
    },
    SLOW,
  );

  test(
    'a wrong code does not enable it; the right one does and returns ten recovery codes, stored hashed',
    async () => {
      const { user } = await signedInClient(app);
      const setup = await beginTwoFactorSetup({ db, box, userId: user.id, account: user.username });
      const limiter = freshLimiter();
      const wrong = totp(setup.secret, Date.now() + 120_000);
      await expect(
        enableTwoFactor({ db, box, auth, userId: user.id, sessionId: 'other', input: { password: PASSWORD, code: wrong }, limiter }),
      ).rejects.toThrow('Password or code is incorrect');
      expect((await twoFactorStatus({ db, userId: user.id })).enabled).toBe(false);
      const { recoveryCodes: codes } = await enableTwoFactor({
        db,
        box,
        auth,
        userId: user.id,
        sessionId: 'other',
        input: { password: PASSWORD, code: totp(setup.secret) },
        limiter,
      });
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      for (const c of codes) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
      const stored = await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
      expect(stored).toHaveLength(10);
      const dump = JSON.stringify(stored);
      for (const c of codes) {
        expect(dump).not.toContain(c);
        expect(dump).not.toContain(c.replace('-', ''));
      }
      expect(await twoFactorStatus({ db, userId: user.id })).toEqual({ enabled: true, recoveryCodesLeft: 10 });
      // On: a new set-up cannot replace the secret.
      await expect(beginTwoFactorSetup({ db, box, userId: user.id, account: user.username })).rejects.toThrow('already on');
    },
    SLOW,
  );
});

describe('codes', () => {
  test(
    '±1 step is accepted, ±2 is not',
    async () => {
      const at = Date.now();
      const { user, secret } = await enabledUser(at - 120_000);
      const now = new Date(at);
      expect(await spendSecondFactor({ db, box, userId: user.id, code: totp(secret, at - 60_000), now })).toBeNull();
      expect(await spendSecondFactor({ db, box, userId: user.id, code: totp(secret, at + 60_000), now })).toBeNull();
      expect(await spendSecondFactor({ db, box, userId: user.id, code: totp(secret, at - 30_000), now })).toBe('totp');
      expect(await spendSecondFactor({ db, box, userId: user.id, code: totp(secret, at + 30_000), now })).toBe('totp');
    },
    SLOW,
  );

  test(
    'a used code cannot be replayed, nor an older one after it; the last used step is stored',
    async () => {
      const at = Date.now();
      const { user, secret } = await enabledUser(at - 120_000);
      const now = new Date(at);
      const code = totp(secret, at);
      expect(await spendSecondFactor({ db, box, userId: user.id, code, now })).toBe('totp');
      expect(await spendSecondFactor({ db, box, userId: user.id, code, now })).toBeNull();
      expect(await spendSecondFactor({ db, box, userId: user.id, code: totp(secret, at - 30_000), now })).toBeNull();
      const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, user.id));
      expect(row.lastUsedStep).toBe(stepAt(at));
      // The code that enabled it is spent too.
      const enabledAt = Date.now();
      const other = await enabledUser(enabledAt);
      expect(await spendSecondFactor({ db, box, userId: other.user.id, code: totp(other.secret, enabledAt), now: new Date(enabledAt) })).toBeNull();
    },
    SLOW,
  );

  test(
    'one code sent by twenty requests at once is accepted once',
    async () => {
      const at = Date.now();
      const { user, secret } = await enabledUser(at - 120_000);
      const code = totp(secret, at);
      const results = await Promise.all(Array.from({ length: 20 }, () => spendSecondFactor({ db, box, userId: user.id, code, now: new Date(at) })));
      expect(results.filter((r) => r === 'totp')).toHaveLength(1);
    },
    SLOW,
  );

  test(
    'each recovery code works once, typed in any case, with or without its dash',
    async () => {
      const { user, codes } = await enabledUser();
      expect(await spendSecondFactor({ db, box, userId: user.id, code: codes[0], now: new Date() })).toBe('recovery');
      expect(await spendSecondFactor({ db, box, userId: user.id, code: codes[0], now: new Date() })).toBeNull();
      expect(await spendSecondFactor({ db, box, userId: user.id, code: ` ${codes[1].replace('-', '').toUpperCase()} `, now: new Date() })).toBe('recovery');
      expect((await twoFactorStatus({ db, userId: user.id })).recoveryCodesLeft).toBe(8);
      // Another user's code is no code here.
      const other = await enabledUser();
      expect(await spendSecondFactor({ db, box, userId: user.id, code: other.codes[0], now: new Date() })).toBeNull();
      const parallel = await Promise.all(Array.from({ length: 10 }, () => spendSecondFactor({ db, box, userId: user.id, code: codes[2] })));
      expect(parallel.filter((r) => r === 'recovery')).toHaveLength(1);
    },
    SLOW,
  );
});

describe('throttling', () => {
  test(
    '50 wrong codes at once while enabling: at most 5 are checked, the rest refused; then even the right code waits',
    async () => {
      const { user } = await signedInClient(app);
      const setup = await beginTwoFactorSetup({ db, box, userId: user.id, account: user.username });
      const limiter = freshLimiter();
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, () =>
          enableTwoFactor({ db, box, auth, userId: user.id, sessionId: 'other', input: { password: PASSWORD, code: '000000' }, limiter }),
        ),
      );
      const messages = results.map((r) => (r.status === 'rejected' ? String((r.reason as Error).message) : 'enabled'));
      const checked = messages.filter((m) => m === 'Password or code is incorrect').length;
      expect(checked).toBeGreaterThan(0);
      expect(checked).toBeLessThanOrEqual(5);
      expect(messages.filter((m) => m.startsWith('Too many attempts')).length).toBe(50 - checked);
      await expect(
        enableTwoFactor({ db, box, auth, userId: user.id, sessionId: 'other', input: { password: PASSWORD, code: totp(setup.secret) }, limiter }),
      ).rejects.toThrow('Too many attempts');
    },
    SLOW,
  );
});

describe('turning it off', () => {
  test(
    'needs the password and a code: either alone is refused and spends nothing',
    async () => {
      const at = Date.now();
      const { user, password, secret, codes } = await enabledUser(at - 120_000);
      const limiter = freshLimiter();
      const now = new Date(at);
      const code = totp(secret, at);
      await expect(disableTwoFactor({ db, box, userId: user.id, input: { password: 'not the password', code }, limiter, now })).rejects.toThrow(
        'Password or code is incorrect',
      );
      await expect(disableTwoFactor({ db, box, userId: user.id, input: { password, code: '123456' }, limiter, now })).rejects.toThrow(
        'Password or code is incorrect',
      );
      expect((await twoFactorStatus({ db, userId: user.id })).enabled).toBe(true);
      // The wrong password did not spend the code.
      expect(await disableTwoFactor({ db, box, userId: user.id, input: { password, code }, limiter, now })).toEqual({ ok: true });
      expect(await twoFactorStatus({ db, userId: user.id })).toEqual({ enabled: false, recoveryCodesLeft: 0 });
      expect(await db.select().from(twoFactor).where(eq(twoFactor.userId, user.id))).toHaveLength(0);
      expect(await spendSecondFactor({ db, box, userId: user.id, code: codes[0] })).toBeNull();
    },
    SLOW,
  );

  test(
    'a recovery code may stand for the app (a lost phone)',
    async () => {
      const { user, password, codes } = await enabledUser();
      expect(await disableTwoFactor({ db, box, userId: user.id, input: { password, code: codes[3] }, limiter: freshLimiter() })).toEqual({ ok: true });
    },
    SLOW,
  );
});
