import { SignJWT } from 'jose';
import { createService, type Service, type ServiceOptions } from '../../lib';
import { createPgliteDriver } from '../../lib/storage/pglite/storage';
import { createSqlStorage } from '../../lib/storage/sql/sql-storage';
import type { SqlDriver } from '../../lib/storage/sql/driver';
import { checkResponses } from './openapi-check';

export const BASE = 'http://127.0.0.1:2368';

export interface TestSite {
  service: Service;
  driver: SqlDriver;
  adminKey: string;
  contentKey: string;
  integrationId: string;
  owner: Record<string, unknown>;
  /** An Admin API client signing a fresh token per request, as a careful integration would. */
  admin: Client;
  close(): Promise<void>;
}

export interface TokenOptions {
  version?: string;
  iat?: number;
  exp?: number | null;
  aud?: string;
  kid?: string | null;
  jti?: string | null;
  secret?: string;
}

function hexBytes(hex: string): Uint8Array {
  return new Uint8Array(hex.match(/../g)!.map((h) => parseInt(h, 16)));
}

/** A token made exactly as contract §5.2 describes. */
export async function adminToken(adminKey: string, options: TokenOptions = {}): Promise<string> {
  const [id, secret] = adminKey.split(':');
  const iat = options.iat ?? Math.floor(Date.now() / 1000);
  const header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' };
  if (options.kid !== null) header.kid = options.kid ?? id;
  const jwt = new SignJWT({})
    .setProtectedHeader(header as { alg: string })
    .setIssuedAt(iat)
    .setAudience(options.aud ?? `/${options.version ?? 'v3'}/admin/`);
  if (options.exp !== null) jwt.setExpirationTime(options.exp ?? iat + 300);
  if (options.jti !== null) jwt.setJti(options.jti ?? crypto.randomUUID());
  return jwt.sign(hexBytes(options.secret ?? secret));
}

export interface Client {
  request(method: string, path: string, init?: { body?: unknown; headers?: Record<string, string>; version?: string }): Promise<Response>;
  get(path: string, version?: string): Promise<Response>;
  post(path: string, body: unknown, version?: string): Promise<Response>;
  put(path: string, body: unknown, version?: string): Promise<Response>;
  del(path: string, version?: string): Promise<Response>;
}

/** `now` should be the service's clock, so tokens are issued at the time the service believes it is. */
export function adminClient(service: Service, adminKey: string, name = 'svc', now: () => Date = () => new Date()): Client {
  const request: Client['request'] = async (method, path, init = {}) => {
    const version = init.version ?? 'v3';
    const token = await adminToken(adminKey, { version, iat: Math.floor(now().getTime() / 1000) });
    const headers: Record<string, string> = { authorization: `${name[0].toUpperCase()}${name.slice(1)} ${token}`, ...init.headers };
    let body: string | undefined;
    if (init.body !== undefined) {
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    return service.fetch(new Request(`${BASE}/${name}/api/${version}/admin/${path}`, { method, headers, body }));
  };
  return {
    request,
    get: (path, version) => request('GET', path, { version }),
    post: (path, body, version) => request('POST', path, { body, version }),
    put: (path, body, version) => request('PUT', path, { body, version }),
    del: (path, version) => request('DELETE', path, { version }),
  };
}

export async function createTestSite(options: ServiceOptions = {}): Promise<TestSite> {
  const driver = await createPgliteDriver();
  const service = await createService({
    url: BASE,
    storage: createSqlStorage(driver),
    auth: { passwordIterations: 1000, ...options.auth },
    ...options,
  });
  // every response a test sees must match the OpenAPI documents (issue 9)
  checkResponses(service, options.name ?? 'svc');
  const { user } = await service.setup({ name: 'Ada Lovelace', email: 'ada@example.com', password: 'a-long-password-1', title: 'Test site' });
  const { id, adminKey, contentKey } = await service.createIntegration({ name: 'Tests' });
  return {
    service,
    driver,
    adminKey,
    contentKey,
    integrationId: id,
    owner: user,
    admin: adminClient(service, adminKey, options.name ?? 'svc', options.now),
    close: () => service.close(),
  };
}

const TABLES = [
  'posts',
  'tags',
  'users',
  'roles',
  'roles_users',
  'posts_tags',
  'posts_authors',
  'integrations',
  'api_keys',
  'settings',
  'webhooks',
  'webhook_events',
  'webhook_deliveries',
  'sessions',
  'themes',
];

/** Every row of every content table, to prove a rejected request changed nothing. */
export async function snapshot(driver: SqlDriver): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    out[table] = (await driver.query(`SELECT * FROM ${table} ORDER BY 1, 2`)).rows;
  }
  return out;
}

export async function body<T = any>(response: Response): Promise<T> {
  return (await response.json()) as T;
}
