// Checks every response a test receives against the OpenAPI document of its API and version.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import addFormatsModule from 'ajv-formats';
import type { FetchContext, Service } from '../../lib';
import type { Api, Version } from '../../lib/core/context';
import { ApiRouter } from '../../lib/http/router';
import { openApiDocument, type OpenApiDocument } from '../../lib/openapi';
import { openApiPath } from '../../lib/openapi/spec';
import { routes } from '../../lib/resources';

type Json = Record<string, unknown>;

// ajv-formats is CommonJS; its default export arrives wrapped under some loaders
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as typeof addFormatsModule;

/** Keywords of an OpenAPI document around its schemas, which Ajv must accept and ignore. */
const DOCUMENT_KEYWORDS = ['openapi', 'info', 'servers', 'tags', 'paths', 'components', 'jsonSchemaDialect', 'security', 'webhooks', 'externalDocs'];

/** Ajv 2020 in strict mode with the formats the documents use; strict so a malformed schema is an error, not a no-op. */
export function strictAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true, strictTypes: false });
  addFormats(ajv);
  // multipart file parts: an annotation, nothing a JSON value could be checked against
  ajv.addFormat('binary', true);
  ajv.addVocabulary(DOCUMENT_KEYWORDS);
  return ajv;
}

/** Component schemas whose `required` stays when `fields` trims the records. */
const KEEP_REQUIRED = /^(Error\d*|ErrorEnvelope|Pagination)$/;

/**
 * `fields` returns a subset of each record's keys, which the document says in the parameter's
 * description; for such requests the records' `required` lists do not apply.
 */
function withoutRequired(doc: OpenApiDocument): OpenApiDocument {
  const copy = structuredClone(doc);
  const schemas = (copy.components as { schemas: Record<string, Json> }).schemas;
  const strip = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(strip);
    if (typeof node !== 'object' || node === null) return;
    delete (node as Json).required;
    Object.values(node).forEach(strip);
  };
  for (const [name, schema] of Object.entries(schemas)) if (!KEEP_REQUIRED.test(name)) strip(schema);
  return copy;
}

