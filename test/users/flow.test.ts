import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '../../lib';
import { routes } from '../../lib/resources';
import { createPgliteDriver } from '../../lib/storage/pglite/storage';
import { createSqlStorage } from '../../lib/storage/sql/sql-storage';
import type { SqlDriver } from '../../lib/storage/sql/driver';
import { adminClient, BASE, body, snapshot, type Client } from '../helpers/service';
import { checkResponses } from '../helpers/openapi-check';
import { adminUrl, manualClock, ORIGIN, sessionClient, type SessionClient } from './helpers';

/**
 * A browser-like run through service.fetch: first-run setup, sign-in with a cookie, staff of every
 * role, each trying every Admin endpoint, then signing out.
 */
type Who = 'Owner' | 'Administrator' | 'Editor' | 'Author' | 'Contributor' | 'integration';
const STAFF = ['Administrator', 'Editor', 'Author', 'Contributor'] as const;

const EVERY_STAFF: Who[] = ['Owner', 'Administrator', 'Editor', 'Author', 'Contributor'];
const ADMINS: Who[] = ['Owner', 'Administrator'];
const content = (extra: Who[] = []) => [...EVERY_STAFF, ...extra];

/**
 * Who passes the route-level check of each `resource.action` (reference-behaviour §3 and §5). Record
 * rules (own posts, lower roles) are tested separately. A route whose permission is missing here
 * fails the test: every new endpoint must state who may use it.
 */
const EXPECTED: Record<string, Who[]> = {
  'posts.browse': content(['integration']),
  'posts.read': content(['integration']),
  'posts.add': content(['integration']),
  'posts.edit': content(['integration']),
  'posts.destroy': content(['integration']),
  'pages.browse': content(['integration']),
  'pages.read': content(['integration']),
  'pages.add': content(['integration']),
  'pages.edit': content(['integration']),
  'pages.destroy': content(['integration']),
  'tags.browse': content(['integration']),
  'tags.read': content(['integration']),
  'tags.add': [...ADMINS, 'Editor', 'Author', 'integration'],
  'tags.edit': [...ADMINS, 'Editor', 'integration'],
  'tags.destroy': [...ADMINS, 'Editor', 'integration'],
  'users.browse': content(['integration']),
  'users.read': content(['integration']),
  'users.edit': content(),
  'users.add': [...ADMINS, 'Editor'],
  'users.destroy': [...ADMINS, 'Editor'],
  'roles.browse': content(),
  'settings.browse': content(),
  'settings.edit': ADMINS,
  'images.upload': content(['integration']),
  'themes.browse': [...ADMINS, 'Editor'],
  'themes.upload': [...ADMINS, 'integration'],
  'themes.activate': [...ADMINS, 'integration'],
  'themes.destroy': ADMINS,
  // Ghost-format export and import (issue 26): sessions of the Owner and Administrators only
  'db.exportContent': ADMINS,
  'db.importContent': ADMINS,
  'webhooks.add': [...ADMINS, 'integration'],
  'webhooks.edit': [...ADMINS, 'integration'],
  'webhooks.destroy': [...ADMINS, 'integration'],
  'integrations.browse': ADMINS,
  'integrations.read': ADMINS,
  'integrations.add': ADMINS,
  'integrations.edit': ADMINS,
  'integrations.destroy': ADMINS,
  // the activity log (issue 35): Owner, Administrators and integrations
  'actions.browse': [...ADMINS, 'integration'],
};

const UNKNOWN_ID = '5f00000000000000000000ff';

let driver: SqlDriver;
let service: Service;
const clock = manualClock();
const clients = {} as Record<Exclude<Who, 'integration'>, SessionClient>;
let integration: Client;
const ids = {} as Record<Exclude<Who, 'integration'>, string>;

beforeAll(async () => {
  driver = await createPgliteDriver();
  service = checkResponses(await createService({ url: BASE, storage: createSqlStorage(driver), now: clock.now, auth: { passwordIterations: 1000 } }));
});
afterAll(() => service.close());

async function fetchJson(method: string, path: string, payload?: unknown): Promise<Response> {
  return service.fetch(
    new Request(adminUrl(path), {
      method,
      headers: payload === undefined ? {} : { 'content-type': 'application/json' },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    }),
  );
}

describe('first run', () => {
  it('setup is not done on a fresh site', async () => {
    const res = await fetchJson('GET', 'authentication/setup/');
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual({ setup: [{ status: false }] });
  });

  it('refuses an insecure Owner password and creates nothing', async () => {
    const before = await snapshot(driver);
    const res = await fetchJson('POST', 'authentication/setup/', {
      setup: [{ name: 'Olive Owner', email: 'olive@example.com', password: 'short', blogTitle: 'Press' }],
    });
    expect(res.status).toBe(422);
    expect((await body(res)).errors[0].property).toBe('password');
    expect(await snapshot(driver)).toEqual(before);
  });

  it('creates the Owner and names the site', async () => {
    const res = await fetchJson('POST', 'authentication/setup/', {
      setup: [{ name: 'Olive Owner', email: 'olive@example.com', password: 'olive-owner-password', blogTitle: 'The Press' }],
    });
    expect(res.status).toBe(201);
    const user = (await body(res)).users[0];
    expect(user).toMatchObject({ name: 'Olive Owner', email: 'olive@example.com', roles: [{ name: 'Owner' }] });
    ids.Owner = user.id;
    expect((await body(await fetchJson('GET', 'site/'))).site.title).toBe('The Press');
    expect(await body(await fetchJson('GET', 'authentication/setup/'))).toEqual({ setup: [{ status: true }] });
  });

  it('refuses setup once it is done', async () => {
    const before = await snapshot(driver);
    const res = await fetchJson('POST', 'authentication/setup/', {
      setup: [{ name: 'Mallory', email: 'mallory@example.com', password: 'mallory-password-1' }],
    });
    expect(res.status).toBe(403);
    expect(await snapshot(driver)).toEqual(before);
  });
});

