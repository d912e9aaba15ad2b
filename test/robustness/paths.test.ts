// Addresses and methods a client should not use: traversal and encoded separators under the API and under
// the served images, odd methods on every route, unknown versions, and raw HTTP through the Node adapter.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '../../lib';
import { versionSegment } from '../../lib/core/context';
import { DirectoryFileStore } from '../../lib/files/directory';
import { BASE } from '../helpers/service';
import { envelopeProblems, FULL, leakIn, nodeServer, scale, SEED } from './helpers';
import { HOSTILE_SEGMENTS } from './corpus';
import { targets } from './requests';
import { robustSite, type RobustSite } from './site';

let site: RobustSite;
let disk: { service: Service; root: string; secret: string };

beforeAll(async () => {
  site = await robustSite();
  // a directory store with one real image and, next to the store, a file that must never be served
  const root = await mkdtemp(join(tmpdir(), 'pressroom-paths-'));
  await mkdir(join(root, 'images', '2024', '01'), { recursive: true });
  await writeFile(join(root, 'images', '2024', '01', 'real.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  const secret = `top-secret-${Math.random()}`;
  await writeFile(join(root, 'secret.txt'), secret);
  await writeFile(join(root, 'images', '.pressroom-hidden.tmp'), secret);
  const service = await createService({ url: BASE, files: { images: new DirectoryFileStore(join(root, 'images')) }, auth: { passwordIterations: 1000 } });
  disk = { service, root, secret };
}, 60_000);

afterAll(async () => {
  await site?.close();
  await disk?.service.close();
  if (disk) await rm(disk.root, { recursive: true, force: true });
});

/** No 5xx; a refusal is a clean envelope; nothing secret or internal in the body. */
async function expectSafe(response: Response, what: string): Promise<string> {
  const text = await response.text();
  const context = `${what} → ${response.status} ${text.slice(0, 200)}`;
  expect(response.status, context).toBeLessThan(500);
  if (response.status >= 400 && text) expect(envelopeProblems(response.status, response.headers.get('content-type'), text), context).toEqual([]);
  expect(leakIn(text, [...site.secrets, disk.secret]), context).toBeNull();
  return text;
}

describe('odd methods on every route', () => {
  it('HEAD, OPTIONS and methods nobody serves get 2xx/3xx without a body, or a 4xx envelope', async () => {
    for (const target of targets()) {
      const path = target.route.path.replace(/:(\w+)/g, (_, p: string) => site.fixtures.params[`${target.resource}:${p}`]?.[0] ?? 'x');
      const url = `${BASE}/svc/api/${versionSegment(target.version)}${target.route.api}/${path}${target.route.api === 'content' ? `?key=${site.contentKey}` : ''}`;
      for (const method of FULL ? ['HEAD', 'OPTIONS', 'PATCH', 'PROPFIND', 'FOO', 'patch', 'M-SEARCH'] : ['HEAD', 'OPTIONS', 'PATCH']) {
        const headers: Record<string, string> = { cookie: site.session.cookie!, origin: 'https://admin.example.com' };
        if (method === 'OPTIONS') headers['access-control-request-method'] = target.route.method;
        const response = await site.service.fetch(new Request(url, { method, headers }));
        const text = await expectSafe(response, `${method} ${target.label}`);
        if (method === 'HEAD') expect(text, `HEAD ${target.label}`).toBe('');
        if (!['HEAD', 'OPTIONS'].includes(method)) expect(response.status, `${method} ${target.label}`).toBe(405);
      }
    }
  });
});

describe('traversal and encoded separators', () => {
  const API_PREFIXES = ['/svc/api/v3/admin/', '/svc/api/v2/content/', '/svc/api/', '/svc/', '/content/images/', '/content/images/2024/01/'];
  const TRICKS = [
    '../../../../etc/passwd',
    '..%2F..%2F..%2Fetc%2Fpasswd',
    '%2e%2e/%2e%2e/secret.txt',
    '..%5c..%5csecret.txt',
    '....//....//secret.txt',
    '%252e%252e%252fsecret.txt',
    '..%00/secret.txt',
    '%c0%ae%c0%ae/secret.txt',
    '..;/secret.txt',
    '.%2e/secret.txt',
    '/%2F%2Fsecret.txt',
    '..',
    '.',
    '%2e',
    'real.png%00.txt',
    'real.png/',
    'real.png/..',
    '2024/01/real.png',
    '2024%2F01%2Freal.png',
    '.pressroom-hidden.tmp',
    '%2E%70%72%65%73%73%72%6F%6F%6D-hidden.tmp',
    '../images/.pressroom-hidden.tmp',
    '~/secret.txt',
    '\\..\\secret.txt',
    'x'.repeat(5000),
  ];

  it('under the API and under the served images, never a file outside the store, never a 5xx', async () => {
    for (const service of [site.service, disk.service]) {
      for (const prefix of API_PREFIXES) {
        for (const trick of TRICKS) {
          for (const method of FULL ? ['GET', 'HEAD', 'DELETE'] : ['GET']) {
            const response = await service.fetch(new Request(`${BASE}${prefix}${trick}`, { method }));
            const text = await expectSafe(response, `${method} ${prefix}${trick}`);
            expect(text).not.toContain('root:');
          }
        }
      }
    }
  });

  it('the image that is in the store is served, by its real path only', async () => {
    const ok = await disk.service.fetch(new Request(`${BASE}/content/images/2024/01/real.png`));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/png');
  });

  it(`generated paths (${scale(250, 5000)} runs) under both prefixes`, async () => {
    const segment = fc.oneof(
      fc.constantFrom(...HOSTILE_SEGMENTS),
      fc.constantFrom('posts', 'tags', 'slug', 'admin', 'content', 'v2', 'v3', 'v9', 'images', '2024', '01', 'real.png', 'secret.txt'),
      fc.string({ unit: 'grapheme-ascii', maxLength: 12 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/svc/api/', '/content/images/', '/svc/', '/'),
        fc.array(segment, { maxLength: 6 }),
        fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'),
        async (prefix, segments, method) => {
          const url = `${BASE}${prefix}${segments.join('/')}`;
          let request: Request;
          try {
            request = new Request(url, {
              method,
              body: method === 'POST' || method === 'PUT' ? '{}' : undefined,
              headers: { 'content-type': 'application/json' },
            });
          } catch {
            return; // not a URL a client could send
          }
          const response = await disk.service.fetch(request);
          const text = await expectSafe(response, `${method} ${url.slice(0, 200)}`);
          expect(text).not.toContain(disk.secret);
        },
      ),
      { numRuns: scale(250, 5000), seed: SEED, endOnFailure: true },
    );
  });
});

describe('raw HTTP through the Node adapter', () => {
  let server: Awaited<ReturnType<typeof nodeServer>>;
  let port: number;
  beforeAll(async () => {
    server = await nodeServer(site.service);
    port = server.port;
  });
  afterAll(() => server.close());

  /** Sends bytes as they are and returns what came back (status line and body), or '' if the server hung up. */
  function raw(bytes: string): Promise<{ status: number; headers: string; body: string }> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let data = '';
      socket.setEncoding('latin1');
      socket.on('data', (d: string) => (data += d));
      socket.on('error', reject);
      socket.on('close', () => {
        const [head, ...rest] = data.split('\r\n\r\n');
        resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), headers: head, body: rest.join('\r\n\r\n') });
      });
      socket.end(bytes, 'latin1');
    });
  }

  const requests: Record<string, string> = {
    'TRACE method': 'TRACE /svc/api/v3/admin/posts/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    'unparseable Host': 'GET /svc/api/v3/content/posts/ HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n',
    'absolute-form URL of another host': 'GET http://evil.example/svc/api/v3/content/posts/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    'protocol-relative path': 'GET //svc/api/v3/content/posts/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    'asterisk target': 'OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    'dot segments': 'GET /svc/api/v3/admin/../../../etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    'encoded NUL': 'GET /svc/api/v3/content/posts/slug/%00/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    'invalid percent-encoding': 'GET /svc/api/v3/content/posts/slug/%ZZ%/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    'raw UTF-8 in the path': 'GET /svc/api/v3/content/posts/slug/ünï/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    'Content-Length and chunked together':
      'POST /svc/api/v3/admin/session/ HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n',
    'truncated body':
      'POST /svc/api/v3/admin/session/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\nConnection: close\r\n\r\n{"username":',
    'bad chunk size': 'POST /svc/api/v3/admin/session/ HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nZZ\r\nabc\r\n0\r\n\r\n',
    'spoofed client address': 'GET /svc/api/v3/content/posts/?key=0 HTTP/1.1\r\nHost: x\r\nX-Pressroom-Client-Address: 10.0.0.1\r\nConnection: close\r\n\r\n',
  };

  it.each(Object.keys(requests))('%s: a 4xx (or a normal answer), never a 5xx', async (name) => {
    const { status, headers, body } = await raw(requests[name]);
    // 0: Node's parser refused the bytes and closed the connection, which is also not a 5xx
    expect(status === 0 || (status >= 200 && status < 500), `${name}: ${headers}\n${body.slice(0, 200)}`).toBe(true);
    if (status >= 400 && /content-type: application\/json/i.test(headers)) {
      const json = body.includes('{') ? body.slice(body.indexOf('{'), body.lastIndexOf('}') + 1) : body;
      expect(envelopeProblems(status, 'application/json', json)).toEqual([]);
    }
    if (status >= 400 && status !== 0 && !/^HTTP\/1\.1 400 Bad Request\r\nConnection: close$/i.test(headers.trim())) {
      // pressroom answered (not Node's own parser error): it answers with its envelope
      expect(headers, name).toMatch(/content-type: application\/json/i);
    }
  });
});
