import { newId } from '../../../shared/ids';
import type { BillingProvider, PaymentMethod } from './types';

/** The card brand told by the number's prefix. */
export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  return 'card';
}

/** The sandbox's own test card, shown until the user saves one. */
export const SANDBOX_CARD: PaymentMethod = { brand: 'sandbox', last4: '4242', expMonth: null, expYear: null };

// Records the change without taking money: the invoice row is written by the billing service.
export function createLocalBilling(): BillingProvider {
  return {
    name: 'local',
    async charge() {
      return { reference: `local_${newId()}` };
    },
    defaultPaymentMethod: () => SANDBOX_CARD,
    async savePaymentMethod({ card }) {
      return { brand: cardBrand(card.number), last4: card.number.slice(-4), expMonth: card.expMonth, expYear: card.expYear };
    },
  };
}
