import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from './env';

type Secrets = { sessionSecret: string; encryptionKey: string };

const random = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');

/** Secrets from env, else generated once into DATA_DIR (mode 600) and reused. */
export function loadSecrets(env: Env): Secrets {
  const file = join(env.DATA_DIR, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8'));
  const secrets: Secrets = {
    sessionSecret: env.SESSION_SECRET ?? stored.sessionSecret ?? random(),
    encryptionKey: env.ENCRYPTION_KEY ?? stored.encryptionKey ?? random(),
  };
  if (!env.SESSION_SECRET || !env.ENCRYPTION_KEY) {
    if (stored.sessionSecret !== secrets.sessionSecret || stored.encryptionKey !== secrets.encryptionKey) {
      mkdirSync(env.DATA_DIR, { recursive: true });
      writeFileSync(file, JSON.stringify({ sessionSecret: secrets.sessionSecret, encryptionKey: secrets.encryptionKey }), { mode: 0o600 });
      chmodSync(file, 0o600);
    }
  }
  return secrets;
}

/**
 * Processes that share one PostgreSQL database (an app with WORKER=off, `bun run worker`) must
 * share the encryption key too: a key generated into each process's DATA_DIR would leave one
 * process unable to read what another encrypted (social tokens, webhook secrets). Such a process
 * refuses to start without ENCRYPTION_KEY rather than generate its own (docs/decisions/190).
 * Returns the reason to refuse, or null.
 */
export function missingSharedSecret(env: Env, role: 'app' | 'worker'): string | null {
  const scaledOut = role === 'worker' || (env.WORKER === 'off' && !!env.DATABASE_URL);
  if (!scaledOut || env.ENCRYPTION_KEY) return null;
  return role === 'worker'
    ? 'bun run worker needs ENCRYPTION_KEY, the same value as the app processes: a key of its own could not read what they encrypted'
    : 'WORKER=off with DATABASE_URL means several processes share the database: set ENCRYPTION_KEY, the same value in every app and worker process';
}
