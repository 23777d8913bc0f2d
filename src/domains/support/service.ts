import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { notFound, rateLimited } from '../../server/http/app-error';
import type { RateLimiter } from '../../server/http/rate-limit';
import type { JobQueue } from '../../server/jobs/queue';
import { domainOf, type EmailAddress, type EmailProvider } from '../../server/providers/email/types';
import type { Scope } from '../../server/scope';
import { newId } from '../../shared/ids';
import { users } from '../users/tables';
import { SUPPORT_MESSAGES, type TSupportRequest } from './schemas';
import { supportRequests } from './tables';

export const SUPPORT_EMAIL_JOB = 'support-request-email';
export type SupportEmailJob = { id: string };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** `SR-` and 8 characters: short enough to read out, random enough not to be guessed in order. */
const newReference = () => `SR-${newId().slice(0, 8).toUpperCase()}`;

const publicView = (r: typeof supportRequests.$inferSelect) => ({
  id: r.id,
  reference: r.reference,
  subject: r.subject,
  message: r.message,
  replyTo: r.replyTo,
  createdAt: r.createdAt.toISOString(),
  emailed: r.emailedAt !== null,
});

/**
 * Stores the request, then queues its e-mail to support: the row is the record, the job retries
 * while the mail server is away. Replies go to the user's own address.
 */
export async function createSupportRequest(opts: {
  db: Db;
  queue: Pick<JobQueue, 'send'>;
  limiter: RateLimiter;
  scope: Scope;
  replyTo: string;
  input: TSupportRequest;
}) {
  const hold = await opts.limiter.reserve(`u:${opts.scope.userId}`);
  if (!hold.ok) throw rateLimited(SUPPORT_MESSAGES.tooMany, hold.retryAfter);
  const [row] = await opts.db
    .insert(supportRequests)
    .values({
      id: newId(),
      reference: newReference(),
      workspaceId: opts.scope.workspaceId,
      userId: opts.scope.userId,
      subject: opts.input.subject,
      message: opts.input.message,
      replyTo: opts.replyTo,
    })
    .returning();
  await opts.queue.send<SupportEmailJob>(SUPPORT_EMAIL_JOB, { id: row!.id });
  return publicView(row!);
}

/** One of the user's own requests in the scope's workspace; anyone else's answers 404. */
export async function getSupportRequest(opts: { db: Db; scope: Scope; id: string }) {
  const [row] = await opts.db
    .select()
    .from(supportRequests)
    .where(and(eq(supportRequests.id, opts.id), eq(supportRequests.workspaceId, opts.scope.workspaceId), eq(supportRequests.userId, opts.scope.userId)));
  if (!row) throw notFound('Support request not found');
  return publicView(row);
}

/** The job: e-mails the request to support once (a retry after a sent e-mail does nothing). */
export async function sendSupportEmail(opts: { db: Db; email: EmailProvider; to: EmailAddress; job: SupportEmailJob; now?: Date }) {
  const [row] = await opts.db
    .select({ request: supportRequests, fullName: users.fullName })
    .from(supportRequests)
    .innerJoin(users, eq(users.id, supportRequests.userId))
    .where(eq(supportRequests.id, opts.job.id));
  if (!row || row.request.emailedAt) return { sent: false };
  const r = row.request;
  const from = `${row.fullName} <${r.replyTo}>`;
  await opts.email.send({
    workspaceId: r.workspaceId,
    userId: r.userId,
    fromName: row.fullName,
    to: opts.to,
    replyTo: r.replyTo,
    subject: `[${r.reference}] ${r.subject}`,
    text: `Support request ${r.reference} from ${from} (workspace ${r.workspaceId}):\n\n${r.message}\n`,
    html: `<p>Support request <strong>${r.reference}</strong> from ${escapeHtml(from)} (workspace ${escapeHtml(r.workspaceId)}):</p><p style="white-space:pre-wrap">${escapeHtml(r.message)}</p>`,
    messageId: `<support.${r.id}@${domainOf(opts.email.from.address)}>`,
    reference: `support-request:${r.id}`,
    // In the sandbox inbox, shared with a team's members, the request stays its author's.
    readableBy: { userId: r.userId },
  });
  await opts.db
    .update(supportRequests)
    .set({ emailedAt: opts.now ?? new Date() })
    .where(and(eq(supportRequests.id, r.id), isNull(supportRequests.emailedAt)));
  return { sent: true };
}
