import { join } from 'node:path';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { createApp } from '../app/app';
import type { Db } from '../server/db/client';
import * as schema from '../app/schema';
import { createDeps } from '../app/deps';
import { shared } from './harness';

/** A statement that changes data (a CTE that writes counts; "select … for update" only locks). */
export const isWrite = (statement: string) =>
  /^\s*(insert|update|delete|merge|truncate|create|drop|alter|comment|grant)\b/i.test(statement) ||
  /^\s*with\b[\s\S]*\b(insert\s+into|update\s+\S+\s+set|delete\s+from)\b/i.test(statement);

/**
 * The shared test database behind an app of its own whose every SQL statement is recorded:
 * same connection, same providers and queue, new deps (so its rate limits are its own too).
 */
export async function loggedTestApp() {
  const s = await shared();
  const statements: { query: string; params: unknown[] }[] = [];
  const logger = { logQuery: (query: string, params: unknown[]) => void statements.push({ query, params }) };
  const client = (s.deps.db as unknown as { $client: never }).$client;
  const db = (s.database.kind === 'pglite' ? drizzlePglite(client, { schema, logger }) : drizzlePostgres(client, { schema, logger })) as unknown as Db;
  const deps = createDeps({ env: s.deps.env, db, queue: s.deps.queue, providers: s.deps.providers, log: s.deps.log });
  const app = createApp(deps, { distDir: join(s.dataDir, 'no-dist') });
  return {
    ...s,
    app,
    deps,
    statements,
    /** Runs `fn` and returns the writing statements it issued. */
    async writesOf(fn: () => Promise<unknown>): Promise<{ query: string; params: unknown[] }[]> {
      const from = statements.length;
      await fn();
      return statements.slice(from).filter((s) => isWrite(s.query));
    },
  };
}
