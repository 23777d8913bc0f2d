import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded engine, when kind is pglite (the job queue needs it). */
  pglite?: PGlite;
  /** The server URL, when kind is postgres. */
  url?: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

/** Any fixed number: the advisory lock key processes migrating the same database agree on. */
const MIGRATION_LOCK = 7_242_014;

export const MIGRATIONS_DIR = resolve(import.meta.dir, '../../../drizzle');

export function openDatabase(opts: { url?: string; dataDir?: string; memory?: boolean }): Database {
  if (opts.url) {
    const sql = postgres(opts.url, { max: 10, onnotice: () => {}, idle_timeout: 30 });
    const db = drizzlePostgres(sql, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      url: opts.url,
      // Several app and worker processes may start at once: one migrates while the others wait on a
      // transaction-scoped advisory lock (held on its own connection), then find nothing left to do.
      migrate: () =>
        sql.begin(async (tx) => {
          await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK})`;
          await migratePostgres(db as never, { migrationsFolder: MIGRATIONS_DIR });
        }),
      close: () => sql.end({ timeout: 5 }),
    };
  }
  let dir: string | undefined;
  if (!opts.memory) {
    dir = join(opts.dataDir ?? './data', 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  const pglite = new PGlite(dir ?? 'memory://');
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite,
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => pglite.close(),
  };
}