const pointer = (...segments: string[]) => segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export class ResponseChecker {
  private readonly router: ApiRouter;
  private readonly ajv = strictAjv();
  private readonly documents = new Map<string, OpenApiDocument>();
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly name: string) {
    this.router = new ApiRouter(name, routes);
  }

  private document(api: Api, version: Version, relaxed: boolean): { id: string; doc: OpenApiDocument } {
    const id = `urn:pressroom:${this.name}:${api}:${version}${relaxed ? ':fields' : ''}`;
    let doc = this.documents.get(id);
    if (!doc) {
      doc = openApiDocument(api, version, { name: this.name });
      if (relaxed) doc = withoutRequired(doc);
      this.documents.set(id, doc);
      this.ajv.addSchema({ ...doc, $id: id } as Json, id);
    }
    return { id, doc };
  }

  private validator(id: string, path: string): ValidateFunction {
    const ref = `${id}#/${path}`;
    let validate = this.validators.get(ref);
    if (!validate) this.validators.set(ref, (validate = this.ajv.compile({ $ref: ref })));
    return validate;
  }

  /** What is wrong with `response` as an answer to `request`; null when it matches the document. */
  async problem(requestMethod: string, requestUrl: string, response: Response): Promise<string | null> {
    const method = requestMethod.toUpperCase();
    const url = new URL(requestUrl);
    if (method === 'OPTIONS' || method === 'HEAD' || !url.pathname.startsWith(`/${this.name}/api/`)) return null;
    if (response.status >= 300 && response.status < 400 && response.status !== 304) return null;
    let found = this.router.lookup(method as 'GET', url.pathname);
    if (found.kind !== 'match' && !url.pathname.endsWith('/')) found = this.router.lookup(method as 'GET', `${url.pathname}/`);
    const relaxed = url.searchParams.has('fields');
    // the router says which API and version an address names (`/v3/admin/`, or v5's unversioned `/admin/`)
    const { id, doc } = this.document(found.api ?? 'admin', found.version ?? 'v3', relaxed);

    let where: string;
    let documented: Json | undefined;
    if (found.kind === 'match') {
      const path = openApiPath(found.match.route.path);
      const operation = doc.paths[path]?.[method.toLowerCase()] as { responses: Record<string, Json> } | undefined;
      if (!operation) return `the document has no operation ${method} ${path}`;
      documented = operation.responses[String(response.status)];
      if (!documented) return `status ${response.status} is not documented for ${method} ${path} (documented: ${Object.keys(operation.responses).join(', ')})`;
      where = pointer('paths', path, method.toLowerCase(), 'responses', String(response.status));
    } else {
      // no route: the answer must still be an error envelope of its status
      if (response.status < 400) return `status ${response.status} for a path no route serves`;
      where = pointer('components', 'responses', `Error${response.status}`);
      documented = (doc.components as { responses: Record<string, Json> }).responses[`Error${response.status}`];
      if (!documented) where = pointer('components', 'schemas', 'ErrorEnvelope');
    }
    if (typeof documented?.$ref === 'string') {
      const name = documented.$ref.split('/').pop()!;
      where = pointer('components', 'responses', name);
      documented = (doc.components as { responses: Record<string, Json> }).responses[name];
    }

    const text = await response.clone().text();
    const content = (documented?.content as Record<string, { schema: Json }> | undefined)?.['application/json'];
    if (!documented || content) {
      if (!/^application\/json\b/.test(response.headers.get('content-type') ?? '')) {
        return `status ${response.status} should be JSON, content-type is ${response.headers.get('content-type')}`;
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return `status ${response.status} has a body that is not JSON: ${text.slice(0, 200)}`;
      }
      const validate = this.validator(id, documented ? `${where}/${pointer('content', 'application/json', 'schema')}` : where);
      if (!validate(body)) {
        const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
        return `the body does not match the ${response.status} response: ${errors.join('; ')}\nbody: ${text.slice(0, 1500)}`;
      }
    } else if (text !== '') {
      return `status ${response.status} is documented without a body, but one was sent: ${text.slice(0, 200)}`;
    }
    return null;
  }
}

const checkers = new Map<string, ResponseChecker>();

/** One checker per service name for the whole test process: documents and validators are compiled once. */
export function responseChecker(name = 'svc'): ResponseChecker {
  let checker = checkers.get(name);
  if (!checker) checkers.set(name, (checker = new ResponseChecker(name)));
  return checker;
}

export class OpenApiMismatch extends Error {
  override name = 'OpenApiMismatch';
}

/** Marks a `fetch` that checks its responses, so a service is never wrapped twice. */
export const CHECKED = Symbol('pressroom.openapi-checked');

/**
 * Makes `service.fetch` check each response against the OpenAPI documents; a mismatch rejects the
 * fetch with an `OpenApiMismatch` naming the request and what is wrong, which fails the test.
 */
export function checkResponses<S extends Pick<Service, 'fetch'>>(service: S, name = 'svc', options: { log?: boolean } = {}): S {
  if (CHECKED in service.fetch) return service;
  const checker = responseChecker(name);
  const fetch = service.fetch;
  const checked = async (request: Request, context?: FetchContext) => {
    const method = request.method;
    const url = request.url;
    const response = await fetch(request, context);
    const problem = await checker.problem(method, url, response);
    if (problem) {
      const error = new OpenApiMismatch(`OpenAPI check failed for ${method} ${new URL(url).pathname}${new URL(url).search}: ${problem}`);
      // also logged: behind an HTTP adapter the rejection reaches the client only as a 500
      if (options.log !== false) console.error(error.message);
      throw error;
    }
    return response;
  };
  service.fetch = Object.assign(checked, { [CHECKED]: true });
  return service;
}
