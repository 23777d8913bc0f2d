import { describe, expect, test } from 'bun:test';
import { TestClient, testApp } from '../../test/harness';
import { API_ROUTES } from '../../app/api-routes';

describe('OpenAPI document', () => {
  test('documents every mounted /api route and nothing that is not mounted', async () => {
    const { app } = await testApp();
    const mounted = new Set(
      (app as unknown as { routes: { method: string; path: string }[] }).routes
        .filter((r) => r.path.startsWith('/api/') && r.path !== '/api/*')
        .map((r) => `${r.method} ${r.path}`),
    );
    const res = await new TestClient(app).get('/api/openapi.json');
    const paths = res.data.paths as Record<string, Record<string, unknown>>;
    const documented = new Set(
      Object.entries(paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`)),
    );
    expect(documented.size).toBe(API_ROUTES.length);
    expect([...mounted].filter((r) => !documented.has(r))).toEqual([]);
    expect([...documented].filter((r) => !mounted.has(r))).toEqual([]);
  });

  test('is served as OpenAPI 3.1 with request schemas from the shared zod schemas', async () => {
    const { app } = await testApp();
    const res = await new TestClient(app).get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.data.openapi).toBe('3.1.0');
    const register = res.data.paths['/api/register'].post;
    expect(register.security).toEqual([]);
    const schema = register.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['fullName', 'email', 'username', 'password']));
    expect(schema.properties.password.minLength).toBe(8);
    expect(res.data.paths['/api/users/{id}/avatar'].post.requestBody.content['multipart/form-data']).toBeDefined();
    expect(res.data.components.securitySchemes.bearerAuth.scheme).toBe('bearer');
  });
});
