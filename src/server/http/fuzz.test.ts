import { beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import fc from 'fast-check';
import { z, type ZodType } from 'zod';
import { PNG_1x1 } from '../../test/fixtures';
import { asText, encodePart, hostileString, hostileValue, inputFor, toJson, validFor } from '../../test/fuzz-values';
import { shared, signedInClient } from '../../test/harness';
import { createApp } from '../../app/app';
import { createDeps } from '../../app/deps';
import type { JobQueue } from '../jobs/queue';
import { appRouter } from '../../app/router';
import { API_ROUTES } from '../../app/api-routes';
import { openApiDocument } from './openapi';

// Every operation of the OpenAPI document, signed in and anonymous, with hostile values in every
// path parameter, query parameter and JSON field (NUL and other controls, unpaired surrogates,
// 1 MB strings, 10,000-deep JSON, prototype keys, wrong types, huge numbers), then the tRPC
// procedures likewise: no answer may be a 5xx. A fixed seed makes a failure reproducible.
//
// The app under test is the real one on the shared database, with two differences: its own
// rate limiters and client address (so that hundreds of refused logins do not throttle the other
// test files), and a queue whose jobs are stored for real but scheduled a year ahead, so that
// a fuzzed value that happens to be a valid render request cannot start renders.
const SEED = Number(process.env.FUZZ_SEED ?? 9_2026);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const TRPC_RUNS = Number(process.env.FUZZ_TRPC_RUNS ?? 4);
const FUZZ_IP = '203.0.113.77';
// Would end the signed-in identity the runs share; covered by their own tests.
const SKIP_SIGNED_IN = new Set(['POST /api/logout']);
const SKIP_TRPC = new Set(['users.deleteAccount', 'users.resetAccount', 'users.deleteAllVideos']);

type App = { handle(r: Request): Promise<Response> };
type Param = { name: string; in: string; schema?: object };
type Operation = {
  parameters?: Param[];
  requestBody?: { content: Record<string, { schema?: { properties?: Record<string, object> } }> };
  security?: unknown[];
};

let app: App;
let cookie = '';
const realIds: string[] = ['stock-0', 'sales-intro'];

function heldQueue(queue: JobQueue): JobQueue {
  const later = () => new Date(Date.now() + 365 * 24 * 3600 * 1000);
  return {
    send: (name, data, opts) => queue.send(name, data, { ...opts, startAfter: later() }),
    register: (defs) => queue.register(defs),
    work: async () => {},
    getJob: (name, id) => queue.getJob(name, id),
    stop: async () => {},
    boss: queue.boss,
  };
}

beforeAll(async () => {
  const s = await shared();
  const deps = createDeps({
    env: { ...s.deps.env, TRUST_PROXY: 1 },
    db: s.deps.db,
    queue: heldQueue(s.deps.queue),
    providers: s.deps.providers,
    log: s.deps.log,
  });
  app = createApp(deps, { distDir: join(s.dataDir, 'no-dist') });
  const { client, user } = await signedInClient(app);
  cookie = client.cookie;
  // Real ids among the path values, so that bodies are also validated against existing rows.
  const campaign = await client.post('/api/campaigns', { name: 'Fuzz', platforms: ['email'] });
  const list = await client.post('/api/contact-lists', { name: 'Fuzz' });
  const contact = await client.post(`/api/contact-lists/${list.data.id}/contacts`, { name: 'Ada', email: 'ada@example.com' });
  const video = await client.post('/api/videos', { title: 'Fuzz', videoUrl: 'https://example.com/v.mp4' });
  realIds.push(user.id, campaign.data.id, list.data.id, contact.data.id, video.data.id);
}, 60_000);

async function send(method: string, path: string, body: string | FormData | undefined, signedIn: boolean): Promise<number> {
  const headers: Record<string, string> = { 'x-forwarded-for': FUZZ_IP };
  if (signedIn) headers.cookie = cookie;
  if (typeof body === 'string') headers['content-type'] = 'application/json';
  const res = await app.handle(new Request(`http://localhost${path}`, { method, headers, body }));
  await res.arrayBuffer();
  return res.status;
}

function requestFor(method: string, template: string, op: Operation): fc.Arbitrary<{ path: string; body?: string | FormData }> {
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const query = (op.parameters ?? []).filter((p) => p.in === 'query');
  const content = op.requestBody?.content ?? {};
  const json = content['application/json']?.schema;
  const multipart = content['multipart/form-data']?.schema;
  const body: fc.Arbitrary<string | FormData | undefined> = json
    ? inputFor(json as never, realIds).map(toJson)
    : multipart
      ? formFor(Object.keys(multipart.properties ?? {}))
      : method === 'GET'
        ? fc.constant(undefined)
        : fc.option(hostileValue.map(toJson), { nil: undefined });
  return fc
    .record({
      params: fc.tuple(...names.map(() => fc.oneof({ weight: 3, arbitrary: hostileString }, { weight: 2, arbitrary: fc.constantFrom(...realIds) }))),
      query: fc.tuple(...query.map((p) => fc.option(fc.oneof(hostileValue, validFor(p.schema as never, realIds)).map(asText), { nil: undefined }))),
      body,
    })
    .map(({ params, query: values, body }) => {
      let i = 0;
      const path = template.replace(/\{(\w+)\}/g, () => encodePart(params[i++]!) || '%20');
      const qs = query.flatMap((p, j) => (values[j] === undefined ? [] : [`${p.name}=${encodePart(values[j]!)}`])).join('&');
      return { path: qs ? `${path}?${qs}` : path, body };
    });
}

function formFor(fields: string[]): fc.Arbitrary<FormData> {
  const content = fc.oneof(hostileString, fc.constant(PNG_1x1 as unknown as string), fc.constant('name,email\n\u0000,a@example.com\n'));
  return fc.tuple(fc.constantFrom(...fields), content, hostileString, fc.boolean()).map(([field, data, name, asFile]) => {
    const form = new FormData();
    if (asFile) form.append(field, new File([data as BlobPart], name.slice(0, 200) || 'x.csv', { type: 'text/csv' }));
    else form.append(field, data.slice(0, 1000));
    return form;
  });
}

describe('fuzz: every documented /api operation answers 4xx, never 5xx, to hostile input', () => {
  const doc = openApiDocument(API_ROUTES) as { paths: Record<string, Record<string, Operation>> };
  for (const [template, methods] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(methods)) {
      const method = m.toUpperCase();
      const name = `${method} ${template.replace(/\{(\w+)\}/g, ':$1')}`;
      test(name, async () => {
        const failures: string[] = [];
        for (const signedIn of [true, false]) {
          if (signedIn && SKIP_SIGNED_IN.has(name)) continue;
          const r = await fc.check(
            fc.asyncProperty(requestFor(method, template, op), async (c) => (await send(method, c.path, c.body, signedIn)) < 500),
            { seed: SEED, numRuns: RUNS, endOnFailure: true },
          );
          if (r.failed) failures.push(`${signedIn ? 'signed in' : 'anonymous'}: ${describeCase(r.counterexample?.[0])}`);
        }
        expect(failures).toEqual([]);
      }, 30_000);
    }
  }
});

