import { z } from 'zod';
import { exactLine, id, singleLine } from '../../shared/zod-text';
import { ZEmailAddress } from '../users/schemas';

/** The roles an invitation or a role change may give: the owner is who made the workspace, never a choice. */
export const INVITE_ROLES = ['member', 'admin'] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];
const ZInviteRole = z.enum(INVITE_ROLES, { error: 'Choose a role: member or admin' });

/** The invite form (web) and the invite procedure: one schema. */
export const ZInvite = z.object({ email: ZEmailAddress, role: ZInviteRole }).strict();
export type TInvite = z.infer<typeof ZInvite>;

export const ZChangeRole = z.object({ userId: id('User'), role: ZInviteRole }).strict();
export const ZMemberRef = z.object({ userId: id('User') }).strict();
export const ZInviteRef = z.object({ id: id('Invitation') }).strict();
export const ZSwitchWorkspace = z.object({ workspaceId: id('Workspace') }).strict();
export const ZInviteToken = z
  .object({ token: exactLine('Invitation link').min(1, 'This invitation link is invalid').max(100, 'This invitation link is invalid') })
  .strict();
export const ZRenameWorkspace = z.object({ name: singleLine('Name').trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters') }).strict();
export type TRenameWorkspace = z.infer<typeof ZRenameWorkspace>;

/**
 * Invitation e-mails are limited (docs/decisions/205): the same address at most once every few minutes
 * per workspace, and a daily number per workspace. Fixed messages, so that the web shows them translated.
 */
export const INVITE_LIMITS = { sameAddressEveryMs: 5 * 60_000, perWorkspacePerDay: 30 } as const;
export const INVITE_LIMIT_MESSAGES = {
  again: 'This address was invited a moment ago. You can send the invitation again in a few minutes.',
  daily: "Your workspace has reached today's limit of invitations. You can invite more tomorrow.",
} as const;
/** Accepting needs the invited address to be the account's, verified (docs/decisions/205). */
export const INVITE_UNVERIFIED = 'Confirm your e-mail address first: open the link we e-mailed you, then accept the invitation.';
