// The OpenAPI 3.1 documents: valid, complete, deterministic, built from the service's zod schemas.
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { openApiDocument, type OpenApiDocument } from '../../lib';
import { VERSIONS, type Api, type RouteDef, type Version } from '../../lib/core/context';
import { buildDocument } from '../../lib/openapi/document';
import { OPERATIONS } from '../../lib/openapi/operations';
import { openApiPath, operationKey } from '../../lib/openapi/spec';
import { routes } from '../../lib/resources';
import { strictAjv } from '../helpers/openapi-check';

type Json = Record<string, any>;
const DOCUMENTS: [Api, Version][] = [
  ['admin', 'v2'],
  ['admin', 'v3'],
  ['content', 'v2'],
  ['content', 'v3'],
];
const METHODS = ['get', 'put', 'post', 'delete'];

function operations(doc: OpenApiDocument): [string, string, Json][] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => [path, method, op as Json] as [string, string, Json]),
  );
}

const list = (doc: OpenApiDocument) =>
  operations(doc)
    .map(([path, method]) => `${method.toUpperCase()} ${path}`)
    .sort();

describe.each(DOCUMENTS)('the %s %s document', (api, version) => {
  const doc = openApiDocument(api, version);

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('holds only schemas that compile as JSON Schema 2020-12 in strict mode', () => {
    const ajv = strictAjv();
    const id = `urn:test:${api}:${version}`;
    ajv.addSchema({ ...doc, $id: id });
    const pointers: string[] = Object.keys((doc.components as Json).schemas).map((name) => `#/components/schemas/${name}`);
    const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
    for (const [path, method, op] of operations(doc)) {
      const base = `#/paths/${escape(path)}/${method}`;
      (op.parameters ?? []).forEach((_: unknown, i: number) => pointers.push(`${base}/parameters/${i}/schema`));
      for (const media of Object.keys(op.requestBody?.content ?? {})) pointers.push(`${base}/requestBody/content/${escape(media)}/schema`);
      for (const [status, response] of Object.entries<Json>(op.responses)) {
        if (response.content) pointers.push(`${base}/responses/${status}/content/application~1json/schema`);
      }
    }
    expect(pointers.length).toBeGreaterThan(20);
    for (const pointer of pointers) expect(() => ajv.compile({ $ref: `${id}${pointer}` }), pointer).not.toThrow();
  });

  it('has an operation for every route served here, and nothing else', () => {
    const served = routes
      .filter((route) => route.api === api && (route.versions ?? VERSIONS).includes(version))
      .map((route) => `${route.method} ${openApiPath(route.path)}`)
      .sort();
    expect(list(doc)).toEqual(served);
  });

  it('names every path parameter and gives every operation a unique id, a summary, responses and the error envelope', () => {
    const ids = new Set<string>();
    for (const [path, method, op] of operations(doc)) {
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const declared = (op.parameters ?? []).filter((p: Json) => p.in === 'path').map((p: Json) => p.name);
      expect(declared, `${method} ${path}`).toEqual(templated);
      expect(ids.has(op.operationId), op.operationId).toBe(false);
      ids.add(op.operationId);
      expect(op.summary).toBeTruthy();
      const statuses = Object.keys(op.responses).map(Number);
      expect(
        statuses.some((s) => s < 300),
        `${method} ${path} has a success response`,
      ).toBe(true);
      expect(op.responses['500'], `${method} ${path}`).toEqual({ $ref: '#/components/responses/Error500' });
      for (const status of statuses.filter((s) => s >= 400)) {
        expect(op.responses[String(status)]).toEqual({ $ref: `#/components/responses/Error${status}` });
      }
    }
  });

  it('is deterministic', () => {
    expect(JSON.stringify(openApiDocument(api, version))).toBe(JSON.stringify(doc));
  });
});

