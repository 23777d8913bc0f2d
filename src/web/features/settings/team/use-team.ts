import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTrpc } from '@/web/lib/trpc';

/** The Team tab's one query: members, pending invitations, seats and the viewer's role. */
export function useTeam() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const query = useQuery(trpc.workspaces.members.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.workspaces.members.queryKey() });
  return { query, refresh };
}

export type Team = NonNullable<ReturnType<typeof useTeam>['query']['data']>;
export type TeamMember = Team['members'][number];
export type TeamInvite = Team['invites'][number];

/** After the viewer leaves a workspace their session acts in their personal one: start over there. */
export const reloadToDashboard = () => window.location.assign('/dashboard');
