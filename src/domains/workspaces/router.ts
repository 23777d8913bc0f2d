import { protectedProcedure, publicProcedure, router, sessionProcedure } from '../../server/trpc';
import { acceptInvite, invite, previewInvite, revokeInvite } from './invites';
import { ZChangeRole, ZInvite, ZInviteRef, ZInviteToken, ZMemberRef, ZRenameWorkspace, ZSwitchWorkspace } from './schemas';
import { changeRole, listMembers, listMyWorkspaces, removeMember, renameWorkspace, switchWorkspace } from './service';

// Teams: the switcher, the Team tab and the invitation page. Switching and accepting change the
// browser session, so they answer to it alone.
export const workspacesRouter = router({
  mine: protectedProcedure.query(({ ctx }) => listMyWorkspaces({ db: ctx.db, userId: ctx.user.id, currentWorkspaceId: ctx.scope.workspaceId })),
  switch: sessionProcedure
    .input(ZSwitchWorkspace)
    .mutation(({ ctx, input }) => switchWorkspace({ db: ctx.db, sessionId: ctx.session.id, userId: ctx.user.id, workspaceId: input.workspaceId })),
  members: protectedProcedure.query(({ ctx }) => listMembers({ db: ctx.db, scope: ctx.scope })),
  invite: protectedProcedure.input(ZInvite).mutation(({ ctx, input }) =>
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
  revokeInvite: protectedProcedure.input(ZInviteRef).mutation(({ ctx, input }) => revokeInvite({ db: ctx.db, scope: ctx.scope, id: input.id })),
  changeRole: protectedProcedure
    .input(ZChangeRole)
    .mutation(({ ctx, input }) => changeRole({ db: ctx.db, scope: ctx.scope, userId: input.userId, role: input.role })),
  removeMember: protectedProcedure.input(ZMemberRef).mutation(({ ctx, input }) => removeMember({ db: ctx.db, scope: ctx.scope, userId: input.userId })),
  rename: protectedProcedure.input(ZRenameWorkspace).mutation(({ ctx, input }) => renameWorkspace({ db: ctx.db, scope: ctx.scope, input })),
  previewInvite: publicProcedure.input(ZInviteToken).query(({ ctx, input }) => previewInvite({ db: ctx.db, token: input.token })),
  acceptInvite: sessionProcedure
    .input(ZInviteToken)
    .mutation(({ ctx, input }) => acceptInvite({ db: ctx.db, userId: ctx.user.id, token: input.token, sessionId: ctx.session.id })),
});
