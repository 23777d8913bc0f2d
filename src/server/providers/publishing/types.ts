// Publishing a finished video to a social platform (one-to-many): a Facebook Page, an Instagram
// professional account (as a Reel), a YouTube channel. Each platform is a provider behind this one
// interface: the offline sandbox by default, the platform's documented API when configured
// (docs/decisions/229-publishing.md).

import { ProviderCallError } from '../call-error';

export const PUBLISH_PLATFORMS = ['facebook', 'instagram', 'youtube'] as const;
export type PublishPlatform = (typeof PUBLISH_PLATFORMS)[number];

export const VISIBILITIES = ['public', 'unlisted', 'private'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/** Where a video can be published: a Facebook Page, an Instagram professional account, a YouTube channel. */
export type PublishTarget = { id: string; name: string };

/** The user's grant, as the OAuth token exchange returned it. Callers keep it encrypted at rest. */
export type PublishToken = {
  accessToken: string;
  refreshToken?: string | null;
  /** When the access token stops working; null: it does not expire (a Page token). */
  expiresAt?: string | null;
  /** Per-target tokens (Facebook Page access tokens), keyed by target id. */
  targetTokens?: Record<string, string>;
};

/** The file to publish: a finished MP4 on local disk. */
export type PublishVideo = { path: string; bytes: number; durationSec: number; width: number; height: number };

/**
 * An upload the platform let us start and resume (YouTube's session URI, Facebook's upload session,
 * Instagram's container). Opaque to callers: stored as JSON and handed back on the next attempt.
 */
export type UploadSession = Record<string, string | number | null>;

export type PublishRequest = {
  platform: PublishPlatform;
  token: PublishToken;
  target: PublishTarget;
  video: PublishVideo;
  title: string;
  /** Carries the video's tracked share link. */
  description: string;
  /** YouTube only; Facebook and Instagram posts are public. */
  visibility: Visibility;
  /** Scheduled publication (YouTube publishAt, Facebook scheduled_publish_time); null: now. */
  publishAt?: string | null;
  /** Our publication id: sent where the API takes an idempotency key or a reference. */
  reference: string;
  /** The session an earlier attempt opened, to resume instead of starting over. */
  resume?: UploadSession | null;
  /** Called as soon as a session is opened, before bytes are sent: the caller stores it. */
  onSession?: (session: UploadSession) => Promise<void>;
};

export type PublishResult = { postId: string; url: string };

/** A post's own numbers, as the platform reports them. `source` names the API field, for the UI's label. */
export type PostInsights = { views: number; likes?: number | null; comments?: number | null; source: string };

export interface PublishingProvider {
  readonly name: 'sandbox' | 'facebook' | 'youtube';
  readonly sandbox: boolean;
  /** Where to send the user to grant access (OAuth authorize URL, or the sandbox consent page). */
  authorizeUrl(input: { platform: PublishPlatform; state: string; redirectUri: string }): string;
  /** Exchanges the authorization code and lists the targets the user may publish to. */
  exchangeCode(input: { platform: PublishPlatform; code: string; redirectUri: string }): Promise<{ token: PublishToken; targets: PublishTarget[] }>;
  /** A fresh access token from the refresh token (YouTube); providers without refresh return the token unchanged. */
  refresh(input: { platform: PublishPlatform; token: PublishToken }): Promise<PublishToken>;
  publish(input: PublishRequest): Promise<PublishResult>;
  insights(input: { platform: PublishPlatform; token: PublishToken; target: PublishTarget; postId: string }): Promise<PostInsights>;
}

/**
 * A platform call that failed. `kind` says what the caller does: `reauth` (the grant expired or was
 * revoked: ask the user to reconnect), `quota` (try again later, and say so), `rejected` (the video or
 * the request breaks a platform rule: the platform's reason, no retry), `transient` (network, 5xx: retry).
 */
export class PublishError extends ProviderCallError {
  override name = 'PublishError';
  constructor(
    message: string,
    readonly kind: 'reauth' | 'quota' | 'rejected' | 'transient',
    status?: number,
  ) {
    super(message, status, kind === 'quota' || kind === 'transient');
  }
}
