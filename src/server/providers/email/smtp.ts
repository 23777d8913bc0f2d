import nodemailer from 'nodemailer';
import { EmailError, parseMailbox, type EmailMessage, type EmailProvider } from './types';

/** Network-level failures: the message was not taken, a later attempt can succeed. */
const TRANSIENT_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNRESET', 'ECONNREFUSED', 'EPROTOCOL', 'ETLS', 'EAUTH', 'ENOTFOUND']);

function classify(e: unknown): EmailError {
  const err = e as { message?: string; code?: string; responseCode?: number; response?: string };
  const rc = typeof err.responseCode === 'number' ? err.responseCode : undefined;
  const text = (err.response || err.message || String(e)).replace(/\s+/g, ' ').trim().slice(0, 300);
  // 5xx: refused for good (unknown mailbox, policy); 4xx: try again later.
  if (rc !== undefined) return new EmailError(`SMTP ${rc}: ${text}`, rc < 500, rc);
  return new EmailError(`SMTP: ${text}`, !err.code || TRANSIENT_CODES.has(err.code), err.code);
}

/**
 * Any SMTP server (`SMTP_URL`, e.g. smtp://user:pass@host:587 or smtps://…:465), one pooled
 * connection reused across messages. Timeouts stay well under the delivery lease (see
 * docs/decisions/070-distribution.md) so a hung server never outlives it.
 */
export function createSmtpEmail(opts: { url: string; from: string }): EmailProvider {
  const from = parseMailbox(opts.from);
  // The URL's own settings win; these fill in. (A second argument would be message defaults.)
  const transport = nodemailer.createTransport({
    url: opts.url,
    pool: true,
    maxConnections: 1,
    maxMessages: 1000,
    // A connection lost mid-message fails the send: the outbox decides whether and when to retry.
    maxRequeues: 0,
    connectionTimeout: 10_000,
    greetingTimeout: 8_000,
    socketTimeout: 20_000,
  } as never);
  return {
    name: 'smtp',
    sandbox: false,
    from,
    async send(m: EmailMessage) {
      let info: { messageId?: string; accepted?: unknown[]; rejected?: unknown[]; response?: string };
      try {
        info = await transport.sendMail({
          from: { name: m.fromName || from.name || '', address: from.address },
          to: m.to.name ? { name: m.to.name, address: m.to.address } : m.to.address,
          replyTo: m.replyTo || undefined,
          subject: m.subject,
          text: m.text,
          html: m.html,
          messageId: m.messageId,
          headers: m.headers,
        });
      } catch (e) {
        throw classify(e);
      }
      if (info.rejected?.length) throw new EmailError(`SMTP: recipient refused (${info.response ?? 'rejected'})`, false);
      return { messageId: info.messageId ?? m.messageId, response: info.response };
    },
    async close() {
      transport.close();
    },
  };
}
