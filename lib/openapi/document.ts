import { z } from 'zod';
import type { Api, RouteDef, Version } from '../core/context';
import { VERSIONS, versionSegment } from '../core/context';
import { errorEnvelopeFor } from '../http/error-schema';
import { VERSION } from '../version';
import { componentSchemas } from './components';
import { errorStatuses } from './errors';
import { OPERATIONS } from './operations';
import { PATH, QUERY } from './parameters';
import { type Json, SchemaSet, SchemaUse } from './schema-set';
import { type OperationSpec, type ResponseHeader, operationKey, openApiPath, pathParameters } from './spec';

export interface DocumentOptions {
  /** The service's `name`: URL prefix, token scheme word and cookie name. */
  name: string;
  /** Where the API is reached (the service's `adminUrl`). */
  adminUrl: string;
}

export interface OpenApiDocument {
  openapi: string;
  info: Json;
  servers: Json[];
  tags: Json[];
  paths: Record<string, Record<string, Json>>;
  components: Json;
}

export const OPENAPI_VERSION = '3.1.1';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Not authenticated',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Update collision',
  413: 'Too large',
  415: 'Unsupported media type',
  422: 'Validation failed',
  429: 'Too many requests',
  500: 'Server error',
};

const HEADERS: Record<ResponseHeader, { name: string; header: Json }> = {
  location: { name: 'Location', header: { description: 'Where the new record is read back.', schema: { type: 'string', format: 'uri' } } },
  'set-cookie': { name: 'Set-Cookie', header: { description: 'The session cookie (cleared on sign-out).', schema: { type: 'string' } } },
  'x-cache-invalidate': {
    name: 'X-Cache-Invalidate',
    header: { description: '`/*` when the change reached public content, for caches in front of the service.', schema: { type: 'string' } },
  },
  'cache-tag': {
    name: 'Cache-Tag',
    header: {
      description:
        'The keys of the content this answer shows, comma-separated (`post:<id>`, `tag:<id>`, `author:<id>`, `settings`, `list:posts`, …): a CDN purges exactly the answers a change touched, as `cache.invalidate` names them.',
      schema: { type: 'string' },
    },
  },
  'surrogate-key': {
    name: 'Surrogate-Key',
    header: { description: 'The same keys, space-separated, with the `contentApi.surrogateKeys` option.', schema: { type: 'string' } },
  },
  'x-cache': {
    name: 'X-Cache',
    header: {
      description: '`HIT` when the service answered from what it kept, `MISS` when it read the database.',
      schema: { type: 'string', enum: ['HIT', 'MISS'] },
    },
  },
};

/** What every Content API answer to a GET carries. */
const CONTENT_HEADERS: ResponseHeader[] = ['cache-tag', 'surrogate-key', 'x-cache'];

const parameterSchema = (schema: z.ZodType) => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input' }) as Json;
  return rest;
};

function securityOf(route: RouteDef): Json[] {
  if (route.auth === 'admin') return [{ adminToken: [] }, { session: [] }];
  if (route.auth === 'content') return [{ contentKey: [] }];
  return [];
}

function securitySchemes(api: Api, name: string): Json {
  if (api === 'content') {
    return { contentKey: { type: 'apiKey', in: 'query', name: 'key', description: 'The content key of a custom integration (26 hexadecimal characters).' } };
  }
  const scheme = `${name[0].toUpperCase()}${name.slice(1)}`;
  return {
    adminToken: {
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
      description:
        `\`${scheme} <jwt>\`: an HS256 JSON Web Token signed with the hex-decoded secret of an admin key \`<id>:<secret>\`, ` +
        'header `kid` = the key id, payload `iat`, `exp` (at most 5 minutes later) and `aud` = `/<version>/admin/` (`/admin/` at the unversioned root). Single-use.',
    },
    session: {
      type: 'apiKey',
      in: 'cookie',
      name: `${name}-admin-api-session`,
      description: 'The session cookie set by `POST session/`; every request with it must carry the Origin it was created from.',
    },
  };
}

const tagOf = (route: RouteDef) => route.path.split('/')[0].replace(/\.json$/, '');

interface Pending {
  path: string;
  method: string;
  route: RouteDef;
  spec: OperationSpec;
  request?: SchemaUse;
  responses: Map<number, SchemaUse | null>;
  errors: number[];
}

/**
 * The OpenAPI 3.1 document of one API and version: every route of `routes` served there, with its
 * parameters, request body and responses, from the zod schemas the service itself uses.
 */
