import { unauthorized } from '../http/errors';
import type { Actor, AppContext, Version } from '../http/context';
import { verifyAdminToken } from './admin-token';
import { readCookie } from '../http/cookies';
import { authenticateSession, sessionCookieName } from './session';

/** The scheme word clients send: the service's name with its first letter upper-cased. */
export function schemeWord(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** Authenticates an Admin API request: its Authorization header (an integration), else its session cookie (a user). */
export async function authenticateAdmin(request: Request, version: Version, app: AppContext): Promise<Actor> {
  const header = request.headers.get('authorization');
  if (header === null) {
    const session = readCookie(request, sessionCookieName(app.options.name));
    if (session !== null) return authenticateSession(request, session, app);
    throw unauthorized('Authorization failed: no credentials were sent.', {
      code: 'NO_CREDENTIALS',
      context: `Send an Authorization: ${schemeWord(app.options.name)} <token> header.`,
    });
  }
  const [scheme, token, ...extra] = header.trim().split(/\s+/);
  if (scheme.toLowerCase() !== app.options.name.toLowerCase() || !token || extra.length) {
    throw unauthorized(`Authorization header format is "Authorization: ${schemeWord(app.options.name)} [token]"`, {
      code: 'INVALID_AUTH_HEADER',
    });
  }
  const now = app.now();
  const key = await verifyAdminToken(token, version, {
    findApiKey: (id) => app.storage.integrations.findApiKey(id),
    tokens: app.storage.tokens,
    now,
    policy: app.options.auth,
  });
  return { kind: 'integration', integrationId: key.integration_id, apiKeyId: key.id };
}

