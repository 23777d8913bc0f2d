import { describe, expect, test } from 'bun:test';
import { mulberry32, seededRandom } from './random.ts';

// Stock faces and presenter moves are drawn from these: a changed sequence would change every
// stock avatar and every re-rendered video, so the first draws are pinned.
describe('seeded random numbers', () => {
  test('mulberry32 draws the same numbers for a seed, in [0, 1)', () => {
    const draw = mulberry32(Math.imul(1, 2654435761));
    expect([draw(), draw(), draw()]).toEqual([0.5464560757391155, 0.45955629041418433, 0.2470416973810643]);
    const many = Array.from({ length: 1000 }, mulberry32(7));
    expect(many.every((n) => n >= 0 && n < 1)).toBe(true);
  });

  test('seededRandom hashes its string seed (FNV-1a) into mulberry32', () => {
    const draw = seededRandom('a');
    expect([draw(), draw(), draw()]).toEqual([0.621685681398958, 0.30822347407229245, 0.36686075991019607]);
    expect(seededRandom('b')()).not.toBe(seededRandom('a')());
  });
});
