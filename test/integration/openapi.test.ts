import { validate } from '@readme/openapi-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { allRoutes } from '../../shared/api/index';
import { openApiServer } from '../../shared/api/openapi';
import { client, newTenant } from '../support/api';
import { opdRuntime } from '../support/opd';

// The OpenAPI document is generated from the manifest; these tests hold it to a real validator,
// to JSON Schema 2020-12 (which the validator does not check), to the manifest's routes, and to
// what the running service actually accepts and answers.

const opd = opdRuntime('Asia/Kolkata');

type Doc = Record<string, any>;
const ajv = () => new Ajv2020({ strict: true, validateFormats: false, allErrors: true });

// Fetched once: the document is the same for the whole run (built once per container).
let fetched: Doc | undefined;
async function served(): Promise<Doc> {
  if (fetched) return structuredClone(fetched);
  const res = await client(opd.url).get('/.well-known/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  fetched = res.body as Doc;
  return structuredClone(fetched);
}

/** Every Schema Object of the document: components and inline parameter schemas. */
function schemasOf(doc: Doc): [string, Doc][] {
  const out: [string, Doc][] = Object.entries(doc.components.schemas);
  for (const [path, item] of Object.entries<Doc>(doc.paths))
    for (const [method, op] of Object.entries<Doc>(item))
      for (const p of op.parameters ?? []) out.push([`${method} ${path} ${p.name}`, p.schema]);
  return out;
}

describe('/.well-known/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document (@readme/openapi-parser)', async () => {
    const doc = await served();
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? [] : result.errors, JSON.stringify(result)).toEqual([]);
  });

  it('has only schemas that compile as strict JSON Schema 2020-12 (Ajv)', async () => {
    const doc = await served();
    const schemas = schemasOf(doc);
    expect(schemas.length).toBeGreaterThan(60);
    // One validator for all: the schemas have no $id, so compiling each is independent, and a new
    // Ajv per schema cost most of this test's time.
    const strict = ajv();
    for (const [name, schema] of schemas) {
      expect(schema.$schema, name).toBeUndefined();
      expect(schema.$id, name).toBeUndefined();
      expect(() => strict.compile(schema), name).not.toThrow();
    }
  }, 120_000);

  it('lists every REST route of the manifest, and nothing else, with unique operation ids', async () => {
    const doc = await served();
    const listed = Object.entries<Doc>(doc.paths)
      .flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    const manifest = allRoutes()
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(listed).toEqual(manifest);
    expect(manifest).toContain('GET /.well-known/openapi.json');
    expect(manifest).toContain('POST /patients/register');

    const ids = Object.values<Doc>(doc.paths).flatMap((item) =>
      Object.values<Doc>(item).map((op) => op.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of allRoutes())
      if (r.kind === 'operation')
        expect(doc.paths[r.path][r.method.toLowerCase()].operationId).toBe(r.op.name);
  });

  it('states the security of each route: a user token with x-tenant-id, or an API key; public routes none', async () => {
    const doc = await served();
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      'apiKey',
      'bearerJwt',
      'tenantId',
    ]);
    expect(doc.components.securitySchemes.tenantId).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-tenant-id',
    });
    const register = doc.paths['/patients/register'].post;
    expect(register.security).toEqual([{ bearerJwt: [], tenantId: [] }, { apiKey: [] }]);
    expect(doc.paths['/auth/login'].post.security).toEqual([]);
    expect(doc.paths['/health'].get.security).toEqual([]);
    // Protected operations document 401 and 403, each with the one error body.
    expect(register.responses['401']).toEqual({ $ref: '#/components/responses/E401' });
    expect(register.responses['403']).toEqual({ $ref: '#/components/responses/E403' });
    expect(register.responses['400']).toEqual({ $ref: '#/components/responses/E400' });
    expect(doc.components.responses.E401.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
    expect(doc.components.schemas.Error.required).toEqual(['statusCode', 'message', 'error']);
    expect(doc.components.responses.E429.headers['Retry-After']).toBeDefined();
  });

  it('describes what the service really accepts and answers (a registration and a list)', async () => {
    const doc = await served();
    const t = await newTenant(opd.url);
    const body = {
      name: 'Openapi Patient',
      dateOfBirth: '1980-05-17',
      sex: 'female',
      phone: '+91 98765 43210',
    };
    const register = doc.paths['/patients/register'].post;
    const bodyName = register.requestBody.content['application/json'].schema.$ref.split('/').pop();
    const a = ajv();
    expect(a.validate(doc.components.schemas[bodyName], body), a.errorsText()).toBe(true);
    // A field the operation refuses is refused by the document too.
    expect(a.validate(doc.components.schemas[bodyName], { ...body, mrn: 'X' })).toBe(false);
    const res = await t.admin.post('/patients/register', body);
    expect(res.status).toBe(201);
    const outName = register.responses['201'].content['application/json'].schema.$ref
      .split('/')
      .pop();
    expect(a.validate(doc.components.schemas[outName], res.body), a.errorsText()).toBe(true);

    // GET routes take their input as query parameters.
    const list = doc.paths['/patients'].get;
    expect(list.parameters.map((p: Doc) => p.in)).not.toContain('body');
    expect(list.parameters.every((p: Doc) => p.in === 'query')).toBe(true);
    const bad = await t.admin.post('/patients/register', { ...body, phone: undefined });
    expect(bad.status).toBe(400);
    expect(a.validate(doc.components.schemas.Error, bad.body), JSON.stringify(bad.body)).toBe(true);
  });

  it('declares the Idempotency-Key header on every POST that a retry would repeat, and a replay answers alike', async () => {
    const doc = await served();
    const keyOf = (path: string, method = 'post') =>
      (doc.paths[path][method].parameters ?? []).find((p: Doc) => p.in === 'header');
    // Written out: the payment the issue names, a registration, a receipt; not the idempotent or public ones.
    for (const path of ['/billing/{id}/payments', '/patients/register', '/pharmacy/receipts'])
      expect(keyOf(path), path).toMatchObject({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        schema: { type: 'string', pattern: '^[\\x21-\\x7e]{8,128}$' },
      });
    expect(keyOf('/auth/login')).toBeUndefined();
    expect(keyOf('/billing/settings', 'put')).toBeUndefined();
    // The key is a header, never a body field.
    const pay = doc.paths['/billing/{id}/payments'].post;
    const payBody = pay.requestBody.content['application/json'].schema.$ref.split('/').pop();
    expect(Object.keys(doc.components.schemas[payBody].properties)).not.toContain('idempotencyKey');
    // And the rule holds for every route: POST, a write, not idempotent, behind a credential.
    for (const r of allRoutes()) {
      if (r.kind !== 'operation') continue;
      const declared = keyOf(r.path, r.method.toLowerCase()) !== undefined;
      const expected =
        r.method === 'POST' && r.op.kind === 'write' && !r.op.idempotent && !r.op.access.public;
      expect(declared, `${r.method} ${r.path}`).toBe(expected);
    }

    // What the document declares works: the same key and body answer the same patient, once.
    const t = await newTenant(opd.url);
    const body = {
      name: 'Keyed Patient',
      dateOfBirth: '1980-05-17',
      sex: 'female',
      phone: '+91 98765 43211',
    };
    const headers = { 'Idempotency-Key': `openapi-${Math.random().toString(36).slice(2)}` };
    const first = await t.admin.post('/patients/register', body, headers);
    const again = await t.admin.post('/patients/register', body, headers);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    const other = await t.admin.post(
      '/patients/register',
      { ...body, name: 'Other Patient' },
      headers,
    );
    expect(other.status).toBe(409);
    expect(other.body.message).toMatch(/already used for a different patients.register request/);
  });

  it('names the mount prefix as its server, so "Try it out" reaches the API under a stage', async () => {
    const serve = openApiServer(allRoutes);
    expect(
      (await serve({ baseUrl: 'https://x.execute-api.eu-west-1.amazonaws.com/prod' })).servers,
    ).toEqual([{ url: '/prod' }]);
    expect((await serve({ baseUrl: 'https://api.example.test' })).servers).toEqual([{ url: '/' }]);
  });
});