describe('the operations', () => {
  it('cover every route of the service, and every operation belongs to a route', () => {
    const keys = new Set(routes.map((route) => operationKey(route)));
    for (const route of routes) expect(OPERATIONS[operationKey(route)], operationKey(route)).toBeDefined();
    for (const key of Object.keys(OPERATIONS)) expect(keys.has(key), `${key} has no route`).toBe(true);
  });

  it('a route without an operation makes building the document fail, naming it', () => {
    const extra: RouteDef = { method: 'GET', path: 'novelties/', api: 'admin', auth: 'admin', handle: async () => ({ status: 204, headers: {}, body: null }) };
    expect(() => buildDocument([...routes, extra], 'admin', 'v3', { name: 'svc', adminUrl: 'http://x' })).toThrow('admin GET novelties/');
  });

  it('are, per document, exactly these', () => {
    const admin = [
      'DELETE /integrations/{id}/',
      'DELETE /invites/{id}/',
      'DELETE /pages/{id}/',
      'DELETE /posts/{id}/',
      'DELETE /session/',
      'DELETE /tags/{id}/',
      'DELETE /themes/{name}/',
      'DELETE /users/{id}/',
      'DELETE /webhooks/{id}/',
      'GET /actions/',
      'GET /authentication/invitation/',
      'GET /authentication/setup/',
      'GET /db/',
      'GET /integrations/',
      'GET /integrations/{id}/',
      'GET /invites/',
      'GET /invites/{id}/',
      'GET /openapi.json',
      'GET /pages/',
      'GET /pages/slug/{slug}/',
      'GET /pages/{id}/',
      'GET /pages/{id}/preview/',
      'GET /pages/{id}/revisions/',
      'GET /pages/{id}/revisions/{rid}/',
      'GET /posts/',
      'GET /posts/slug/{slug}/',
      'GET /posts/{id}/',
      'GET /posts/{id}/preview/',
      'GET /posts/{id}/revisions/',
      'GET /posts/{id}/revisions/{rid}/',
      'GET /roles/',
      'GET /session/',
      'GET /settings/',
      'GET /site/',
      'GET /tags/',
      'GET /tags/slug/{slug}/',
      'GET /tags/{id}/',
      'GET /themes/',
      'GET /users/',
      'GET /users/me/',
      'GET /users/slug/{slug}/',
      'GET /users/{id}/',
      'POST /authentication/invitation/',
      'POST /authentication/password_reset/',
      'POST /authentication/setup/',
      'POST /db/',
      'POST /images/upload/',
      'POST /integrations/',
      'POST /integrations/{id}/api_key/{keyid}/refresh/',
      'POST /invites/',
      'POST /pages/',
      'POST /pages/{id}/preview/rotate/',
      'POST /pages/{id}/revisions/{rid}/restore/',
      'POST /posts/',
      'POST /posts/{id}/preview/rotate/',
      'POST /posts/{id}/revisions/{rid}/restore/',
      'POST /session/',
      'POST /tags/',
      'POST /themes/upload/',
      'POST /users/',
      'POST /webhooks/',
      'PUT /authentication/password_reset/',
      'PUT /integrations/{id}/',
      'PUT /pages/{id}/',
      'PUT /posts/{id}/',
      'PUT /settings/',
      'PUT /tags/{id}/',
      'PUT /themes/{name}/activate/',
      'PUT /users/password/',
      'PUT /users/{id}/',
    ];
    const content = [
      'GET /authors/',
      'GET /authors/slug/{slug}/',
      'GET /authors/{id}/',
      'GET /openapi.json',
      'GET /pages/',
      'GET /pages/preview/{uuid}/',
      'GET /pages/slug/{slug}/',
      'GET /pages/{id}/',
      'GET /posts/',
      'GET /posts/preview/{uuid}/',
      'GET /posts/slug/{slug}/',
      'GET /posts/{id}/',
      'GET /settings/',
      'GET /tags/',
      'GET /tags/slug/{slug}/',
      'GET /tags/{id}/',
    ];
    expect(list(openApiDocument('admin', 'v2'))).toEqual(admin);
    expect(list(openApiDocument('admin', 'v3'))).toEqual([...admin, 'PUT /webhooks/{id}/'].sort());
    expect(list(openApiDocument('content', 'v2'))).toEqual(content);
    expect(list(openApiDocument('content', 'v3'))).toEqual(content);
  });
});
