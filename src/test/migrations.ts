import { afterAll } from 'bun:test';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR } from '../server/db/client';

/**
 * A test of one migration on a data directory made before it: a temporary folder for the file
 * (removed after it), and a database there with the schema as it was up to `lastBefore` (a journal
 * tag: the app's migrations folder with its journal cut after it). `migrateToLatest` then runs the
 * app's own migrations on it, as an upgrade would.
 */
export function migrationTest(prefix: string, lastBefore: string) {
  const root = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** The migrations folder as it was before: the journal cut after lastBefore. */
  function migrationsBefore() {
    const dir = join(root, 'drizzle-before');
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const journalPath = join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
    const cut = journal.entries.findIndex((e: { tag: string }) => e.tag === lastBefore);
    journal.entries = journal.entries.slice(0, cut + 1);
    writeFileSync(journalPath, JSON.stringify(journal));
    return dir;
  }

  return {
    root,
    /** A new PGlite data directory (root/pglite) migrated up to lastBefore. */
    async databaseBefore(): Promise<{ pg: PGlite; dataDir: string }> {
      const dataDir = join(root, 'pglite');
      const pg = new PGlite(dataDir);
      await migrate(drizzle(pg), { migrationsFolder: migrationsBefore() });
      return { pg, dataDir };
    },
  };
}

/** Every migration of the app's own folder not yet run on `pg`. */
export const migrateToLatest = (pg: PGlite) => migrate(drizzle(pg), { migrationsFolder: MIGRATIONS_DIR });
