import { expect, test } from 'bun:test';
import { tierOffer } from './payment-step';

test('a pack offers: a purchase (to the owner only) until had, then nothing when in use, a free switch to any resolution had, back to the plan’s own', () => {
  expect(tierOffer({ isCurrent: true, covered: true, canBuy: false })).toBe('current');
  expect(tierOffer({ isCurrent: false, covered: true, canBuy: false })).toBe('use');
  expect(tierOffer({ isCurrent: false, covered: true, selectable: false, canBuy: true })).toBe('included');
  expect(tierOffer({ isCurrent: false, covered: false, canBuy: true })).toBe('buy');
  expect(tierOffer({ isCurrent: false, covered: false, canBuy: false })).toBe('ownerOnly');
  // A Pro plan's 1080p is in use, and its 50-video pack can still be bought.
  expect(tierOffer({ isCurrent: true, covered: false, selectable: true, canBuy: true, isPlanTier: true })).toBe('buy');
  // A Pro plan rendering 720p on purpose: its own 1080p is a free switch back, not a purchase.
  expect(tierOffer({ isCurrent: false, covered: false, selectable: true, canBuy: true, isPlanTier: true })).toBe('use');
  expect(tierOffer({ isCurrent: false, covered: false, selectable: true, canBuy: false, isPlanTier: true })).toBe('use');
});
