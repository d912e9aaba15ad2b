// The unversioned roots `/<name>/api/admin/` and `/<name>/api/content/`, where v5 is served, with the
// reference's observed rules (reference-behaviour §13): `Content-Version` and `Vary: Accept-Version` on
// every answer, `Accept-Version` read only where no route serves the address, and `aud` `/admin/`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, BASE, body, createTestSite, type TestSite } from '../helpers/service';

let site: TestSite;

beforeAll(async () => {
  site = await createTestSite({ auth: { trustedOrigins: ['https://editor.example'] } });
});
afterAll(() => site.close());

/** A request to the unversioned Admin API root, signed for `aud` (the reference's SDKs from 5.0 sign `/admin/`). */
async function admin(method: string, path: string, init: { body?: unknown; headers?: Record<string, string>; aud?: string } = {}) {
  const token = await adminToken(site.adminKey, { aud: init.aud ?? '/admin/' });
  const headers: Record<string, string> = { authorization: `Svc ${token}`, ...init.headers };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const payload = init.body === undefined ? undefined : JSON.stringify(init.body);
  return site.service.fetch(new Request(`${BASE}/svc/api/admin/${path}`, { method, headers, body: payload }));
}

const content = (path: string, headers: Record<string, string> = {}) =>
  site.service.fetch(new Request(`${BASE}/svc/api/content/${path}${path.includes('?') ? '&' : '?'}key=${site.contentKey}`, { headers }));

function expectV5Headers(response: Response) {
  expect(response.headers.get('content-version')).toBe('v5.130');
  expect(response.headers.get('vary')?.split(/,\s*/)).toContain('Accept-Version');
}

async function expectError(response: Response, status: number, type: string) {
  expect(response.status).toBe(status);
  const { errors } = await body(response);
  expect(errors).toHaveLength(1);
  expect(errors[0].type).toBe(type);
  expect(Object.keys(errors[0]).sort()).toEqual(['code', 'context', 'details', 'errorType', 'help', 'id', 'message', 'property', 'type'].sort());
  return errors[0];
}

