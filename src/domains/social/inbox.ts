import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { notFound } from '../../server/http/app-error';
import type { SandboxInbox, SandboxInboxMessage } from '../../server/providers/messaging/types';
import { newId } from '../../shared/ids';
import { sandboxMessages, type SandboxMessageRow } from './tables';
import { atLeast } from '../workspaces/constants';
import { inWorkspace, type Scope } from '../../server/scope';

/**
 * The sandbox inbox backed by the app's database. The sandbox messaging provider files every
 * message here; the e-mail sandbox (no SMTP_URL) does the same with channel "email".
 */
export function createDbInbox(db: Db): SandboxInbox {
  return {
    async record(m: SandboxInboxMessage) {
      const id = newId();
      await db.insert(sandboxMessages).values({
        id,
        workspaceId: m.workspaceId,
        createdBy: m.createdBy,
        channel: m.channel,
        to: m.to,
        from: m.from ?? null,
        subject: m.subject ?? null,
        text: m.text,
        html: m.html ?? null,
        meta: m.meta ?? {},
        readableBy: m.readableBy ?? null,
      });
      return { id };
    },
  };
}

export function toInboxMessage(r: SandboxMessageRow) {
  return {
    id: r.id,
    channel: r.channel,
    to: r.to,
    from: r.from,
    subject: r.subject,
    text: r.text,
    html: r.html,
    meta: r.meta,
    createdAt: r.createdAt.toISOString(),
  };
}
export type InboxMessage = ReturnType<typeof toInboxMessage>;

/**
 * What the viewer may read in the workspace's inbox: everything its members sent, and of the messages
 * carrying a secret link only those addressed to the viewer (their reset or address-check links) and,
 * for admins and the owner, the invitations (docs/decisions/205). Another member's secret is not listed
 * and answers 404 by id.
 */
const readable = (scope: Scope) =>
  and(
    inWorkspace(sandboxMessages, scope),
    or(
      isNull(sandboxMessages.readableBy),
      eq(sandboxMessages.readableBy, `user:${scope.userId}`),
      atLeast(scope.role, 'admin') ? eq(sandboxMessages.readableBy, 'admins') : undefined,
    ),
  );

/** The workspace's sandbox inbox as the viewer may read it (see readable), newest first. */
export async function listInbox(opts: { db: Db; scope: Scope; channel?: string; limit?: number }) {
  const { db, scope, channel, limit = 100 } = opts;
  const rows = await db
    .select()
    .from(sandboxMessages)
    .where(and(readable(scope), channel ? eq(sandboxMessages.channel, channel) : undefined))
    .orderBy(desc(sandboxMessages.createdAt), desc(sandboxMessages.id))
    .limit(Math.min(Math.max(limit, 1), 500));
  return { sandbox: true as const, messages: rows.map(toInboxMessage) };
}

export async function getInboxMessage(opts: { db: Db; scope: Scope; id: string }) {
  const [row] = await opts.db
    .select()
    .from(sandboxMessages)
    .where(and(eq(sandboxMessages.id, opts.id), readable(opts.scope)));
  if (!row) throw notFound('Message not found');
  return toInboxMessage(row);
}
