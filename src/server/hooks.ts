import type { Db } from './db/client';

// The functions a domain lends to one that may not import it (docs/decisions/141-explicit-wiring.md):
// their contracts live on the platform floor, so the deps type names them without importing a domain.
// The composition root (src/app/deps.ts) builds them from the lending domains.

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

/** What tracking and the figures screens need from distribution (deliveries live there, and distribution imports tracking). */
export type TrackingHooks = {
  /** Landing-page tokens resolve through deliveries and share links. */
  resolveToken: TokenResolver;
  /** Reach and deliveries per platform of one campaign. */
  deliveryStats: DeliveryStats;
  /** "Delivered to" of many campaigns at once. */
  deliveredTo: DeliveredTo;
};

/** Usage other domains count per workspace (social profiles, …). */
export type UsageCounter = (db: Db, workspaceId: string) => Promise<number>;
/** What billing needs from social: the connected profiles it counts against the plan. */
export type BillingHooks = { countSocialProfiles: UsageCounter };

export type DomainHooks = TrackingHooks & BillingHooks;
