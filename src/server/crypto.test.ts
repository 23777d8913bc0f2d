import { describe, expect, test } from 'bun:test';
import { createSecretBox, safeEqual } from './crypto';

describe('secret box (AES-256-GCM, HKDF keys)', () => {
  const box = createSecretBox('k'.repeat(43));

  test('round trip; ciphertext differs from the plaintext and between encryptions', async () => {
    const a = await box.encrypt('acc_123456', 'row:1');
    const b = await box.encrypt('acc_123456', 'row:1');
    expect(a).not.toContain('acc_123456');
    expect(a).toStartWith('v1.');
    expect(a).not.toBe(b);
    expect(await box.decrypt(a, 'row:1')).toBe('acc_123456');
  });

  test('other associated data, another key or altered bytes do not decrypt', async () => {
    const a = await box.encrypt('secret', 'row:1');
    await expect(box.decrypt(a, 'row:2')).rejects.toThrow();
    await expect(createSecretBox('z'.repeat(43)).decrypt(a, 'row:1')).rejects.toThrow();
    const [v, iv, ct] = a.split('.');
    const flipped = `${v}.${iv}.${ct.slice(0, -2)}${ct.at(-2) === 'A' ? 'B' : 'A'}${ct.slice(-1)}`;
    await expect(box.decrypt(flipped, 'row:1')).rejects.toThrow();
  });

  test('mac is stable per key and purpose', async () => {
    expect(await box.mac('x', 'p')).toBe(await box.mac('x', 'p'));
    expect(await box.mac('x', 'p')).not.toBe(await box.mac('x', 'q'));
    expect(await box.mac('x', 'p')).not.toBe(await createSecretBox('z'.repeat(43)).mac('x', 'p'));
  });

  test('safeEqual', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });
});