export function buildDocument(routes: readonly RouteDef[], api: Api, version: Version, options: DocumentOptions): OpenApiDocument {
  const outputs = new SchemaSet('output');
  const inputs = new SchemaSet('input');
  for (const [id, schema] of componentSchemas(api, version)) outputs.name(id, schema);

  const pending: Pending[] = [];
  const errorCodes = new Set<number>();
  for (const route of routes) {
    if (route.api !== api || !(route.versions ?? VERSIONS).includes(version)) continue;
    const key = operationKey(route);
    const source = OPERATIONS[key];
    if (!source) throw new Error(`pressroom: the OpenAPI documents have no operation for ${key}`);
    const spec = source(version);
    const responses = new Map<number, SchemaUse | null>();
    for (const [status, response] of Object.entries(spec.responses)) {
      responses.set(Number(status), response.schema ? outputs.use(response.schema) : null);
    }
    const errors = errorStatuses(route, spec);
    errors.forEach((code) => errorCodes.add(code));
    pending.push({
      path: openApiPath(route.path),
      method: route.method.toLowerCase(),
      route,
      spec,
      request: spec.body ? inputs.use(spec.body.schema) : undefined,
      responses,
      errors,
    });
  }
  const errorCodeList = [...errorCodes].sort((a, b) => a - b);
  for (const code of errorCodeList) outputs.name(`Error${code}`, errorEnvelopeFor(code));

  const paths: OpenApiDocument['paths'] = {};
  const tags: string[] = [];
  for (const op of pending) {
    const tag = tagOf(op.route);
    if (!tags.includes(tag)) tags.push(tag);
    (paths[op.path] ??= {})[op.method] = operationObject(op, tag, api, outputs, inputs);
  }

  const responses: Json = {};
  for (const code of errorCodeList) {
    responses[`Error${code}`] = {
      description: `${STATUS_TEXT[code] ?? 'Error'}: the error envelope.`,
      content: { 'application/json': { schema: { $ref: `#/components/schemas/Error${code}` } } },
    };
  }
  const headers: Json = {};
  for (const { name, header } of Object.values(HEADERS)) headers[name] = header;

  const title = api === 'admin' ? 'Admin' : 'Content';
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: `pressroom ${title} API ${version}`,
      version: VERSION,
      description:
        api === 'admin'
          ? 'The read/write Admin API. JSON bodies are `{<resource>: [ {...} ]}` and need `Content-Type: application/json`. Paths end with `/`.'
          : 'The read-only Content API for published, public content. Responses carry an ETag and may be answered 304.',
    },
    servers: [{ url: `${options.adminUrl}/${options.name}/api/${versionSegment(version)}${api}` }],
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      schemas: outputs.components(),
      responses,
      headers,
      securitySchemes: securitySchemes(api, options.name),
    },
  };
}

function operationObject(op: Pending, tag: string, api: Api, outputs: SchemaSet, inputs: SchemaSet): Json {
  const { spec, route } = op;
  const parameters: Json[] = [];
  for (const name of pathParameters(route.path)) {
    const param = PATH[name];
    if (!param) throw new Error(`pressroom: path parameter ${name} of ${route.path} is not described`);
    parameters.push({ name, in: 'path', required: true, description: param.description, schema: parameterSchema(param.schema) });
  }
  for (const name of spec.query ?? []) {
    const param = QUERY[name];
    const values = name === 'include' && spec.includes ? ` Here: ${spec.includes.map((v) => `\`${v}\``).join(', ')}.` : '';
    parameters.push({ name, in: 'query', required: false, description: param.description + values, schema: parameterSchema(param.schema) });
  }

  const responses: Json = {};
  for (const [status, use] of op.responses) {
    const response = spec.responses[status];
    const out: Json = { description: response.description };
    const headers = [...(response.headers ?? []), ...(api === 'content' && route.method === 'GET' && status === 200 && !route.uncached ? CONTENT_HEADERS : [])];
    if (headers.length) {
      out.headers = Object.fromEntries(headers.map((h) => [HEADERS[h].name, { $ref: `#/components/headers/${HEADERS[h].name}` }]));
    }
    if (use) out.content = { 'application/json': { schema: outputs.resolve(use) } };
    responses[String(status)] = out;
  }
  if (api === 'content' && route.method === 'GET') {
    responses['304'] = { description: 'Not modified: the `If-None-Match` ETag still matches.' };
  }
  for (const code of op.errors) responses[String(code)] = { $ref: `#/components/responses/Error${code}` };

  const operation: Json = { operationId: spec.operationId, summary: spec.summary };
  if (spec.description) operation.description = spec.description;
  operation.tags = [tag];
  operation.security = securityOf(route);
  if (parameters.length) operation.parameters = parameters;
  if (spec.body && op.request) {
    const media = spec.body.type === 'json' ? 'application/json' : 'multipart/form-data';
    operation.requestBody = {
      required: true,
      ...(spec.body.description ? { description: spec.body.description } : {}),
      content: { [media]: { schema: inputs.resolve(op.request) } },
    };
  }
  operation.responses = responses;
  return operation;
}
