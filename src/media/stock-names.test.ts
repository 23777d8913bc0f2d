import { describe, expect, test } from 'bun:test';
import { stockLibrary } from '../domains/avatars/stock';
import { STOCK_AVATAR_COUNT, stockAvatar } from './avatar-art';

const pages = <T>(list: readonly T[], size: number) => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));
const firstName = (name: string) => name.split(' ')[0];

describe('stock presenter names', () => {
  const library = stockLibrary();
  // The web's page sizes (wizard 18, library 20), the API's default (20) and its largest page (100).
  const SIZES = [18, 20, 100];

  test('no name twice in any page of the default order, nor in a page filtered by gender or category', () => {
    const orders = {
      all: library,
      female: library.filter((a) => a.gender === 'female'),
      male: library.filter((a) => a.gender === 'male'),
      office: library.filter((a) => a.category === 'office'),
      casual: library.filter((a) => a.category === 'casual'),
      officeWomen: library.filter((a) => a.category === 'office' && a.gender === 'female'),
    };
    for (const [order, list] of Object.entries(orders)) {
      for (const size of SIZES) {
        for (const page of pages(list, size)) expect(new Set(page.map((a) => a.name)).size, `${order} / ${size}`).toBe(page.length);
      }
    }
  });

  test('no first name twice on a page the screens show (18 or 20 presenters)', () => {
    for (const size of [18, 20]) {
      for (const page of pages(library, size)) expect(new Set(page.map((a) => firstName(a.name))).size).toBe(page.length);
    }
  });

  test('rare across the catalogue: every full name is given once, each first name at most 19 times', () => {
    expect(new Set(library.map((a) => a.name)).size).toBe(STOCK_AVATAR_COUNT);
    const counts = new Map<string, number>();
    for (const a of library) counts.set(firstName(a.name) as string, (counts.get(firstName(a.name) as string) ?? 0) + 1);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(19);
    expect(counts.size).toBeGreaterThanOrEqual(160);
  });

  test('names are stable: the same index always has the same name', () => {
    expect(stockAvatar(0).name).toBe('Emma A.');
    expect(stockAvatar(1).name).toBe('James M.');
    expect(stockAvatar(2990).name).toMatch(/^\p{L}+ [A-Z]\.$/u);
  });
});
