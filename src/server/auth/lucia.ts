import { DrizzlePostgreSQLAdapter } from '@lucia-auth/adapter-drizzle';
import { Lucia, TimeSpan } from 'lucia';
import type { UserRow } from '../../domains/users/tables';
import type { Db } from '../db/client';
import { users } from '../../domains/users/tables';
import { sessions } from './tables';

// lucia is kept behind this folder so that it can be swapped (it is in maintenance upstream).
export function createLucia(db: Db, opts: { secure: boolean }) {
  const adapter = new DrizzlePostgreSQLAdapter(db as never, sessions, users);
  return new Lucia(adapter, {
    sessionExpiresIn: new TimeSpan(30, 'd'),
    sessionCookie: {
      name: 'session',
      expires: true,
      attributes: { secure: opts.secure, sameSite: 'lax' },
    },
    getUserAttributes: (row) => row,
  });
}

export type Auth = ReturnType<typeof createLucia>;

declare module 'lucia' {
  interface Register {
    Lucia: Auth;
    DatabaseUserAttributes: Omit<UserRow, 'id'>;
  }
}
