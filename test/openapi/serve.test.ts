// GET …/openapi.json on both APIs and versions: public, cached, the same document openApiDocument() builds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../lib';
import { BASE, body, createTestSite, type TestSite } from '../helpers/service';

let site: TestSite;
beforeAll(async () => {
  site = await createTestSite();
});
afterAll(() => site.close());

const get = (path: string, init: RequestInit = {}) => site.service.fetch(new Request(`${BASE}/svc/api/${path}`, init));

describe('GET openapi.json', () => {
  it.each([
    ['admin', 'v2'],
    ['admin', 'v3'],
    ['content', 'v2'],
    ['content', 'v3'],
  ] as const)('serves the %s %s document without credentials', async (api, version) => {
    const res = await get(`${version}/${api}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const doc = await body(res);
    expect(doc).toEqual(JSON.parse(JSON.stringify(openApiDocument(api, version, { url: BASE }))));
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.servers).toEqual([{ url: `${BASE}/svc/api/${version}/${api}` }]);
  });

  it('answers with the same bytes every time (built once per service)', async () => {
    const first = await (await get('v3/admin/openapi.json')).text();
    const second = await (await get('v3/admin/openapi.json')).text();
    expect(second).toBe(first);
  });

  it('does not redirect to a trailing slash, answers HEAD, and refuses other methods', async () => {
    const head = await get('v3/content/openapi.json', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await get('v3/admin/openapi.json', { method: 'POST' });
    expect(post.status).toBe(405);
    expect((await body(post)).errors[0].type).toBe('MethodNotAllowedError');
    // the collections keep their redirect
    expect((await get('v3/admin/site')).status).toBe(301);
  });

  it('is a Content API response like any other: CORS, ETag and 304', async () => {
    const res = await get('v3/content/openapi.json');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await get('v3/content/openapi.json', { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });

  it('ignores credentials, even wrong ones: the document reveals no data', async () => {
    expect((await get('v3/content/openapi.json?key=0123')).status).toBe(200);
    expect((await get('v3/admin/openapi.json', { headers: { authorization: 'Svc not-a-token' } })).status).toBe(200);
  });

  it('an unknown version is still a 404', async () => {
    // at once, without a redirect to a trailing slash first, saying which versions are served
    const res = await get('v9/admin/openapi.json');
    expect(res.status).toBe(404);
    expect((await res.json()).errors[0].message).toMatch(/"v9" is not served: v5 clients .* call \/svc\/api\/admin\/, .*v3 clients/);
  });

  it('the unversioned roots serve theirs, naming themselves as the server', async () => {
    for (const api of ['admin', 'content']) {
      const res = await get(`${api}/openapi.json`);
      expect(res.status).toBe(200);
      expect((await res.json()).servers[0].url).toMatch(new RegExp(`/svc/api/${api}$`));
    }
  });
});

describe('a service with another name and admin URL', () => {
  let named: TestSite;
  beforeAll(async () => {
    named = await createTestSite({ name: 'ghost', adminUrl: 'https://admin.example.com' });
  });
  afterAll(() => named.close());

  it('describes its own prefix, servers, token scheme and cookie', async () => {
    const doc = await body(await named.service.fetch(new Request(`${BASE}/ghost/api/v3/admin/openapi.json`)));
    expect(doc.servers).toEqual([{ url: 'https://admin.example.com/ghost/api/v3/admin' }]);
    expect(doc.components.securitySchemes.session.name).toBe('ghost-admin-api-session');
    expect(doc.components.securitySchemes.adminToken.description).toMatch(/^`Ghost <jwt>`/);
  });
});
