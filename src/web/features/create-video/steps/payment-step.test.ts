import { expect, test } from 'bun:test';
import { tierOffer } from './payment-step';

test('a tier offers: nothing when in use, a free switch when covered, a purchase to the owner only', () => {
  expect(tierOffer({ isCurrent: true, covered: true, canBuy: false })).toBe('current');
  expect(tierOffer({ isCurrent: false, covered: true, canBuy: false })).toBe('use');
  expect(tierOffer({ isCurrent: false, covered: false, canBuy: true })).toBe('buy');
  expect(tierOffer({ isCurrent: false, covered: false, canBuy: false })).toBe('ownerOnly');
});
