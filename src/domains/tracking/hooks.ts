import type { Db } from '../../server/db/client';

// The distribution issue adds deliveries (one per contact, video and channel, each with
// a landing-page token). Tracking must not import it, so it plugs in here at start-up.

export type ResolvedToken = {
  videoId: string;
  /** The video's owner. */
  userId: string;
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
export type DeliveryStats = (db: Db, userId: string, campaignId: string) => Promise<DeliveryFigures | null>;

/** "Delivered to" of many campaigns at once (the list, the dashboard): campaign id → recipients. */
export type DeliveredTo = (db: Db, userId: string, campaignIds: string[] | null) => Promise<Map<string, number>>;

let tokenResolver: TokenResolver | null = null;
let deliveryStats: DeliveryStats | null = null;
let deliveredTo: DeliveredTo | null = null;

/** Landing-page tokens resolve through deliveries; until one is registered every token is unknown. */
export function registerTokenResolver(fn: TokenResolver | null) {
  tokenResolver = fn;
}

export function resolveToken(db: Db, token: string): Promise<ResolvedToken | null> {
  return tokenResolver ? tokenResolver(db, token) : Promise.resolve(null);
}

/** Reach and deliveries per platform come from deliveries once they exist. */
export function registerDeliveryStats(fn: DeliveryStats | null) {
  deliveryStats = fn;
}

export function deliveryFigures(db: Db, userId: string, campaignId: string): Promise<DeliveryFigures | null> {
  return deliveryStats ? deliveryStats(db, userId, campaignId) : Promise.resolve(null);
}

export function registerDeliveredTo(fn: DeliveredTo | null) {
  deliveredTo = fn;
}

export function deliveredToByCampaign(db: Db, userId: string, campaignIds: string[] | null): Promise<Map<string, number>> {
  return deliveredTo ? deliveredTo(db, userId, campaignIds) : Promise.resolve(new Map());
}

/** The hooks in place, so that a test can put them back after replacing them. */
export function currentHooks() {
  return { tokenResolver, deliveryStats, deliveredTo };
}
