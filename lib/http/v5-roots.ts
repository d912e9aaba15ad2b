// What the unversioned roots (`/<name>/api/admin/`, `/<name>/api/content/`, where v5 is served) do beside
// their routes, as the reference does (reference-behaviour §13): every answer names the version it
// follows (added with the other per-request headers, lib/http/answer-headers.ts), and `Accept-Version`
// is read only where no route serves the address.
import { ApiError, badRequest } from '../core/errors';
import type { RequestHead } from '../core/head';

/** The reference's version whose shapes the unversioned roots follow (Ghost 5.130). */
export const CONTENT_VERSION = 'v5.130';
const CURRENT_MAJOR = 5;
/** What the reference takes for a version in `Accept-Version`: `v5`, `v5.0`, `v5.130.6`. */
const VERSION = /^v(\d{1,6})(?:\.\d{1,6}){0,2}$/;

/** `vary` with `field` added, unless it names it already (in any case). */
export function varyWith(vary: string | undefined, field: string): string {
  if (!vary) return field;
  const wanted = field.toLowerCase();
  return vary.split(',').some((name) => name.trim().toLowerCase() === wanted) ? vary : `${vary}, ${field}`;
}

/**
 * Where no route serves an address under an unversioned root: the error its `Accept-Version` calls for
 * (a version other than the current major → 406, a value that is no version → 400), or null when it
 * sent none or asks for v5, and the address is simply not found.
 */
export function acceptVersionProblem(head: Pick<RequestHead, 'headers'>): ApiError | null {
  const asked = head.headers.get('accept-version');
  if (asked === null) return null;
  const shown = asked.length > 20 ? `${asked.slice(0, 20)}…` : asked;
  const match = VERSION.exec(asked.trim());
  if (!match) {
    return badRequest(`Accept-Version ${JSON.stringify(shown)} is not a version: send one such as v5.0.`, { code: 'INVALID_ACCEPT_VERSION' });
  }
  if (Number(match[1]) === CURRENT_MAJOR) return null;
  return new ApiError('RequestNotAcceptableError', `Accept-Version ${JSON.stringify(shown)} is not served at this address, which serves ${CONTENT_VERSION}.`, {
    code: 'UPDATE_CLIENT',
    context: 'v3 clients call the /v3/ addresses; v5 clients the unversioned ones.',
  });
}
