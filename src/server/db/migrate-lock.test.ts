import { expect, test } from 'bun:test';
import { freshDatabase } from '../../domains/distribution/fixtures/app-process';
import { openDatabase } from './client';

// N app instances and M workers start together on one PostgreSQL database: each migrates at start.
test.skipIf(!process.env.DATABASE_URL)(
  'three processes migrating a fresh database at once all succeed (one migrates, the others wait)',
  async () => {
    const base = process.env.DATABASE_URL!;
    const url = await freshDatabase(base, `${new URL(base).pathname.slice(1)}_migrate_lock`);
    const dbs = [0, 1, 2].map(() => openDatabase({ url }));
    try {
      const results = await Promise.allSettled(dbs.map((d) => d.migrate()));
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
    } finally {
      for (const d of dbs) await d.close();
    }
  },
  120_000,
);
