import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
// The client is untyped by tables: every query names its table (no relational `db.query` API), so the
// platform needs no schema and imports no domain. The schema index is the root's (src/app/schema.ts).
export type Db = PgDatabase<PgQueryResultHKT>;

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

export const MIGRATIONS_DIR = resolve(import.meta.dir, '../../../drizzle');

/** Any constant shared by every process of the app: the key of the migration lock. */
const MIGRATION_LOCK = 7_310_190;

/**
 * Several processes starting at once on one server (apps and workers) would each run the same
 * migrations and all but one fail ("duplicate key … pg_type"). A session advisory lock, held on one
 * reserved connection while the pool migrates, makes them take turns; the later ones find nothing
 * left to do. See docs/decisions/190-topology.md.
 */
async function migrateOnce(sql: postgres.Sql, run: () => Promise<void>) {
  const lock = await sql.reserve();
  try {
    await lock`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await run();
  } finally {
    await lock`select pg_advisory_unlock(${MIGRATION_LOCK})`.catch(() => undefined);
    lock.release();
  }
}

export function openDatabase(opts: { url?: string; dataDir?: string; memory?: boolean }): Database {
  if (opts.url) {
    const sql = postgres(opts.url, { max: 10, onnotice: () => {}, idle_timeout: 30 });
    const db = drizzlePostgres(sql) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      url: opts.url,
      migrate: () => migrateOnce(sql, () => migratePostgres(db as never, { migrationsFolder: MIGRATIONS_DIR })),
      close: () => sql.end({ timeout: 5 }),
    };
  }
  let dir: string | undefined;
  if (!opts.memory) {
    dir = join(opts.dataDir ?? './data', 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  const pglite = new PGlite(dir ?? 'memory://');
  const db = drizzlePglite(pglite) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite,
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => pglite.close(),
  };
}