describe('signing in and creating staff', () => {
  it('the Owner signs in with a cookie', async () => {
    clients.Owner = sessionClient(service);
    expect((await clients.Owner.login('olive@example.com', 'olive-owner-password')).status).toBe(201);
    expect((await body(await clients.Owner.get('users/me/'))).users[0].id).toBe(ids.Owner);
  });

  it('the Owner creates a user of each role, who can then sign in', async () => {
    for (const role of STAFF) {
      const email = `${role.toLowerCase()}@example.com`;
      const res = await clients.Owner.post('users/', {
        users: [{ name: `${role} Person`, email, password: `${role.slice(0, 3)}-secret-words-9`, roles: [role] }],
      });
      expect(res.status).toBe(201);
      const user = (await body(res)).users[0];
      expect(user.roles.map((r: { name: string }) => r.name)).toEqual([role]);
      expect(res.headers.get('location')).toBe(adminUrl(`users/${user.id}/`));
      ids[role] = user.id;
      clients[role] = sessionClient(service, { address: `192.0.2.${STAFF.indexOf(role) + 20}` });
      expect((await clients[role].login(email, `${role.slice(0, 3)}-secret-words-9`)).status).toBe(201);
      const me = (await body(await clients[role].get('users/me/'))).users[0];
      expect(me).toMatchObject({ id: user.id, roles: [{ name: role }] });
    }
  });

  it('the Owner creates an integration; its keys work', async () => {
    const res = await clients.Owner.post('integrations/', { integrations: [{ name: 'Matrix' }] });
    expect(res.status).toBe(201);
    const created = (await body(res)).integrations[0];
    const admin = created.api_keys.find((k: { type: string }) => k.type === 'admin');
    integration = adminClient(service, `${admin.id}:${admin.secret}`);
    expect((await integration.get('posts/')).status).toBe(200);
  });
});

describe('every Admin endpoint, for every role', () => {
  const adminRoutes = routes.filter((r) => r.api === 'admin' && r.auth === 'admin' && r.permission && r.permission.resource !== 'session');

  it('every endpoint states who may use it', () => {
    const missing = adminRoutes.map((r) => `${r.permission!.resource}.${r.permission!.action}`).filter((key) => !(key in EXPECTED));
    expect(missing).toEqual([]);
  });

  function pathOf(path: string): string {
    return path
      .replace(/:(id|keyid)\b/g, UNKNOWN_ID)
      .replace(':slug', 'no-such-slug')
      .replace(/:[a-z_]+/g, 'no-such-thing');
  }

  async function send(who: Who, method: string, path: string, version: string): Promise<Response> {
    const init = { body: method === 'POST' || method === 'PUT' ? {} : undefined, version };
    if (who === 'integration') return integration.request(method, path, init);
    return clients[who].request(method, path, init);
  }

  for (const who of [...EVERY_STAFF, 'integration'] as Who[]) {
    it(`${who}: exactly its permissions, and denied requests change nothing`, async () => {
      const before = await snapshot(driver);
      const outcomes: string[] = [];
      const expected: string[] = [];
      for (const route of adminRoutes) {
        const key = `${route.permission!.resource}.${route.permission!.action}`;
        const version = route.versions?.includes('v3') === false ? route.versions[0] : 'v3';
        const res = await send(who, route.method, pathOf(route.path), version);
        const label = `${route.method} ${route.path}`;
        expect(res.status, label).toBeLessThan(500);
        outcomes.push(`${label} → ${res.status === 403 ? 'denied' : res.status === 401 ? 'unauthenticated' : 'allowed'}`);
        // `me` exists only for users: an integration passes users.read but has no “me”
        const allowed = EXPECTED[key]?.includes(who) && !(label === 'GET users/me/' && who === 'integration');
        expected.push(`${label} → ${allowed ? 'allowed' : 'denied'}`);
        if (res.status === 403) expect((await body(res)).errors[0].type).toBe('NoPermissionError');
      }
      expect(outcomes).toEqual(expected);
      const after = await snapshot(driver);
      expect({ ...after, sessions: null }).toEqual({ ...before, sessions: null });
    });
  }

  it('roles/?permissions=assign lists what each role may give', async () => {
    const names = async (who: Exclude<Who, 'integration'>) =>
      (await body(await clients[who].get('roles/?permissions=assign'))).roles.map((r: { name: string }) => r.name).sort();
    expect(await names('Owner')).toEqual(['Administrator', 'Author', 'Contributor', 'Editor']);
    expect(await names('Administrator')).toEqual(['Administrator', 'Author', 'Contributor', 'Editor']);
    expect(await names('Editor')).toEqual(['Author', 'Contributor']);
    expect(await names('Author')).toEqual([]);
    expect((await body(await clients.Contributor.get('roles/'))).roles).toHaveLength(5);
  });
});

describe('signing out', () => {
  it('each user signs out; the old cookie is dead server-side', async () => {
    for (const who of EVERY_STAFF as Exclude<Who, 'integration'>[]) {
      const client = clients[who];
      const cookie = client.cookie!;
      expect((await client.del('session/')).status).toBe(204);
      expect(client.cookie).toBeNull();
      const replay = await service.fetch(new Request(adminUrl('users/me/'), { headers: { cookie, origin: ORIGIN } }));
      expect(replay.status).toBe(401);
      expect((await body(replay)).errors[0].code).toBe('INVALID_SESSION');
    }
    const { rows } = await driver.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions');
    expect(rows[0].n).toBe(0);
  });
});
