import { inboxOf, readersKey, type SandboxInbox } from '../messaging/types';
import { parseMailbox, type EmailMessage, type EmailProvider } from './types';

/**
 * No SMTP server configured: every e-mail is filed in the sandbox inbox (channel "email") with
 * its HTML and text parts and headers, where the user can read it. Nothing leaves the machine.
 */
export function createSandboxEmail(opts: { inbox: SandboxInbox; from: string }): EmailProvider {
  const from = parseMailbox(opts.from);
  return {
    name: 'sandbox',
    sandbox: true,
    from,
    async send(m: EmailMessage) {
      await opts.inbox.record({
        ...inboxOf(m),
        channel: 'email',
        to: m.to.name ? `${m.to.name} <${m.to.address}>` : m.to.address,
        from: `${m.fromName || from.name || ''} <${from.address}>`.trim(),
        subject: m.subject,
        text: m.text,
        html: m.html,
        readableBy: readersKey(m.readableBy),
        meta: {
          provider: 'sandbox',
          messageId: m.messageId,
          headers: m.headers ?? {},
          ...(m.replyTo ? { replyTo: m.replyTo } : {}),
          ...(m.reference ? { reference: m.reference } : {}),
        },
      });
      return { messageId: m.messageId };
    },
    async close() {},
  };
}
