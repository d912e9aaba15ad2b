import { noContent, withHeaders, type Answer } from '../core/answer';
import type { RequestHead } from '../core/head';
import { normaliseOrigin } from '../auth/session-options';
import { varyWith } from './v5-roots';

const PREFLIGHT_MAX_AGE = '86400';
const ALLOWED_HEADERS = /^[\w-]+(\s*,\s*[\w-]+)*$/;

/** The request's Origin when it is one of the trusted admin origins, else null. */
function trustedOrigin(request: Pick<RequestHead, 'headers'>, trusted: readonly string[]): string | null {
  const raw = request.headers.get('origin');
  const origin = raw === null ? null : normaliseOrigin(raw.trim());
  return origin !== null && trusted.includes(origin) ? origin : null;
}

/**
 * Admin API CORS (reference-behaviour §5): a trusted admin origin may call with credentials, so a
 * browser client elsewhere can use the session cookie; any other origin gets no CORS headers at all.
 */
export function withAdminCors(request: Pick<RequestHead, 'headers'>, answer: Answer, trusted: readonly string[]): Answer {
  const origin = trustedOrigin(request, trusted);
  if (!origin) return answer;
  return withHeaders(answer, {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    vary: varyWith(answer.headers.vary, 'Origin'),
  });
}

/** Answers an Admin API preflight; only a trusted origin is told it may go ahead. */
export function adminPreflight(request: Pick<RequestHead, 'headers'>, trusted: readonly string[]): Answer {
  const origin = trustedOrigin(request, trusted);
  if (!origin) return noContent();
  const requested = request.headers.get('access-control-request-headers');
  return noContent({
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    'access-control-allow-methods': 'GET, HEAD, POST, PUT, DELETE, OPTIONS',
    'access-control-allow-headers':
      requested && requested.length <= 1000 && ALLOWED_HEADERS.test(requested.trim()) ? requested.trim() : 'Accept-Version, Authorization, Content-Type',
    'access-control-max-age': PREFLIGHT_MAX_AGE,
    vary: 'Origin, Access-Control-Request-Headers',
  });
}
