import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { createApp } from '../app/app';
import type { AppDeps } from '../server/context';
import { openDatabase, type Database } from '../server/db/client';
import { createDeps } from '../app/deps';
import { loadEnv } from '../server/env';
import { createLogger } from '../server/log';
import { createLocalBilling } from '../server/providers/billing/local';
import { createLocalComposer } from '../server/providers/llm/local';
import { createSandboxEmail } from '../server/providers/email/sandbox';
import { createSandboxMessaging } from '../server/providers/messaging/sandbox';
import { createLocalStorage } from '../server/providers/storage/local';
import { createDbInbox } from '../domains/social/inbox';
import { createSandboxPosts } from '../domains/publishing/sandbox-posts';
import { createSandboxPublishing } from '../server/providers/publishing/sandbox';
import { personalScope } from '../server/scope';
import { createLocalTts } from '../server/providers/tts/local';
import { createLocalVideoProvider } from '../server/providers/video/local';
import { startQueue } from '../server/jobs/queue';
import { jobDefinitions } from '../app/job-registry';

// One migrated database per test process, shared by every test file: PGlite by
// default, or the PostgreSQL server in DATABASE_URL (reset first). Tests isolate
// by creating their own users: every query is owner-scoped anyway.
type Shared = { database: Database; deps: AppDeps; dataDir: string };
const g = globalThis as unknown as { __testShared?: Promise<Shared> };

async function resetPostgres(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const schemas = await sql<{ nspname: string }[]>`
    select nspname from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema'`;
  for (const { nspname } of schemas) await sql.unsafe(`drop schema if exists "${nspname}" cascade`);
  await sql.unsafe('create schema public');
  await sql.end();
}

/** The publishing sandbox for every platform (a test may put its own provider on one platform). */
const sandboxPublishing = <P>(p: P) => ({ facebook: p, instagram: p, youtube: p });

export function shared(): Promise<Shared> {
  g.__testShared ??= (async () => {
    const url = process.env.DATABASE_URL || undefined;
    if (url) await resetPostgres(url);
    const database = openDatabase(url ? { url } : { memory: true });
    await database.migrate();
    const dataDir = mkdtempSync(join(tmpdir(), 'avs-test-'));
    // Behind one trusted proxy, as deployed: each TestClient is its own client address (it sends
    // the X-Forwarded-For that proxy would append), so per-address limits see distinct clients.
    // Fetches of per-recipient backgrounds go to loopback servers in tests.
    const env = loadEnv({
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      NODE_ENV: 'test',
      WORKER: 'off',
      TRUST_PROXY: '1',
      FETCH_ALLOW_PRIVATE: 'true',
      PUBLISH_RETRY_SECONDS: '1',
    });
    const log = createLogger('error');
    const queue = await startQueue(database, log);
    const deps = createDeps({
      env,
      db: database.db,
      queue,
      providers: {
        storage: createLocalStorage(join(dataDir, 'files')),
        billing: createLocalBilling(),
        messaging: createSandboxMessaging({ inbox: createDbInbox(database.db) }),
        email: createSandboxEmail({ inbox: createDbInbox(database.db), from: env.MAIL_FROM }),
        video: createLocalVideoProvider(),
        tts: createLocalTts(),
        llm: createLocalComposer(),
        publishing: sandboxPublishing(createSandboxPublishing({ store: createSandboxPosts(database.db) })),
      },
      log,
    });
    // Tests see jobs run for real: the shared queue works every app job type.
    await queue.work(jobDefinitions(deps));
    return { database, deps, dataDir };
  })();
  return g.__testShared;
}

export async function testApp() {
  const s = await shared();
  return { ...s, app: createApp(s.deps, { distDir: join(s.dataDir, 'no-dist') }) };
}

const BASE = 'http://localhost';

let addressSeq = 0;
/** A distinct client address per call (198.18.0.0/15 is reserved for benchmarks and tests). */
export function nextClientAddress() {
  addressSeq += 1;
  return `198.${18 + ((addressSeq >> 16) & 1)}.${(addressSeq >> 8) & 255}.${addressSeq & 255}`;
}

/**
 * A tiny client with a cookie jar, speaking to app.handle() without a socket. Each client is
 * its own address: it sends the X-Forwarded-For entry the trusted proxy would append
 * (the test env sets TRUST_PROXY=1), unless a test passes its own header.
 */
export class TestClient {
  cookie = '';
  /** The address the client browses (its requests' origin). */
  base = BASE;
  constructor(
    readonly app: { handle(r: Request): Promise<Response> },
    readonly ip = nextClientAddress(),
  ) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const forwarded = Object.keys(headers).some((k) => k.toLowerCase() === 'x-forwarded-for');
    const init: RequestInit = { method, headers: { ...(forwarded ? {} : { 'x-forwarded-for': this.ip }), ...headers } };
    if (this.cookie) (init.headers as Record<string, string>).cookie = this.cookie;
    if (body instanceof FormData) init.body = body;
    else if (typeof body === 'string') {
      init.body = body;
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    } else if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    const res = await this.app.handle(new Request(this.base + path, init));
    const set = res.headers.getSetCookie?.() ?? [];
    for (const c of set) {
      const pair = c.split(';')[0];
      const [name, value] = pair.split('=');
      if (name === 'session') this.cookie = value ? `session=${value}` : '';
    }
    const text = await res.text();
    let data: any = text;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {}
    return { status: res.status, data, headers: res.headers };
  }
  get = (p: string, h?: Record<string, string>) => this.request('GET', p, undefined, h);
  post = (p: string, b?: unknown, h?: Record<string, string>) => this.request('POST', p, b, h);
  patch = (p: string, b?: unknown, h?: Record<string, string>) => this.request('PATCH', p, b, h);
  delete = (p: string, h?: Record<string, string>) => this.request('DELETE', p, undefined, h);

  /** tRPC over HTTP, as the web client does it. */
  async trpc(kind: 'query' | 'mutation', path: string, input?: unknown) {
    if (kind === 'query') {
      const q = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
      return this.get(`/trpc/${path}${q}`);
    }
    return this.post(`/trpc/${path}`, input ?? {});
  }
}

let seq = 0;
export function uniqueName(prefix = 'user') {
  seq += 1;
  return `${prefix}${Date.now().toString(36)}${seq}${Math.floor(Math.random() * 1e4)}`;
}

/** Registers a fresh user and returns a signed-in client, the user and their personal scope. */
export async function signedInClient(app: { handle(r: Request): Promise<Response> }) {
  const c = new TestClient(app);
  const username = uniqueName();
  const res = await c.post('/api/register', {
    fullName: 'Test User',
    email: `${username}@example.com`,
    username,
    password: 'correct horse battery',
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.data)}`);
  const user = res.data as { id: string; username: string; email: string };
  // The scope a service call acts in for this user: their personal workspace (its id is theirs).
  return { client: c, user, scope: personalScope(user.id), password: 'correct horse battery' };
}
