import type { z } from 'zod';
import type { RouteDef, Version } from '../core/context';

/** Query parameters the service understands, described once in `parameters.ts`. */
export type QueryName = 'include' | 'fields' | 'formats' | 'filter' | 'limit' | 'page' | 'order' | 'search' | 'source' | 'permissions' | 'save_revision';

export type RequestBody =
  /** A JSON body; `schema` is the whole body, envelope included. */
  | { type: 'json'; schema: z.ZodType; description?: string }
  /** A `multipart/form-data` body; `schema` is an object of its parts (files as `z.file()`). */
  | { type: 'multipart'; schema: z.ZodType; description?: string };

export type ResponseHeader = 'location' | 'set-cookie' | 'x-cache-invalidate' | 'cache-tag' | 'surrogate-key' | 'x-cache';

export interface SuccessResponse {
  description: string;
  /** The JSON body; absent for responses without a body (201 of a session, 204s). */
  schema?: z.ZodType;
  headers?: ResponseHeader[];
}

/** What the OpenAPI document says about one route in one version. */
export interface OperationSpec {
  operationId: string;
  summary: string;
  description?: string;
  query?: QueryName[];
  /** The values `include` accepts here. */
  includes?: string[];
  body?: RequestBody;
  responses: Record<number, SuccessResponse>;
  /** Error statuses beyond those the route's shape implies (see `errors.ts`). */
  errors?: number[];
}

export type OperationSource = (version: Version) => OperationSpec;

/** Operations by `operationKey`; every route of `lib/resources` must have one (a test checks). */
export type OperationTable = Record<string, OperationSource>;

export function operationKey(route: Pick<RouteDef, 'api' | 'method' | 'path'>): string {
  return `${route.api} ${route.method} ${route.path}`;
}

/** `posts/:id/` → `/posts/{id}/`. */
export function openApiPath(path: string): string {
  return `/${path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}')}`;
}

/** The names of a route path's parameters, in order. */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
}
