import { z, type ZodType } from 'zod';
import type { Reply, Route } from './define-route';

type Op = Route;

function jsonSchema(schema: ZodType, io: 'input' | 'output') {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };

/** The errors every operation of a kind can answer, besides its own. */
function commonErrors(o: Op, params: boolean): Reply[] {
  const out: Reply[] = [];
  if (o.body || o.query || o.file || params) out.push({ status: 400, description: 'Invalid input, or a malformed URL or body: the message says which' });
  if (o.access !== 'public') out.push({ status: 401, description: 'Not signed in (no session cookie, no valid API key)' });
  if (o.access === 'browser')
    out.push({ status: 403, description: 'An API key (this operation answers to the browser session only), or a cross-origin request' });
  else if (o.method !== 'GET') out.push({ status: 403, description: 'Cross-origin request refused (a browser page of another site)' });
  if (params) out.push({ status: 404, description: 'Not found (or another user’s)' });
  if (o.body || o.file) out.push({ status: 413, description: 'Request body too large' });
  return out;
}

function responseObject(r: Reply) {
  const entries = [
    ...Object.entries(r.headers ?? {}).map(([name, description]) => [name, { description, required: true, schema: { type: 'string' } }] as const),
    ...Object.entries(r.optionalHeaders ?? {}).map(([name, description]) => [name, { description, required: false, schema: { type: 'string' } }] as const),
  ];
  const headers = entries.length ? Object.fromEntries(entries) : undefined;
  let content: object | undefined;
  if (r.schema) content = { 'application/json': { schema: jsonSchema(r.schema, 'output') } };
  else if (r.media) content = { [r.media]: { schema: { type: 'string', contentMediaType: r.media } } };
  else if (r.status >= 400) content = errorContent;
  return { description: r.description, ...(headers ? { headers } : {}), ...(content ? { content } : {}) };
}

export const operationId = (o: Pick<Op, 'method' | 'path'>) =>
  `${o.method.toLowerCase()}${o.path.replace(/^\/api/, '').replace(/[/:.-]+([a-z0-9])?/gi, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`;

function operationObject(o: Op) {
  const params = [...o.path.matchAll(/:([A-Za-z]+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
  if (o.query) {
    const q = jsonSchema(o.query, 'input') as { properties?: Record<string, object>; required?: string[] };
    for (const [name, schema] of Object.entries(q.properties ?? {}))
      params.push({ name, in: 'query', required: q.required?.includes(name) ?? false, schema } as never);
  }
  const requestBody = o.body
    ? { required: true, content: { 'application/json': { schema: jsonSchema(o.body, 'input') } } }
    : o.file
      ? {
          required: true,
          content: {
            'multipart/form-data': {
              schema: { type: 'object', required: [o.file], properties: { [o.file]: { type: 'string', contentMediaType: 'application/octet-stream' } } },
            },
          },
        }
      : undefined;
  const replies = [...o.responses];
  for (const e of commonErrors(o, o.path.includes(':'))) if (!replies.some((r) => r.status === e.status)) replies.push(e);
  replies.sort((a, b) => a.status - b.status);
  return {
    tags: [o.tag],
    summary: o.summary,
    operationId: operationId(o),
    ...(params.length ? { parameters: params } : {}),
    ...(requestBody ? { requestBody } : {}),
    // Public operations need no credentials: an empty requirement overrides the document's.
    ...(o.access === 'public' ? { security: [] } : o.access === 'browser' ? { security: [{ sessionCookie: [] }] } : {}),
    responses: Object.fromEntries(replies.map((r) => [String(r.status), responseObject(r)])),
  };
}

const cache = new WeakMap<readonly Route[], object>();

/** OpenAPI 3.1 of the declared operations (JSON Schema 2020-12 from the same zod schemas the handlers parse with). */
export function openApiDocument(routes: readonly Route[]): object {
  const hit = cache.get(routes);
  if (hit) return hit;
  const paths: Record<string, Record<string, object>> = {};
  for (const o of routes) {
    const p = o.path.replace(/:([A-Za-z]+)/g, '{$1}');
    paths[p] ??= {};
    paths[p][o.method.toLowerCase()] = operationObject(o);
  }
  const doc = {
    openapi: '3.1.0',
    info: {
      title: 'Avatar Video Studio API',
      version: '1.0.0',
      description:
        'Errors answer `{ "message": "…" }`. Authenticate with the session cookie or an API key (Settings → Advanced) as `Authorization: Bearer avs_…`; operations whose `security` is empty are public.',
    },
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }, { sessionCookie: [] }],
    tags: [...new Set(routes.map((o) => o.tag))].map((name) => ({ name })),
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key from Settings → Advanced' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'session' },
      },
      schemas: { Error: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } } },
    },
    paths,
  };
  cache.set(routes, doc);
  return doc;
}
