// E-mail (PRODUCT.md §2): SMTP when SMTP_URL is set, otherwise the sandbox inbox.

import type { Readers, SentFor } from '../messaging/types';

export type EmailAddress = { name?: string | null; address: string };

export type EmailMessage = {
  /** Display name shown as the sender; the address is always MAIL_FROM's. */
  fromName?: string | null;
  to: EmailAddress;
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
  /**
   * The Message-ID (with angle brackets), deterministic per delivery: a message sent again after
   * a crash carries the same id, so receivers that de-duplicate on it see one message.
   */
  messageId: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post, …). */
  headers?: Record<string, string>;
  /** Correlation key of the caller (the delivery id). */
  reference?: string;
  /** The message carries a secret link: who alone may read it in the sandbox inbox (docs/decisions/205). */
  readableBy?: Readers;
} & SentFor;

export type EmailResult = { messageId: string; response?: string };

export interface EmailProvider {
  readonly name: 'smtp' | 'sandbox';
  /** True when nothing leaves the machine (the UI shows a badge). */
  readonly sandbox: boolean;
  /** The envelope sender and From address (MAIL_FROM). */
  readonly from: EmailAddress;
  send(message: EmailMessage): Promise<EmailResult>;
  close(): Promise<void>;
}

/**
 * A send that failed. `retryable`: a later attempt can succeed (4xx replies, network errors);
 * otherwise the server refused the message or the recipient for good (5xx).
 */
export class EmailError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly code?: string | number,
  ) {
    super(message);
    this.name = 'EmailError';
  }
}

/** `Name <address>` or a bare address (MAIL_FROM's two forms). */
export function parseMailbox(value: string): EmailAddress {
  const m = /^\s*"?([^"<]*?)"?\s*<\s*([^>\s]+)\s*>\s*$/.exec(value);
  if (m) return { name: m[1]?.trim() || null, address: m[2]! };
  return { name: null, address: value.trim() };
}

/** The domain part of an address, for Message-IDs. */
export const domainOf = (address: string) => address.split('@')[1]?.trim().toLowerCase() || 'localhost';
