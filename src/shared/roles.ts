/** Roles in a workspace, weakest first (docs/decisions/200-workspaces.md). */
export const ROLES = ['member', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];

/** owner: billing, members, deletion; admin: members; member: create and send. */
export const atLeast = (role: Role, needed: Role) => ROLES.indexOf(role) >= ROLES.indexOf(needed);
