import { unauthorized } from '../core/errors';
import type { Actor, AppContext, Version } from '../core/context';
import { AdminKeys, verifyAdminToken } from './admin-token';
import { readCookie } from './cookies';
import { schemeWord } from '../util/scheme-word';
import { authenticateSession, sessionCookieName } from './session';
import type { RequestHead } from '../core/head';

const adminKeys = new WeakMap<AppContext, AdminKeys>();

/** The service's cache of Admin API keys (see {@link AdminKeys}). */
export function adminKeysOf(app: AppContext): AdminKeys {
  let keys = adminKeys.get(app);
  if (!keys) adminKeys.set(app, (keys = new AdminKeys()));
  return keys;
}

/** Authenticates an Admin API request: its Authorization header (an integration), else its session cookie (a user). */
export async function authenticateAdmin(request: Pick<RequestHead, 'headers'>, version: Version, app: AppContext): Promise<Actor> {
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
    findApiKey: (id) => adminKeysOf(app).find(id, now, (keyId) => app.storage.integrations.findApiKey(keyId)),
    tokens: app.storage.tokens,
    now,
    policy: app.options.auth,
  });
  return { kind: 'integration', integrationId: key.integration_id, apiKeyId: key.id };
}
