import { gzipSync, brotliCompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createService } from '../../lib';
import type { AdminBundle } from '../../lib/admin-client/bundle';
import { chooseEncoding, createAdminClient } from '../../lib/admin-client/serve';
import { toResponse } from '../../lib/http/web-fetch';

const script = 'console.log("admin");';
const bundle: AdminBundle = {
  html: '<!doctype html><script type="module" src="%PRESSROOM_BASE%assets/index-abc.js"></script>',
  assets: {
    'assets/index-abc.js': {
      type: 'text/javascript; charset=utf-8',
      etag: '"js-1"',
      size: script.length,
      gzip: gzipSync(script).toString('base64'),
      br: brotliCompressSync(script).toString('base64'),
    },
  },
};

const client = createAdminClient('svc', async () => bundle);
const get = (path: string, headers: Record<string, string> = {}) => {
  const request = new Request(`http://127.0.0.1:2368${path}`, { headers });
  return client.serve(request, new URL(request.url)).then(toResponse);
};

describe('admin client files', () => {
  it('owns /{name}/ and its client routes, never the API', () => {
    for (const path of ['/svc', '/svc/', '/svc/posts', '/svc/posts/abc', '/svc/assets/x.js', '/svc/apis']) expect(client.owns(path), path).toBe(true);
    for (const path of ['/svc/api', '/svc/api/', '/svc/api/v3/admin/site/', '/other/', '/content/images/a.png', '/svcx/'])
      expect(client.owns(path), path).toBe(false);
  });

  it('serves index.html on any client route, with this service’s base, no-cache and a strict CSP', async () => {
    for (const path of ['/svc/', '/svc/posts/123', '/svc/settings']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const csp = response.headers.get('content-security-policy')!;
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(await response.text()).toContain('src="/svc/assets/index-abc.js"');
    }
  });

  it('sends hashed assets immutable, brotli or gzip by Accept-Encoding, plain otherwise', async () => {
    const br = await get('/svc/assets/index-abc.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const gz = await get('/svc/assets/index-abc.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);
    const plain = await get('/svc/assets/index-abc.js', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('answers 304 to a matching If-None-Match, and 404 for an unknown asset', async () => {
    const first = await get('/svc/assets/index-abc.js');
    expect(first.headers.get('etag')).toBe('"js-1"');
    expect((await get('/svc/assets/index-abc.js', { 'if-none-match': '"js-1"' })).status).toBe(304);
    const html = await get('/svc/');
    expect((await get('/svc/posts', { 'if-none-match': html.headers.get('etag')! })).status).toBe(304);
    expect((await get('/svc/assets/missing.js')).status).toBe(404);
  });

  it('redirects /{name} to /{name}/ and refuses writes', async () => {
    const redirect = await get('/svc');
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/svc/');
    const post = new Request('http://127.0.0.1:2368/svc/posts', { method: 'POST' });
    const refused = toResponse(await client.serve(post, new URL(post.url)));
    expect(refused.status).toBe(405);
    expect(refused.headers.get('allow')).toBe('GET, HEAD');
    expect(((await refused.json()) as { errors: { type: string }[] }).errors[0].type).toBe('MethodNotAllowedError');
  });

  it('says clearly when the client has not been built', async () => {
    const unbuilt = createAdminClient('svc', async () => null);
    const response = toResponse(await unbuilt.serve(new Request('http://127.0.0.1:2368/svc/'), new URL('http://127.0.0.1:2368/svc/')));
    expect(response.status).toBe(404);
    const body = (await response.json()) as { errors: { message: string; code: string }[] };
    expect(body.errors[0].code).toBe('ADMIN_CLIENT_NOT_BUILT');
    expect(body.errors[0].message).toContain('npm run build');
  });

  it('prefers brotli, honours q=0', () => {
    expect(chooseEncoding('gzip, br', ['br', 'gzip'])).toBe('br');
    expect(chooseEncoding('br;q=0, gzip', ['br', 'gzip'])).toBe('gzip');
    expect(chooseEncoding('*', ['br', 'gzip'])).toBe('br');
    expect(chooseEncoding(null, ['br', 'gzip'])).toBe('identity');
  });
});

describe('the service serves its admin client beside the API', () => {
  it('keeps /{name}/api/ for the API, and leaves /{name}/ alone with adminClient: false', async () => {
    const service = await createService();
    try {
      const api = await service.fetch(new Request('http://127.0.0.1:2368/svc/api/v3/admin/site/'));
      expect(api.status).toBe(200);
      expect(((await api.json()) as { site: object }).site).toBeDefined();
      const app = await service.fetch(new Request('http://127.0.0.1:2368/svc/posts/'));
      // built: the app; on a fresh clone before `npm run build`: a 404 saying so
      expect([200, 404]).toContain(app.status);
      if (app.status === 200) expect(await app.text()).toContain('<div id="app">');
      else expect(await app.text()).toContain('not built');
    } finally {
      await service.close();
    }
    const off = await createService({ adminClient: false });
    try {
      const response = await off.fetch(new Request('http://127.0.0.1:2368/svc/posts/'));
      expect(response.status).toBe(404);
    } finally {
      await off.close();
    }
  });
});
