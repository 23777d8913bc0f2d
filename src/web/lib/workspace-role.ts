import { useQuery } from '@tanstack/react-query';
import { atLeast, type Role } from '@/domains/workspaces/constants';
import { useTrpc } from './trpc';

/** The signed-in user's role in the workspace the session acts in (undefined while it loads). */
export function useWorkspaceRole(): Role | undefined {
  const trpc = useTrpc();
  const mine = useQuery({ ...trpc.workspaces.mine.queryOptions(), staleTime: 60_000 });
  return mine.data?.find((w) => w.current)?.role;
}

/**
 * Whether the user may do what needs `needed` here: screens hide or disable what the server would
 * refuse with 403 (docs/decisions/200-workspaces.md). Undefined while the role loads: wait, do not guess.
 */
export function useCan(needed: Role): boolean | undefined {
  const role = useWorkspaceRole();
  return role === undefined ? undefined : atLeast(role, needed);
}
