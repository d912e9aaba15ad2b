// An address naming a version this server does not speak is a 404 that says where v5 and v3 clients
// are served; the unversioned roots answer (test/api/v5-roots.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, BASE, body, createTestSite, type TestSite } from '../helpers/service';

let site: TestSite;

beforeAll(async () => {
  site = await createTestSite();
});
afterAll(() => site.close());

async function expectVersionAdvice(response: Response, said: RegExp, api: 'admin' | 'content') {
  expect(response.status).toBe(404);
  const error = (await body(response)).errors[0];
  expect(error.type).toBe('NotFoundError');
  expect(error.code).toBe('UNSUPPORTED_VERSION');
  expect(error.message).toContain(`v5 clients (the reference's SDKs from 5.0) call /svc/api/${api}/`);
  expect(error.message).toContain(`v3 clients set \`version: 'v3.0'\`, which calls /svc/api/v3/${api}/`);
  expect(error.message).toMatch(said);
}

describe('unserved API versions', () => {
  it('the unversioned roots the reference’s 5.x SDKs call are served', async () => {
    const token = await adminToken(site.adminKey, { aud: '/admin/' });
    const admin = await site.service.fetch(
      new Request(`${BASE}/svc/api/admin/posts/`, { headers: { authorization: `Svc ${token}`, 'accept-version': 'v5.0' } }),
    );
    expect(admin.status).toBe(200);
    const content = await site.service.fetch(new Request(`${BASE}/svc/api/content/posts/?key=${site.contentKey}`, { headers: { 'accept-version': 'v5.0' } }));
    expect(content.status).toBe(200);
    expect(content.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('unserved versions answer 404 naming where v5 and v3 clients are served', async () => {
    for (const version of ['v4', 'v5', 'v5.0', 'canary', 'v1', 'v3.0']) {
      for (const api of ['admin', 'content'] as const) {
        const response = await site.service.fetch(new Request(`${BASE}/svc/api/${version}/${api}/posts/?key=${site.contentKey}`));
        await expectVersionAdvice(response, new RegExp(`API version "${version.replace('.', '\\.')}" is not served`), api);
      }
    }
    // a POST as well, before any body is read
    const post = await site.service.fetch(new Request(`${BASE}/svc/api/v4/admin/posts/`, { method: 'POST', body: '{' }));
    await expectVersionAdvice(post, /"v4"/, 'admin');
  });

  it('a browser’s preflight to the Content API passes, so the 404 after it can be read', async () => {
    const preflight = await site.service.fetch(
      new Request(`${BASE}/svc/api/v4/content/posts/`, {
        method: 'OPTIONS',
        headers: { origin: 'https://reader.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'accept-version' },
      }),
    );
    expect(preflight.status).toBeLessThan(300);
  });

  it('served versions and other addresses are unchanged', async () => {
    expect((await site.service.fetch(new Request(`${BASE}/svc/api/v2/content/posts/?key=${site.contentKey}`))).status).toBe(200);
    expect((await site.admin.get('posts/')).status).toBe(200);
    const unknown = await site.service.fetch(new Request(`${BASE}/svc/api/v3/admin/nothing-here/`));
    expect(unknown.status).toBe(404);
    expect((await body(unknown)).errors[0].message).toBe('Resource not found.');
  });
});
