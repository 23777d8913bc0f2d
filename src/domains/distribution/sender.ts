import { sql } from 'drizzle-orm';
import type { Scope } from '../../server/scope';
import { workspaces } from '../workspaces/tables';
import { distributions } from './tables';

// A distribution's jobs and its recipients' public pages have no request, hence no scope: they act
// in the distribution's workspace, as the member who sent it (its `createdBy`), or as the
// workspace's owner once that member's account is gone (createdBy is then null).

/** The sender's user id, in a query that joins `workspaces` on the distribution's workspace. */
export const senderIdSql = sql<string>`coalesce(${distributions.createdBy}, ${workspaces.ownerId})`;

/** The scope a job or a public page acts in for a distribution: sending is a member's action. */
export const senderScope = (workspaceId: string, senderId: string): Scope => ({ workspaceId, userId: senderId, role: 'member' });
