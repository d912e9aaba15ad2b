import { normaliseOrigin } from '../auth/session-options';

const PREFLIGHT_MAX_AGE = '86400';
const ALLOWED_HEADERS = /^[\w-]+(\s*,\s*[\w-]+)*$/;

/** The request's Origin when it is one of the trusted admin origins, else null. */
function trustedOrigin(request: Request, trusted: readonly string[]): string | null {
  const raw = request.headers.get('origin');
  const origin = raw === null ? null : normaliseOrigin(raw.trim());
  return origin !== null && trusted.includes(origin) ? origin : null;
}

/**
 * Admin API CORS (reference-behaviour §5): a trusted admin origin may call with credentials, so a
 * browser client elsewhere can use the session cookie; any other origin gets no CORS headers at all.
 */
export function applyAdminCors(request: Request, response: Response, trusted: readonly string[]): void {
  const origin = trustedOrigin(request, trusted);
  if (!origin) return;
  response.headers.set('access-control-allow-origin', origin);
  response.headers.set('access-control-allow-credentials', 'true');
  response.headers.append('vary', 'Origin');
}

/** Answers an Admin API preflight; only a trusted origin is told it may go ahead. */
export function adminPreflight(request: Request, trusted: readonly string[]): Response {
  const origin = trustedOrigin(request, trusted);
  if (!origin) return new Response(null, { status: 204 });
  const requested = request.headers.get('access-control-request-headers');
  return new Response(null, {
    status: 204,
    headers: {
      'access-control-allow-origin': origin,
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'GET, HEAD, POST, PUT, DELETE, OPTIONS',
      'access-control-allow-headers':
        requested && requested.length <= 1000 && ALLOWED_HEADERS.test(requested.trim()) ? requested.trim() : 'Accept-Version, Authorization, Content-Type',
      'access-control-max-age': PREFLIGHT_MAX_AGE,
      vary: 'Origin, Access-Control-Request-Headers',
    },
  });
}
