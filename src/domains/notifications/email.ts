import { and, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import type { EmailProvider } from '../../server/providers/email/types';
import { domainOf } from '../../server/providers/email/types';
import { users } from '../users/tables';
import { linkOf } from './links';
import { notices } from './tables';
import { wordsFor } from './words';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * E-mails one pending notice to its user, once: recorded sent after the provider's answer; sent again
 * after a crash in between with the same Message-ID.
 */
export async function sendNoticeEmail(opts: { db: Db; email: EmailProvider; noticeId: string; baseUrl: string }) {
  const [row] = await opts.db
    .select({ n: notices, fullName: users.fullName, address: users.email, settings: users.settings })
    .from(notices)
    .innerJoin(users, eq(users.id, notices.userId))
    .where(and(eq(notices.id, opts.noticeId), eq(notices.emailState, 'pending')));
  if (!row) return { sent: false };
  const w = wordsFor(row.settings?.language);
  const { n } = row;
  const link = `${opts.baseUrl}${linkOf(n)}`;
  const subject = w.subject(n.kind, n.data);
  const body = w.body(n.kind, n.data);
  await opts.email.send({
    userId: n.userId,
    to: { name: row.fullName, address: row.address },
    subject,
    text: `${w.hello(row.fullName)}\n\n${subject}\n${body}\n\n${w.open}: ${link}\n\n${w.why}\n`,
    html: `<p>${escapeHtml(w.hello(row.fullName))}</p><p><strong>${escapeHtml(subject)}</strong></p><p>${escapeHtml(body).replace(/\n/g, '<br>')}</p><p><a href="${escapeHtml(link)}">${escapeHtml(w.open)}</a></p><p style="color:#888">${escapeHtml(w.why)}</p>`,
    messageId: `<notice.${n.id}@${domainOf(opts.email.from.address)}>`,
    reference: `notice:${n.id}`,
  });
  await opts.db.update(notices).set({ emailState: 'sent' }).where(eq(notices.id, n.id));
  return { sent: true };
}
