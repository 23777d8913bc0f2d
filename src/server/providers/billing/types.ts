export type ChargeInput = { userId: string; amountCents: number; currency: string; description: string };

export interface BillingProvider {
  readonly name: 'local' | 'stripe';
  /** Charges (or records) one period; returns the provider's reference. */
  charge(input: ChargeInput): Promise<{ reference: string }>;
}
