export type ChargeInput = {
  userId: string;
  amountCents: number;
  currency: string;
  description: string;
  /** The item and period bought: a live provider is given it as its idempotency key, so a retried charge is made once. */
  idempotencyKey: string;
};

/** A payment method as the provider describes it: never a full number or a security code. */
export type PaymentMethod = { brand: string; last4: string; expMonth: number | null; expYear: number | null };
export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string; name?: string };

export interface BillingProvider {
  readonly name: 'local' | 'stripe';
  /** Charges (or records) one period; returns the provider's reference. */
  charge(input: ChargeInput): Promise<{ reference: string }>;
  /** The method a user without a saved one is charged with (the sandbox's test card), or null. */
  defaultPaymentMethod(): PaymentMethod | null;
  /**
   * Registers a card with the provider and returns its description. A live provider takes a
   * token made by its own browser element instead of the number; the sandbox reads the number
   * only to keep its brand and last four digits.
   */
  savePaymentMethod(input: { userId: string; card: CardInput }): Promise<PaymentMethod>;
}
