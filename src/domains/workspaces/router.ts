import { protectedProcedure, publicProcedure, router, sessionProcedure } from '../../server/trpc';
import { acceptInvite, invite, previewInvite, revokeInvite } from './invites';
import { ZChangeRole, ZInvite, ZInviteRef, ZInviteToken, ZMemberRef, ZRenameWorkspace, ZSwitchWorkspace } from './schemas';
import { ZOk } from '../../shared/reply-schemas';
import { ZInviteAccepted, ZInvited, ZInvitePreview, ZMyWorkspaces, ZRenamed, ZRoleChanged, ZSwitched, ZTeam } from './schemas-out';
import { changeRole, listMembers, listMyWorkspaces, removeMember, renameWorkspace, switchWorkspace } from './service';

// Teams: the switcher, the Team tab and the invitation page. Switching and accepting change the
// browser session, so they answer to it alone.
export const workspacesRouter = router({
  mine: protectedProcedure
    .output(ZMyWorkspaces)
    .query(({ ctx }) => listMyWorkspaces({ db: ctx.db, userId: ctx.user.id, currentWorkspaceId: ctx.scope.workspaceId })),
  switch: sessionProcedure
    .input(ZSwitchWorkspace)
    .output(ZSwitched)
    .mutation(({ ctx, input }) => switchWorkspace({ db: ctx.db, sessionId: ctx.session.id, userId: ctx.user.id, workspaceId: input.workspaceId })),
  members: protectedProcedure.output(ZTeam).query(({ ctx }) => listMembers({ db: ctx.db, scope: ctx.scope })),
  invite: protectedProcedure.input(ZInvite).output(ZInvited).mutation(({ ctx, input }) =>
    invite({
      db: ctx.db,
      scope: ctx.scope,
      input,
      appUrl: ctx.linkOrigin,
      email: ctx.providers.email,
      queue: ctx.queue,
      limits: { sameAddress: ctx.limits.inviteSameAddress, perWorkspace: ctx.limits.invitePerWorkspace },
    }),
  ),
  revokeInvite: protectedProcedure
    .input(ZInviteRef)
    .output(ZOk)
    .mutation(({ ctx, input }) => revokeInvite({ db: ctx.db, scope: ctx.scope, id: input.id })),
  changeRole: protectedProcedure
    .input(ZChangeRole)
    .output(ZRoleChanged)
    .mutation(({ ctx, input }) => changeRole({ db: ctx.db, scope: ctx.scope, userId: input.userId, role: input.role })),
  removeMember: protectedProcedure
    .input(ZMemberRef)
    .output(ZOk)
    .mutation(({ ctx, input }) => removeMember({ db: ctx.db, scope: ctx.scope, userId: input.userId })),
  rename: protectedProcedure
    .input(ZRenameWorkspace)
    .output(ZRenamed)
    .mutation(({ ctx, input }) => renameWorkspace({ db: ctx.db, scope: ctx.scope, input })),
  previewInvite: publicProcedure
    .input(ZInviteToken)
    .output(ZInvitePreview)
    .query(({ ctx, input }) => previewInvite({ db: ctx.db, token: input.token })),
  acceptInvite: sessionProcedure
    .input(ZInviteToken)
    .output(ZInviteAccepted)
    .mutation(({ ctx, input }) => acceptInvite({ db: ctx.db, userId: ctx.user.id, token: input.token, sessionId: ctx.session.id })),
});
