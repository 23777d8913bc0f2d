import type { Db } from '../../server/db/client';

// Deliveries (one per contact, video and channel, each with a landing-page token) live in
// distribution, which imports tracking: tracking receives them as functions instead.

export type ResolvedToken = {
  videoId: string;
  /** The video's workspace: the event, its counters and its webhooks go there. */
  workspaceId: string;
  campaignId: string | null;
  /** The delivery's channel: facebook, linkedin, whatsapp, email, … */
  channel: string;
  /** The recipient, when the delivery went to a known contact: unique viewers count contacts. */
  contactId?: string | null;
  /** A link for an anonymous audience (a video's share link): viewers are told apart by address and browser. */
  anonymous?: boolean;
};
export type TokenResolver = (db: Db, token: string) => Promise<ResolvedToken | null>;

export type DeliveryFigures = {
  /** Distinct recipients the campaign's videos were delivered to (wherever they were sent from). */
  reach: number;
  /** Deliveries per channel. */
  byPlatform: Record<string, number>;
};
export type DeliveryStats = (db: Db, workspaceId: string, campaignId: string) => Promise<DeliveryFigures | null>;

/** "Delivered to" of many campaigns of a workspace at once (the list, the dashboard): campaign id → recipients. */
export type DeliveredTo = (db: Db, workspaceId: string, campaignIds: string[] | null) => Promise<Map<string, number>>;

/**
 * Everything tracking and the figures screens need from distribution, built once by createDeps and
 * passed in (docs/decisions/141-explicit-wiring.md): nothing is registered at import time.
 */
export type TrackingHooks = {
  /** Landing-page tokens resolve through deliveries and share links. */
  resolveToken: TokenResolver;
  /** Reach and deliveries per platform of one campaign. */
  deliveryStats: DeliveryStats;
  /** "Delivered to" of many campaigns at once. */
  deliveredTo: DeliveredTo;
};

/** No deliveries at all: every token unknown, no reach. For a test that exercises tracking alone. */
export const NO_DELIVERIES: TrackingHooks = {
  resolveToken: async () => null,
  deliveryStats: async () => null,
  deliveredTo: async () => new Map(),
};
