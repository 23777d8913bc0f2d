import { z } from 'zod';
import { PLAN_IDS } from '../../shared/plans';
import { ZTimestamp } from '../../shared/reply-schemas';
import { ROLES } from './constants';
import { INVITE_ROLES } from './schemas';

// The answers of the workspace procedures (tRPC `workspaces`): the switcher, the Team tab, the invitation page.

const ZRole = z.enum(ROLES);
const ZInviteRole = z.enum(INVITE_ROLES);

export const ZMyWorkspaces = z.array(
  z.object({ id: z.string(), name: z.string(), role: ZRole, personal: z.boolean(), memberCount: z.number().int(), current: z.boolean() }),
);
export const ZSwitched = z.object({ workspaceId: z.string(), role: ZRole });
export const ZTeam = z.object({
  workspace: z.object({ id: z.string(), name: z.string(), personal: z.boolean(), ownerId: z.string() }),
  myRole: ZRole,
  planId: z.enum(PLAN_IDS),
  members: z.array(z.object({ userId: z.string(), fullName: z.string(), email: z.string(), role: ZRole, joinedAt: ZTimestamp })),
  invites: z.array(
    z.object({ id: z.string(), email: z.string(), role: ZRole, invitedBy: z.string().nullable(), expiresAt: ZTimestamp, expired: z.boolean() }),
  ),
  seats: z.object({ used: z.number().int(), total: z.number().int() }),
});
export const ZInvited = z.object({ id: z.string(), email: z.string(), role: ZInviteRole, expiresAt: ZTimestamp });
export const ZRoleChanged = z.object({ userId: z.string(), role: ZInviteRole });
export const ZRenamed = z.object({ id: z.string(), name: z.string() });
export const ZInvitePreview = z.object({
  workspaceName: z.string(),
  inviterName: z.string(),
  email: z.string(),
  role: ZRole,
  expired: z.boolean(),
  used: z.boolean(),
});
export const ZInviteAccepted = z.object({ workspaceId: z.string(), workspaceName: z.string(), role: ZRole });
