import { describe, expect, test } from 'bun:test';
import { loadEnv } from './env';
import { missingSharedSecret } from './secrets';

const KEY = 'k'.repeat(43);
const PG = 'postgres://postgres@127.0.0.1:5432/x';

describe('processes sharing a database share ENCRYPTION_KEY (decision 190)', () => {
  test('a worker, or an app with WORKER=off on PostgreSQL, refuses to start without it', () => {
    expect(missingSharedSecret(loadEnv({ DATABASE_URL: PG }), 'worker')).toContain('bun run worker needs ENCRYPTION_KEY');
    expect(missingSharedSecret(loadEnv({ DATABASE_URL: PG, WORKER: 'off' }), 'app')).toContain('set ENCRYPTION_KEY');
  });

  test('one process (embedded database, or the worker inside the app) may generate its own', () => {
    expect(missingSharedSecret(loadEnv({}), 'app')).toBeNull();
    expect(missingSharedSecret(loadEnv({ DATABASE_URL: PG }), 'app')).toBeNull();
    expect(missingSharedSecret(loadEnv({ WORKER: 'off' }), 'app')).toBeNull();
    expect(missingSharedSecret(loadEnv({ DATABASE_URL: PG, WORKER: 'off', ENCRYPTION_KEY: KEY }), 'app')).toBeNull();
    expect(missingSharedSecret(loadEnv({ DATABASE_URL: PG, ENCRYPTION_KEY: KEY }), 'worker')).toBeNull();
  });
});