describe('fuzz: tRPC procedures answer 4xx, never 5xx, to hostile input', () => {
  const procedures = (appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string; inputs: ZodType[] } }> } })._def.procedures;
  for (const [path, proc] of Object.entries(procedures)) {
    if (SKIP_TRPC.has(path)) continue;
    test(path, async () => {
      const input = proc._def.inputs[0];
      let schema: object | undefined;
      try {
        schema = input ? z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) : undefined;
      } catch {
        schema = undefined;
      }
      const arb = inputFor(schema as never, realIds).map(toJson);
      const failures: string[] = [];
      for (const signedIn of [true, false]) {
        const r = await fc.check(
          fc.asyncProperty(arb, async (text) => {
            const status =
              proc._def.type === 'query'
                ? await send('GET', `/trpc/${path}?input=${encodeURIComponent(text)}`, undefined, signedIn)
                : await send('POST', `/trpc/${path}`, text, signedIn);
            return status < 500;
          }),
          { seed: SEED, numRuns: TRPC_RUNS, endOnFailure: true },
        );
        if (r.failed) failures.push(`${signedIn ? 'signed in' : 'anonymous'}: ${describeCase(r.counterexample?.[0])}`);
      }
      expect(failures).toEqual([]);
    }, 30_000);
  }
});

function describeCase(c: unknown): string {
  const text = typeof c === 'string' ? c : JSON.stringify(c, (_k, v) => (v instanceof FormData ? [...v.keys()] : v));
  return (text ?? String(c)).slice(0, 300);
}
