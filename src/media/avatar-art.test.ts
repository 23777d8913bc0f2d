import { describe, expect, test } from 'bun:test';
import { avatarSvg, parseStockAvatarId, renderAvatarFrames, renderAvatarThumbnail, STOCK_AVATAR_COUNT, stockAvatar } from './avatar-art.ts';
import { MediaError } from './errors.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function pngSize(png: Uint8Array): { width: number; height: number } {
  expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  const view = new DataView(png.buffer, png.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

describe('stock avatar library', () => {
  test('is deterministic and covers the whole range', () => {
    expect(STOCK_AVATAR_COUNT).toBe(2991);
    expect(stockAvatar(42)).toEqual(stockAvatar(42));
    expect(stockAvatar(0).id).toBe('stock-0');
    expect(stockAvatar(2990).id).toBe('stock-2990');
    expect(() => stockAvatar(2991)).toThrow(MediaError);
    expect(() => stockAvatar(-1)).toThrow(MediaError);
    expect(parseStockAvatarId('stock-17')).toBe(17);
    expect(parseStockAvatarId('custom-17')).toBeUndefined();
  });

  test('balanced genders and categories, office in business clothes, no yellow or orange skin', () => {
    const all = Array.from({ length: STOCK_AVATAR_COUNT }, (_, i) => stockAvatar(i));
    const count = (pred: (a: (typeof all)[number]) => boolean) => all.filter(pred).length;
    expect(Math.abs(count((a) => a.gender === 'female') - count((a) => a.gender === 'male'))).toBeLessThanOrEqual(1);
    expect(count((a) => a.category === 'office')).toBeGreaterThan(1400);
    expect(count((a) => a.category === 'casual')).toBeGreaterThan(1400);
    for (const a of all) {
      expect(['fd9841', 'f8d25c']).not.toContain((a.look.skinColor as string[])[0]);
      const clothing = (a.look.clothing as string[])[0] as string;
      expect(/^(blazer|collar)/.test(clothing)).toBe(a.category === 'office');
      expect(a.name).toMatch(/^\p{L}+ [A-Z]\.$/u);
    }
    expect(new Set(all.map((a) => a.name.split(' ')[0])).size).toBeGreaterThanOrEqual(30);
  });

  test('different ids give different faces', () => {
    expect(avatarSvg(stockAvatar(1))).not.toBe(avatarSvg(stockAvatar(3)));
  });
});

describe('avatar frames', () => {
  test('are valid PNGs of the requested size, deterministic, with distinct mouths', () => {
    const a = renderAvatarFrames(stockAvatar(123), 256);
    const b = renderAvatarFrames(stockAvatar(123), 256);
    for (const shape of ['closed', 'half', 'open'] as const) {
      expect(pngSize(a[shape])).toEqual({ width: 256, height: 256 });
      expect(same(a[shape], b[shape])).toBe(true);
    }
    expect(same(a.open, a.closed)).toBe(false);
    expect(same(a.half, a.closed)).toBe(false);
    expect(same(a.half, a.open)).toBe(false);
  });

  test('thumbnail is a PNG of the requested size, different per avatar', () => {
    const png = renderAvatarThumbnail(stockAvatar(7), 128);
    expect(pngSize(png)).toEqual({ width: 128, height: 128 });
    expect(same(png, renderAvatarThumbnail(stockAvatar(8), 128))).toBe(false);
  });

  test('rejects absurd sizes', () => {
    expect(() => renderAvatarFrames(stockAvatar(1), 5)).toThrow(MediaError);
  });
});
