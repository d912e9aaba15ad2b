import { BASE } from '../helpers/service';
import type { Service } from '../../lib';

export const ORIGIN = 'https://admin.example.com';
export const OWNER = { email: 'ada@example.com', password: 'a-long-password-1' };

export interface SessionClient {
  /** `name=value` of the session cookie, or null before signing in / after signing out. */
  cookie: string | null;
  login(email: string, password: string, headers?: Record<string, string>): Promise<Response>;
  request(
    method: string,
    path: string,
    init?: { body?: unknown; headers?: Record<string, string>; version?: string; origin?: string | null },
  ): Promise<Response>;
  get(path: string): Promise<Response>;
  post(path: string, body: unknown): Promise<Response>;
  put(path: string, body: unknown): Promise<Response>;
  del(path: string): Promise<Response>;
}

/** `v5`: the unversioned root, where the reference serves v5 since 5.0. */
export function adminUrl(path: string, version = 'v3', name = 'svc'): string {
  return `${BASE}/${name}/api/${version === 'v5' ? '' : `${version}/`}admin/${path}`;
}

/** The session cookie's `name=value` from a Set-Cookie header. */
export function cookieOf(response: Response): string | null {
  const header = response.headers.get('set-cookie');
  return header ? header.split(';')[0] : null;
}

/**
 * A browser-like client: remembers the session cookie the service sets and sends it with the
 * page's Origin, as `fetch(…, {credentials: 'include'})` would.
 */
export function sessionClient(service: Service, options: { origin?: string; address?: string; name?: string } = {}): SessionClient {
  const origin = options.origin ?? ORIGIN;
  const address = options.address ?? '192.0.2.10';
  const name = options.name ?? 'svc';
  const client: SessionClient = {
    cookie: null,
    async login(email, password, headers = {}) {
      const response = await service.fetch(
        new Request(adminUrl('session/', 'v3', name), {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin, ...headers },
          body: JSON.stringify({ username: email, password }),
        }),
        { clientAddress: address },
      );
      if (response.status === 201) client.cookie = cookieOf(response);
      return response;
    },
    async request(method, path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      const sentOrigin = init.origin === undefined ? origin : init.origin;
      if (sentOrigin !== null) headers.origin = sentOrigin;
      if (client.cookie) headers.cookie = client.cookie;
      let body: string | undefined;
      if (init.body !== undefined) {
        body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await service.fetch(new Request(adminUrl(path, init.version, name), { method, headers, body }), { clientAddress: address });
      const set = response.headers.get('set-cookie');
      if (set && /Expires=Thu, 01 Jan 1970/.test(set)) client.cookie = null;
      else if (set) client.cookie = cookieOf(response);
      return response;
    },
    get: (path) => client.request('GET', path),
    post: (path, body) => client.request('POST', path, { body }),
    put: (path, body) => client.request('PUT', path, { body }),
    del: (path) => client.request('DELETE', path),
  };
  return client;
}

/** A clock tests move by hand; it starts at the real time so integration tokens stay valid until moved. */
export function manualClock() {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms: number) {
      offset += ms;
    },
  };
}
