import { noContent, type Answer } from '../core/answer';
import type { RequestHead } from '../core/head';

/** The Content API is public data for browsers anywhere: every response allows any origin. */
export const CONTENT_CORS: Record<string, string> = { 'access-control-allow-origin': '*' };

const PREFLIGHT_MAX_AGE = '86400';

/** Answers a Content API preflight: GET and HEAD, with whatever headers the browser asks to send. */
export function contentPreflight(request: Pick<RequestHead, 'headers'>): Answer {
  const requested = request.headers.get('access-control-request-headers');
  return noContent({
    ...CONTENT_CORS,
    'access-control-allow-methods': 'GET, HEAD, OPTIONS',
    'access-control-allow-headers': requested && /^[\w\-, ]{1,1000}$/.test(requested) ? requested : 'Accept-Version, Content-Type',
    'access-control-max-age': PREFLIGHT_MAX_AGE,
  });
}
