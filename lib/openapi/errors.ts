import type { RouteDef } from '../core/context';
import { type OperationSpec, pathParameters } from './spec';

const VALIDATED_QUERY = new Set(['limit', 'page', 'formats']);

/**
 * The error statuses a route can answer, from its shape: how it authenticates, what it reads from the
 * query, its body and its path parameters, plus what the operation adds. Every one carries the error
 * envelope; 500 is listed everywhere because a defect is always possible.
 */
export function errorStatuses(route: RouteDef, spec: OperationSpec): number[] {
  // 400: any request may be malformed (a NUL in its address, a query parameter given twice); 503: the
  // database may be out of reach for a while
  const statuses = new Set<number>([400, 500, 503, ...(spec.errors ?? [])]);
  const add = (...codes: number[]) => codes.forEach((code) => statuses.add(code));
  // a malformed token or a session request from the wrong origin is a 400 too; 403: not allowed
  if (route.auth === 'admin') add(401, 403);
  // 429: too many failed key attempts from one address
  if (route.auth === 'content') add(401, 429);
  const query = spec.query ?? [];
  // a write checks the output options (`formats`, …) before it runs, whatever the route reads
  if (route.method !== 'GET' || query.some((name) => VALIDATED_QUERY.has(name))) add(422);
  if (spec.body) add(413, 415, 422);
  const params = pathParameters(route.path);
  if (params.length) add(404);
  if (params.some((name) => name === 'id' || name === 'keyid')) add(422);
  return [...statuses].sort((a, b) => a - b);
}
