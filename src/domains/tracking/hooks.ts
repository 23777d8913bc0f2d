import type { TrackingHooks } from '../../server/hooks';

// Deliveries (one per contact, video and channel, each with a landing-page token) live in
// distribution, which imports tracking: tracking receives them as functions instead, whose
// contracts are the platform's (src/server/hooks.ts).
export type { DeliveredTo, DeliveryFigures, DeliveryStats, ResolvedToken, TokenResolver, TrackingHooks } from '../../server/hooks';

/** No deliveries at all: every token unknown, no reach. For a test that exercises tracking alone. */
export const NO_DELIVERIES: TrackingHooks = {
  resolveToken: async () => null,
  deliveryStats: async () => null,
  deliveredTo: async () => new Map(),
};
