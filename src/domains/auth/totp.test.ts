import { describe, expect, test } from 'bun:test';
import { base32Decode, base32Encode, hotp, matchingStep, otpauthUri, stepAt, totp } from './totp';

// RFC 6238 appendix B, SHA-1 column: the key is the ASCII string "12345678901234567890".
const RFC_KEY = new TextEncoder().encode('12345678901234567890');
const VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238, SHA-1, 30 s)', () => {
  test.each(VECTORS)('the RFC vector at T=%p gives %p (8 digits), and its last 6 digits with 6', (seconds, code) => {
    const secret = base32Encode(RFC_KEY);
    expect(hotp(RFC_KEY, stepAt(seconds * 1000), 8)).toBe(code);
    expect(totp(secret, seconds * 1000, 8)).toBe(code);
    expect(totp(secret, seconds * 1000)).toBe(code.slice(2));
  });

  test('RFC 4226 appendix D HOTP values', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expect(expected.map((_, i) => hotp(RFC_KEY, i))).toEqual(expected);
  });

  test('base32 round trip, and the RFC 4648 examples', () => {
    expect(base32Encode(new TextEncoder().encode('foobar'))).toBe('MZXW6YTBOI');
    expect(new TextDecoder().decode(base32Decode('mzxw 6ytb oi======'))).toBe('foobar');
    const bytes = crypto.getRandomValues(new Uint8Array(20));
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(() => base32Decode('not base32!')).toThrow();
  });

  test('±1 step is accepted, ±2 is not; the matching step is returned', () => {
    const secret = base32Encode(RFC_KEY);
    const at = 1_700_000_000_000;
    const now = stepAt(at);
    expect(matchingStep(secret, totp(secret, at), at)).toBe(now);
    expect(matchingStep(secret, totp(secret, at - 30_000), at)).toBe(now - 1);
    expect(matchingStep(secret, totp(secret, at + 30_000), at)).toBe(now + 1);
    expect(matchingStep(secret, totp(secret, at - 60_000), at)).toBeNull();
    expect(matchingStep(secret, totp(secret, at + 60_000), at)).toBeNull();
    expect(matchingStep(secret, '12345', at)).toBeNull();
    expect(matchingStep(secret, 'abcdef', at)).toBeNull();
  });

  test('the otpauth URI names the issuer and the account', () => {
    const uri = otpauthUri({ secret: 'JBSWY3DPEHPK3PXP', account: 'ada.l', issuer: 'Avatar Studio' });
    expect(uri).toBe('otpauth://totp/Avatar%20Studio:ada.l?secret=JBSWY3DPEHPK3PXP&issuer=Avatar%20Studio&algorithm=SHA1&digits=6&period=30');
  });
});
