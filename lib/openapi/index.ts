import type { Api, Version } from '../core/context';
import { resolveOptions, type ServiceOptions } from '../options';
import { routes } from '../resources';
import { buildDocument, type OpenApiDocument } from './document';

export type { OpenApiDocument } from './document';

/**
 * The OpenAPI 3.1 document of one API and version, as `GET /<name>/api/<version>/<api>/openapi.json`
 * serves it; `name`, `url` and `adminUrl` as given to `createService`.
 */
export function openApiDocument(api: Api, version: Version, options: Pick<ServiceOptions, 'name' | 'url' | 'adminUrl'> = {}): OpenApiDocument {
  const { name, adminUrl } = resolveOptions(options);
  return buildDocument(routes, api, version, { name, adminUrl });
}
