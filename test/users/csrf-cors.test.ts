import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestSite, snapshot, type TestSite } from '../helpers/service';
import { adminUrl, ORIGIN, OWNER, sessionClient, type SessionClient } from './helpers';

const TRUSTED = 'https://editor.example.org';
let site: TestSite;
let client: SessionClient;

beforeAll(async () => {
  site = await createTestSite({ adminUrl: 'https://admin.example.com', auth: { trustedOrigins: [`${TRUSTED}/`] } });
  client = sessionClient(site.service, { origin: ORIGIN });
  expect((await client.login(OWNER.email, OWNER.password)).status).toBe(201);
});
afterAll(() => site.close());

async function expectIncorrectOrigin(res: Response) {
  expect(res.status).toBe(400);
  const error = (await body(res)).errors[0];
  expect(error).toMatchObject({ message: 'Request made from incorrect origin', type: 'BadRequestError' });
}

describe('CSRF: every cookie request must come from the session’s origin', () => {
  it('the same origin works', async () => {
    expect((await client.get('users/me/')).status).toBe(200);
  });

  it('the cookie is Secure when the admin URL is https', () => {
    // the login response is gone; sign in again to look at the header
    return client.login(OWNER.email, OWNER.password).then((res) => expect(res.headers.get('set-cookie')).toMatch(/; Secure$/));
  });

  it('missing origin (neither Origin nor Referer) → 400', async () => {
    await expectIncorrectOrigin(await client.request('GET', 'users/me/', { origin: null }));
  });

  it('another origin → 400, for reads and writes alike, and nothing changes', async () => {
    const before = await snapshot(site.driver);
    await expectIncorrectOrigin(await client.request('GET', 'users/me/', { origin: 'https://evil.example' }));
    await expectIncorrectOrigin(await client.request('POST', 'tags/', { origin: 'https://evil.example', body: { tags: [{ name: 'csrf' }] } }));
    await expectIncorrectOrigin(await client.request('DELETE', 'session/', { origin: 'https://evil.example' }));
    // same host, other scheme or port is another origin
    await expectIncorrectOrigin(await client.request('GET', 'users/me/', { origin: 'http://admin.example.com' }));
    await expectIncorrectOrigin(await client.request('GET', 'users/me/', { origin: 'https://admin.example.com:8443' }));
    // a trusted origin is still not the session's origin
    await expectIncorrectOrigin(await client.request('GET', 'users/me/', { origin: TRUSTED }));
    expect(await snapshot(site.driver)).toEqual(before);
    expect((await client.get('users/me/')).status).toBe(200);
  });

  it('Origin: null → 400, even with a matching Referer', async () => {
    await expectIncorrectOrigin(await client.request('GET', 'users/me/', { origin: 'null' }));
    await expectIncorrectOrigin(await client.request('GET', 'users/me/', { origin: 'null', headers: { referer: `${ORIGIN}/ghost/` } }));
  });

  it('Referer only: its origin is used', async () => {
    expect((await client.request('GET', 'users/me/', { origin: null, headers: { referer: `${ORIGIN}/admin/#/posts?x=1` } })).status).toBe(200);
    await expectIncorrectOrigin(await client.request('GET', 'users/me/', { origin: null, headers: { referer: 'https://evil.example/admin.example.com' } }));
    await expectIncorrectOrigin(await client.request('GET', 'users/me/', { origin: null, headers: { referer: 'not a url' } }));
  });

  it('a session created with a Referer only checks later requests against that origin', async () => {
    const other = sessionClient(site.service, { origin: 'https://tools.example.net' });
    const res = await site.service.fetch(
      new Request(adminUrl('session/'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', referer: 'https://tools.example.net/login' },
        body: JSON.stringify({ username: OWNER.email, password: OWNER.password }),
      }),
    );
    expect(res.status).toBe(201);
    other.cookie = res.headers.get('set-cookie')!.split(';')[0];
    expect((await other.get('users/me/')).status).toBe(200);
    await expectIncorrectOrigin(await other.request('GET', 'users/me/', { origin: ORIGIN }));
  });

  it('integration tokens are not subject to the origin check', async () => {
    expect((await site.admin.request('GET', 'posts/', { headers: { origin: 'https://anywhere.example' } })).status).toBe(200);
  });
});

describe('Admin API CORS', () => {
  const preflight = (origin: string | null, path = 'posts/') =>
    site.service.fetch(
      new Request(adminUrl(path), {
        method: 'OPTIONS',
        headers: {
          ...(origin ? { origin } : {}),
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'content-type, x-requested-with',
        },
      }),
    );

  it('answers a trusted origin’s preflight with credentials allowed', async () => {
    for (const origin of [ORIGIN, TRUSTED]) {
      const res = await preflight(origin);
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('access-control-allow-credentials')).toBe('true');
      expect(res.headers.get('access-control-allow-methods')).toContain('PUT');
      expect(res.headers.get('access-control-allow-headers')).toBe('content-type, x-requested-with');
      expect(res.headers.get('vary')).toContain('Origin');
    }
  });

  it('gives another origin’s preflight no CORS headers', async () => {
    const res = await preflight('https://evil.example');
    expect(res.status).toBe(204);
    for (const [name] of res.headers) expect(name.startsWith('access-control-')).toBe(false);
  });

  it('a preflight to an unknown admin path is 404', async () => {
    expect((await preflight(ORIGIN, 'nothing-here/')).status).toBe(404);
  });

  it('adds CORS headers to a trusted origin’s responses, errors included', async () => {
    const ok = await client.get('users/me/');
    expect(ok.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(ok.headers.get('access-control-allow-credentials')).toBe('true');
    expect(ok.headers.get('vary')).toContain('Origin');
    const denied = await site.service.fetch(new Request(adminUrl('posts/'), { headers: { origin: TRUSTED } }));
    expect(denied.status).toBe(401);
    expect(denied.headers.get('access-control-allow-origin')).toBe(TRUSTED);
  });

  it('adds none for an untrusted origin or a request without one', async () => {
    const evil = await site.service.fetch(new Request(adminUrl('site/'), { headers: { origin: 'https://evil.example' } }));
    expect(evil.status).toBe(200);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    expect(evil.headers.get('access-control-allow-credentials')).toBeNull();
    const none = await site.service.fetch(new Request(adminUrl('site/')));
    expect(none.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('leaves the Content API’s own CORS alone', async () => {
    const res = await site.service.fetch(
      new Request(`${adminUrl('posts/').replace('/admin/', '/content/')}?key=${site.contentKey}`, { headers: { origin: ORIGIN } }),
    );
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });
});
