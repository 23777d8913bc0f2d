// Social / messaging accounts (PRODUCT.md §2): the sandbox by default, Unipile when configured.
// Provider account ids grant access to a person's account: callers keep them encrypted at rest.

import type { MessagingPlatform } from '../../../shared/channel-catalogue';
import { ProviderCallError } from '../call-error';

/** The accounts a messaging provider connects, and their English names: from the channel catalogue. */
export { MESSAGING_PLATFORMS, PLATFORM_NAMES, type MessagingPlatform } from '../../../shared/channel-catalogue';

/** active = connected and usable; pending = waiting for a checkpoint or the provider's confirmation. */
export type AccountStatus = 'active' | 'pending' | 'disconnected' | 'error';

export type ProviderAccount = {
  id: string;
  platform: MessagingPlatform;
  /** The account's display name or handle (never a password). */
  name: string;
  status: AccountStatus;
  /** The provider's own status word, for diagnostics (e.g. Unipile's OK / CREDENTIALS). */
  providerStatus?: string;
};

export type CheckpointType = '2FA' | 'OTP' | 'IN_APP_VALIDATION' | 'CAPTCHA' | 'PHONE_REGISTER' | 'QRCODE';
export type Checkpoint = { type: CheckpointType /** QR code payload to render, for QRCODE. */; qrcode?: string };

export type ConnectResult = { status: 'connected'; account: ProviderAccount } | { status: 'checkpoint'; accountId: string; checkpoint: Checkpoint };

export type ProviderContact = {
  /** The provider's id for this person: what send() takes as `to.providerId`. */
  providerId: string;
  name: string;
  headline: string | null;
  profileUrl: string | null;
  profilePictureUrl: string | null;
  phone: string | null;
};

export type SendInput = {
  /** The sending account (decrypted provider account id). */
  accountId: string;
  platform: MessagingPlatform;
  /** LinkedIn: providerId or profileUrl (or public identifier); WhatsApp: phone (or providerId). */
  to: { providerId?: string; profileUrl?: string; phone?: string };
  text: string;
  /** Idempotency / correlation key of the caller (e.g. the delivery id). */
  reference?: string;
} & SentFor;
export type SendResult = { messageId: string; chatId: string | null };

/** What a provider's webhook tells us, once its authenticity has been checked by the caller. */
export type AccountEvent =
  | { kind: 'connected'; accountId: string; requestId: string | null; platform: MessagingPlatform | null; name: string | null }
  | { kind: 'status'; accountId: string; status: AccountStatus; providerStatus: string };

export type AuthLinkInput = {
  /** Our pending connection request: returned by the provider's notify call (Unipile `name`). */
  requestId: string;
  /** The consent page token (sandbox); unused by hosted services. */
  token: string;
  /** null = let the user choose among all platforms. */
  platform: MessagingPlatform | null;
  expiresAt: Date;
  successUrl: string;
  failureUrl: string;
  notifyUrl: string;
};

export interface MessagingProvider {
  readonly name: 'sandbox' | 'unipile';
  /** True for the local sandbox: the UI shows a badge, nothing leaves the machine. */
  readonly sandbox: boolean;
  /** A link where the user authorises the connection (hosted auth / local consent page). */
  createAuthLink(input: AuthLinkInput): Promise<{ url: string }>;
  /** Direct LinkedIn login; the credentials are passed through, never kept. */
  connectLinkedIn(input: { username: string; password: string }): Promise<ConnectResult>;
  /** Code for a 2FA / OTP checkpoint of a pending connection. */
  solveCheckpoint(input: { accountId: string; platform: MessagingPlatform; code: string }): Promise<ConnectResult>;
  /** WhatsApp by phone number (a QR code checkpoint with real WhatsApp). */
  connectWhatsApp(input: { phoneNumber: string }): Promise<ConnectResult>;
  /** The account as the provider sees it now; null when it no longer exists. */
  getAccount(accountId: string): Promise<ProviderAccount | null>;
  listAccounts(): Promise<ProviderAccount[]>;
  deleteAccount(accountId: string): Promise<void>;
  /** People reachable from the account (LinkedIn relations, WhatsApp contacts). */
  listContacts(input: { accountId: string; platform: MessagingPlatform; limit?: number }): Promise<ProviderContact[]>;
  send(input: SendInput): Promise<SendResult>;
  /** Reads a webhook body (hosted auth notify or account status); null when it is not one. */
  parseWebhook(body: unknown): AccountEvent | null;
}

/** A messaging provider call that failed (status and retryable: see ProviderCallError). */
export class MessagingError extends ProviderCallError {
  override name = 'MessagingError';
}

/**
 * On whose behalf a message is sent: the sandbox files it in the workspace's inbox, recording the
 * member who sent it (`userId`). A message that names `userId` only (a password reset, an export
 * ready: callers from before workspaces) is filed in the workspace of that id, the user's personal
 * one, with no sender recorded (the id may be a workspace's, which is no user).
 */
export type SentFor = { workspaceId: string; userId?: string | null } | { workspaceId?: undefined; userId: string };

/** The inbox a message is filed in and the member who sent it (see SentFor). */
export const inboxOf = (m: SentFor): { workspaceId: string; createdBy: string | null } =>
  m.workspaceId !== undefined ? { workspaceId: m.workspaceId, createdBy: m.userId ?? null } : { workspaceId: m.userId, createdBy: null };

/**
 * A message carrying a secret link (a password reset, an address check, an invitation) is readable in
 * the sandbox only by its addressee: the account it was sent to, or for an invitation, which goes to an
 * address that may have no account yet, the workspace's admins, who could have made the link anyway
 * (docs/decisions/205). Stored as `user:<id>` or `admins`.
 */
export type Readers = { userId: string } | 'admins';
export const readersKey = (r: Readers | undefined): string | null => (r === undefined ? null : r === 'admins' ? 'admins' : `user:${r.userId}`);

/** Where sandbox sends are filed (the sandbox inbox; e-mail reuses it): see inboxOf. */
export type SandboxInboxMessage = {
  workspaceId: string;
  createdBy: string | null;
  channel: string;
  to: string;
  subject?: string | null;
  text: string;
  html?: string | null;
  from?: string | null;
  meta?: Record<string, unknown>;
  /** Who alone may read it in the sandbox (see Readers); absent: every member of the workspace. */
  readableBy?: string | null;
};
export interface SandboxInbox {
  record(message: SandboxInboxMessage): Promise<{ id: string }>;
}
