import { DrizzlePostgreSQLAdapter } from '@lucia-auth/adapter-drizzle';
import { and, eq, sql } from 'drizzle-orm';
import { Lucia, TimeSpan, type Adapter, type DatabaseSession, type DatabaseUser } from 'lucia';
import type { UserRow } from '../users/tables';
import type { Db } from '../../server/db/client';
import { users } from '../users/tables';
import type { Role } from '../workspaces/constants';
import { workspaceMembers } from '../workspaces/tables';
import { sessions } from './tables';

// lucia is kept behind this folder so that it can be swapped (it is in maintenance upstream).
/**
 * lucia's drizzle adapter, with the one query of every authenticated request prepared once
 * (building it anew each time cost more CPU than the database round trip). That query also reads
 * the user's role in the workspace the session acts in (null when they are no longer a member),
 * so the request context needs no second read to build its scope.
 */
class PreparedSessionAdapter extends DrizzlePostgreSQLAdapter implements Adapter {
  private readonly sessionAndUser;

  constructor(db: Db) {
    super(db as never, sessions, users);
    this.sessionAndUser = db
      .select({ user: users, session: sessions, role: workspaceMembers.role })
      .from(sessions)
      .innerJoin(users, eq(sessions.userId, users.id))
      .leftJoin(
        workspaceMembers,
        and(eq(workspaceMembers.userId, sessions.userId), eq(workspaceMembers.workspaceId, sql`coalesce(${sessions.workspaceId}, ${sessions.userId})`)),
      )
      .where(eq(sessions.id, sql.placeholder('id')))
      .prepare('auth_session_and_user');
  }

  override async getSessionAndUser(sessionId: string): Promise<[DatabaseSession | null, DatabaseUser | null]> {
    const [row] = await this.sessionAndUser.execute({ id: sessionId });
    if (!row) return [null, null];
    const { id: sid, userId, expiresAt, ...sessionAttributes } = row.session;
    const { id: uid, ...userAttributes } = row.user;
    return [
      { id: sid, userId, expiresAt, attributes: { ...sessionAttributes, role: row.role } },
      { id: uid, attributes: userAttributes },
    ];
  }
}

export function createLucia(db: Db, opts: { secure: boolean }) {
  const adapter = new PreparedSessionAdapter(db);
  return new Lucia(adapter, {
    sessionExpiresIn: new TimeSpan(30, 'd'),
    sessionCookie: {
      name: 'session',
      expires: true,
      attributes: { secure: opts.secure, sameSite: 'lax' },
    },
    getUserAttributes: (row) => row,
    getSessionAttributes: (row) => ({ workspaceId: row.workspaceId ?? null, role: row.role ?? null }),
  });
}

export type Auth = ReturnType<typeof createLucia>;

declare module 'lucia' {
  interface Register {
    Lucia: Auth;
    DatabaseUserAttributes: Omit<UserRow, 'id'>;
    /**
     * The workspace the session acts in (null: the personal one), and the user's role there as read
     * with the session (null: not a member any more). The role is never written: it is not a column.
     */
    DatabaseSessionAttributes: { workspaceId: string | null; role?: Role | null };
  }
}
