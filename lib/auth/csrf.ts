import { badRequest } from '../core/errors';
import { normaliseOrigin } from './session-options';
import type { RequestHead } from '../core/head';

/**
 * Where a request says it comes from (contract §5.3): the Origin header, else the origin of the Referer.
 * `Origin: null` (sandboxed frames, some redirects) hides the real origin, so it is refused outright
 * rather than replaced by a Referer that could come from anywhere.
 */
export function requestOrigin(request: Pick<RequestHead, 'headers'>): string | null {
  const origin = request.headers.get('origin');
  if (origin !== null) return normaliseOrigin(origin.trim());
  const referer = request.headers.get('referer');
  return referer === null ? null : normaliseOrigin(referer.trim());
}

/**
 * CSRF check of a cookie-authenticated request: it must come from the origin that created the session.
 * **(ours)** A request with neither header is refused too (reference-behaviour §5).
 */
export function assertSessionOrigin(request: Pick<RequestHead, 'headers'>, sessionOrigin: string): void {
  if (requestOrigin(request) !== sessionOrigin) {
    throw badRequest('Request made from incorrect origin', {
      code: 'INCORRECT_ORIGIN',
      context: 'Cookie-authenticated requests must send the Origin (or Referer) of the page that signed in.',
    });
  }
}