describe('the unversioned roots serve v5', () => {
  it('serves every Admin and Content route of v3, in v3’s shapes for now, with the v5 headers', async () => {
    const created = await admin('POST', 'posts/?source=html', { body: { posts: [{ title: 'At the root', html: '<p>Hello</p>', status: 'published' }] } });
    expect(created.status).toBe(201);
    expectV5Headers(created);
    // a Location for the root it was made at
    expect(created.headers.get('location')).toMatch(/\/svc\/api\/admin\/posts\/[0-9a-f]{24}\/$/);
    const post = (await body(created)).posts[0];
    const v3 = (await body(await site.admin.get(`posts/${post.id}/`))).posts[0];
    const v5 = (await body(await admin('GET', `posts/${post.id}/`))).posts[0];
    // v5 Admin adds lexical beside mobiledoc and its own fields (test/api/v5-shapes.test.ts); html sent at
    // the root is made lexical, as the reference does (test/api/lexical-posts.test.ts), so v3 shows mobiledoc null
    expect(Object.keys(v5).sort()).toEqual([...Object.keys(v3), 'lexical', 'frontmatter', 'feature_image_alt', 'feature_image_caption'].sort());
    expect(JSON.parse(v5.lexical).root.children[0].type).toBe('paragraph');
    expect(v5.mobiledoc).toBeNull();
    expect(v3.mobiledoc).toBeNull();
    expect(v5.reading_time).toBeTypeOf('number');

    const read = await content(`posts/${post.id}/`);
    expect(read.status).toBe(200);
    expectV5Headers(read);
    expect(read.headers.get('access-control-allow-origin')).toBe('*');
    const v3Content = await site.service.fetch(new Request(`${BASE}/svc/api/v3/content/posts/${post.id}/?key=${site.contentKey}`));
    expect(Object.keys((await body(read)).posts[0]).sort()).toEqual(
      [
        ...Object.keys((await body(v3Content)).posts[0]),
        'email_subject',
        'frontmatter',
        'feature_image_alt',
        'feature_image_caption',
        'access',
        'comments',
      ].sort(),
    );

    const siteInfo = await body(await admin('GET', 'site/'));
    expect(siteInfo.site).toHaveProperty('description');
    expect((await admin('GET', 'webhooks/', {})).status).toBe(405); // served on v5 as on v3: POST only here
  });

  it('makes webhooks for v5 deliveries by default, and edits them as v3 does', async () => {
    const made = await admin('POST', 'webhooks/', { body: { webhooks: [{ event: 'tag.deleted', target_url: 'https://hooks.example.com/v5' }] } });
    expect(made.status).toBe(201);
    const hook = (await body(made)).webhooks[0];
    expect(hook.api_version).toBe('v5');
    const edited = await admin('PUT', `webhooks/${hook.id}/`, { body: { webhooks: [{ name: 'Deploy' }] } });
    expect(edited.status).toBe(200);
    expect((await body(edited)).webhooks[0]).toMatchObject({ name: 'Deploy', api_version: 'v5' });
    expect((await admin('DELETE', `webhooks/${hook.id}/`)).status).toBe(204);
  });

  it('puts Content-Version and Vary: Accept-Version on errors, redirects and preflights too', async () => {
    const missing = await admin('GET', 'posts/000000000000000000000000/');
    await expectError(missing, 404, 'NotFoundError');
    expectV5Headers(missing);
    const unauthenticated = await site.service.fetch(new Request(`${BASE}/svc/api/admin/posts/`));
    await expectError(unauthenticated, 401, 'UnauthorizedError');
    expectV5Headers(unauthenticated);
    const noKey = await site.service.fetch(new Request(`${BASE}/svc/api/content/posts/`));
    await expectError(noKey, 401, 'UnauthorizedError');
    expectV5Headers(noKey);
    expect(noKey.headers.get('access-control-allow-origin')).toBe('*');
    const redirect = await site.service.fetch(new Request(`${BASE}/svc/api/content/posts?key=${site.contentKey}`, { redirect: 'manual' }));
    expect(redirect.status).toBe(301);
    expectV5Headers(redirect);

    const contentPreflight = await site.service.fetch(
      new Request(`${BASE}/svc/api/content/posts/`, {
        method: 'OPTIONS',
        headers: { origin: 'https://reader.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'accept-version' },
      }),
    );
    expect(contentPreflight.status).toBe(204);
    expect(contentPreflight.headers.get('access-control-allow-origin')).toBe('*');
    expectV5Headers(contentPreflight);
    const adminPreflight = await site.service.fetch(
      new Request(`${BASE}/svc/api/admin/posts/`, {
        method: 'OPTIONS',
        headers: { origin: 'https://editor.example', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization' },
      }),
    );
    expect(adminPreflight.status).toBe(204);
    expect(adminPreflight.headers.get('access-control-allow-origin')).toBe('https://editor.example');
    expectV5Headers(adminPreflight);
    // merged with the Vary already there, each field once
    expect(adminPreflight.headers.get('vary')).toBe('Origin, Access-Control-Request-Headers, Accept-Version');
    const trusted = await admin('GET', 'posts/', { headers: { origin: 'https://editor.example' } });
    expect(trusted.headers.get('vary')?.split(', ').sort()).toEqual(['Accept-Version', 'Origin']);
  });

  it('carries the v5 headers on answers the read model keeps, from the fast way and on 304s, under keys of their own', async () => {
    const path = 'posts/?limit=2&fields=id,title';
    const first = await content(path);
    const second = await content(path);
    expect(second.headers.get('x-cache')).toBe('HIT');
    for (const response of [first, second]) {
      expectV5Headers(response);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    }
    const notModified = await content(path, { 'if-none-match': second.headers.get('etag')! });
    expect(notModified.status).toBe(304);
    expectV5Headers(notModified);
    const head = await site.service.fetch(new Request(`${BASE}/svc/api/content/${path}&key=${site.contentKey}`, { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expectV5Headers(head);
    // the same read on v3 is kept apart, and never carries the v5 headers
    for (let i = 0; i < 2; i++) {
      const v3 = await site.service.fetch(new Request(`${BASE}/svc/api/v3/content/${path}&key=${site.contentKey}`));
      expect(v3.status).toBe(200);
      expect(v3.headers.get('content-version')).toBeNull();
      expect(v3.headers.get('vary')).toBeNull();
      if (i === 1) expect(v3.headers.get('x-cache')).toBe('HIT');
    }
  });

  it('evicts the root’s kept answers when what they show is edited', async () => {
    const created = await body(await admin('POST', 'posts/', { body: { posts: [{ title: 'Before', status: 'published' }] } }));
    const post = created.posts[0];
    const path = `posts/${post.id}/?fields=id,title`;
    await content(path);
    const kept = await content(path);
    expect(kept.headers.get('x-cache')).toBe('HIT');
    expect(kept.headers.get('cache-tag')).toContain(`post:${post.id}`);
    const edited = await admin('PUT', `posts/${post.id}/`, { body: { posts: [{ title: 'After', updated_at: post.updated_at }] } });
    expect(edited.status).toBe(200);
    const after = await content(path);
    expect((await body(after)).posts[0].title).toBe('After');
    expectV5Headers(after);
  });
});

describe('Accept-Version at the unversioned roots', () => {
  it('is not checked on routes that exist', async () => {
    for (const version of ['v5.0', 'v2.0', 'v4.0', 'v99.0', 'banana']) {
      expect((await content('posts/', { 'accept-version': version })).status).toBe(200);
      expect((await admin('GET', 'posts/', { headers: { 'accept-version': version } })).status).toBe(200);
    }
  });

  it('where no route serves the address: none or the current version → 404, another version → 406, no version → 400', async () => {
    for (const [root, send] of [
      ['admin', (headers: Record<string, string>) => admin('GET', 'nothing-here/', { headers })],
      ['content', (headers: Record<string, string>) => content('nothing-here/', headers)],
    ] as const) {
      const none = await send({});
      expect((await expectError(none, 404, 'NotFoundError')).message).toBe('Resource not found.');
      expectV5Headers(none);
      for (const current of ['v5.0', 'v5.130', 'v5']) await expectError(await send({ 'accept-version': current }), 404, 'NotFoundError');
      for (const other of ['v4.0', 'v2.0', 'v3.0', 'v6.0']) {
        const refused = await send({ 'accept-version': other });
        const error = await expectError(refused, 406, 'RequestNotAcceptableError');
        expect(error.message).toContain(other);
        expectV5Headers(refused);
      }
      for (const odd of ['banana', '5.0', 'v', 'v5.0.0.0', 'x'.repeat(300)]) {
        const refused = await send({ 'accept-version': odd });
        await expectError(refused, 400, 'BadRequestError');
        expectV5Headers(refused);
      }
      expect(root).toBeTruthy();
    }
  });

  it('is not read on the versioned roots', async () => {
    const v3 = await site.service.fetch(
      new Request(`${BASE}/svc/api/v3/content/nothing-here/?key=${site.contentKey}`, { headers: { 'accept-version': 'v4.0' } }),
    );
    await expectError(v3, 404, 'NotFoundError');
    expect(v3.headers.get('content-version')).toBeNull();
  });
});

describe('Admin tokens at the unversioned root', () => {
  it('accept aud /admin/ and a versioned /v{n}/admin/', async () => {
    for (const aud of ['/admin/', '/v5/admin/', '/v3/admin/', '/v4/admin/']) expect((await admin('GET', 'posts/', { aud })).status).toBe(200);
  });

  it('refuse any other audience, naming /admin/', async () => {
    for (const aud of ['/content/', '/canary/admin/', '/v5.0/admin/', '/admin/extra/', 'https://elsewhere.example/admin/']) {
      const refused = await admin('GET', 'posts/', { aud });
      const error = await expectError(refused, 401, 'UnauthorizedError');
      expect(error.message).toContain('/admin/');
      expectV5Headers(refused);
    }
  });

  it('leave the v2 and v3 rules as they were: only their own /v{n}/admin/', async () => {
    const get = async (version: string, aud: string) => {
      const token = await adminToken(site.adminKey, { aud });
      return site.service.fetch(new Request(`${BASE}/svc/api/${version}/admin/posts/`, { headers: { authorization: `Svc ${token}` } }));
    };
    expect((await get('v3', '/v3/admin/')).status).toBe(200);
    expect((await get('v2', '/v2/admin/')).status).toBe(200);
    for (const aud of ['/admin/', '/v5/admin/', '/v2/admin/']) expect((await get('v3', aud)).status).toBe(401);
    expect((await get('v2', '/admin/')).status).toBe(401);
  });
});

describe('features pressroom does not have', () => {
  it('answer 404 naming the feature on every root', async () => {
    const cases: [string, string, string][] = [
      ['admin', 'members/', 'members'],
      ['admin', 'members/stats/count/', 'members'],
      ['admin', 'newsletters/', 'newsletters'],
      ['admin', 'tiers/', 'tiers'],
      ['admin', 'offers/', 'offers'],
      ['admin', 'comments/', 'comments'],
      ['admin', 'labels/', 'member labels'],
      ['admin', 'snippets/', 'snippets'],
      ['admin', 'emails/', 'emails'],
      ['admin', 'email_previews/posts/000000000000000000000000/', 'email previews'],
      ['admin', 'links/', 'member link tracking'],
      ['admin', 'recommendations/', 'recommendations'],
      ['admin', 'stats/mrr/', 'member stats'],
      ['admin', 'mail_events/', 'mail events'],
      ['content', 'newsletters/', 'newsletters'],
      ['content', 'tiers/', 'tiers'],
      ['content', 'offers/000000000000000000000000/', 'offers'],
      ['content', 'recommendations/', 'recommendations'],
    ];
    const token = async (version: string) => adminToken(site.adminKey, { aud: version === '' ? '/admin/' : `/${version}admin/` });
    for (const version of ['', 'v3/', 'v2/']) {
      for (const [api, path, feature] of cases) {
        const headers: Record<string, string> = api === 'admin' ? { authorization: `Svc ${await token(version)}` } : {};
        const query = api === 'content' ? `?key=${site.contentKey}` : '';
        const response = await site.service.fetch(new Request(`${BASE}/svc/api/${version}${api}/${path}${query}`, { headers }));
        const error = await expectError(response, 404, 'NotFoundError');
        expect(error.message).toBe(`pressroom does not serve ${feature}, a feature of the reference it does not have.`);
        expect(error.code).toBe('FEATURE_NOT_SERVED');
        if (version === '') expectV5Headers(response);
      }
    }
    // a POST too, before any body is read
    const post = await admin('POST', 'members/', { body: '{' });
    expect((await expectError(post, 404, 'NotFoundError')).message).toContain('members');
  });
});

describe('the versioned roots are unchanged', () => {
  it('answer without Content-Version or Vary: Accept-Version, in v3’s shapes', async () => {
    const read = await site.service.fetch(new Request(`${BASE}/svc/api/v3/content/posts/?key=${site.contentKey}`));
    expect(read.status).toBe(200);
    expect(read.headers.get('content-version')).toBeNull();
    expect(read.headers.get('vary')).toBeNull();
    const adminRead = await site.admin.get('posts/');
    expect(adminRead.status).toBe(200);
    expect(adminRead.headers.get('content-version')).toBeNull();
    const v2 = await site.service.fetch(new Request(`${BASE}/svc/api/v2/admin/site/`));
    expect((await body(v2)).site).not.toHaveProperty('description');
    expect(v2.headers.get('content-version')).toBeNull();
  });
});
