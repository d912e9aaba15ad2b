// 100 MB request bodies: refused with 413 after at most the configured limit was read, memory bounded,
// in process and through the Node adapter.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_JSON_LIMIT } from '../../lib/http/body';
import { countingStream, expectRefused, nodeServer } from './helpers';
import { targets } from './requests';
import { ORIGIN, robustSite, type RobustSite } from './site';

const HUNDRED_MB = 100 * 1024 * 1024;
const MB = 1024 * 1024;

let site: RobustSite;
beforeAll(async () => {
  site = await robustSite();
}, 60_000);
afterAll(() => site?.close());

/** Real ids where the route has parameters, so that the request reaches the body. */
function pathOf(path: string, resource: string): string {
  return path.replace(/:(\w+)/g, (_, name: string) => site.fixtures.params[`${resource}:${name}`]?.[0] ?? 'x');
}

function hugeRequest(method: string, path: string, contentType: string, stream: ReadableStream<Uint8Array>, declared?: number): Request {
  const headers: Record<string, string> = { 'content-type': contentType, cookie: site.session.cookie!, origin: ORIGIN };
  if (declared !== undefined) headers['content-length'] = String(declared);
  return new Request(site.adminUrl(path), { method, headers, body: stream, duplex: 'half' } as RequestInit);
}

const writes = targets().filter((t) => t.version === 'v3' && t.route.api === 'admin' && (t.route.method === 'POST' || t.route.method === 'PUT'));

describe('a 100 MB streamed body, without Content-Length', () => {
  const statuses = new Map<string, number>();

  it.each(writes.map((t) => [t.label, t] as const))('%s: refused or ignored, never read to the end', async (_, target) => {
    const upload = /upload\/$/.test(target.route.path);
    const { stream, pulled } = countingStream(HUNDRED_MB);
    const rssBefore = process.memoryUsage().rss;
    const response = await site.service.fetch(
      hugeRequest(target.route.method, pathOf(target.route.path, target.resource), upload ? 'multipart/form-data; boundary=XyZ' : 'application/json', stream),
    );
    const text = await response.text();
    statuses.set(target.label, response.status);
    expect(response.status, text).toBeLessThan(500);
    expect(pulled()).toBeLessThan(HUNDRED_MB);
    // the largest limit is the theme zip's 50 MB; nothing near the whole body is held
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(90 * MB);
    if (response.status === 413) {
      const limit = /themes/.test(target.route.path) ? 50 * MB : DEFAULT_JSON_LIMIT;
      expect(pulled()).toBeLessThanOrEqual(limit + MB);
      await expectRefused(new Response(text, { status: 413, headers: response.headers }));
    }
  });

  it('every route that reads a JSON body or an upload answered 413', () => {
    const refused = [...statuses].filter(([, status]) => status === 413).map(([label]) => label);
    expect(refused).toEqual(
      expect.arrayContaining([
        'POST v3/admin/posts/',
        'PUT v3/admin/posts/:id/',
        'POST v3/admin/tags/',
        'PUT v3/admin/settings/',
        'POST v3/admin/users/',
        'POST v3/admin/session/',
        'POST v3/admin/webhooks/',
        'PUT v3/admin/integrations/:id/',
        'POST v3/admin/images/upload/',
        'POST v3/admin/themes/upload/',
      ]),
    );
    // the rest take no body (key refresh, theme activation, a revision's restore, a preview's new address) or are refused before it (setup, done already;
    // the db/ import, which takes only a multipart upload: 415 for this JSON body)
    const others = [...statuses].filter(([, status]) => status !== 413).map(([label]) => label);
    expect(
      others.every((label) => /refresh|activate|setup|restore|rotate/.test(label) || (label === 'POST v3/admin/db/' && statuses.get(label) === 415)),
      others.join(', '),
    ).toBe(true);
  });

  it('a declared Content-Length over the limit is refused before a byte is read', async () => {
    const { stream, pulled } = countingStream(HUNDRED_MB);
    const response = await site.service.fetch(hugeRequest('POST', 'posts/', 'application/json', stream, HUNDRED_MB));
    await expectRefused(response, site.secrets, 413);
    expect(pulled()).toBe(0);
  });

  it('an upload declared as 100 MB is refused before a byte is read', async () => {
    for (const path of ['images/upload/', 'themes/upload/']) {
      const { stream, pulled } = countingStream(HUNDRED_MB);
      const response = await site.service.fetch(hugeRequest('POST', path, 'multipart/form-data; boundary=XyZ', stream, HUNDRED_MB));
      await expectRefused(response, site.secrets, 413);
      expect(pulled()).toBe(0);
    }
  });
});

describe('through the Node adapter', () => {
  let server: Awaited<ReturnType<typeof nodeServer>>;
  let port: number;
  beforeAll(async () => {
    server = await nodeServer(site.service);
    port = server.port;
  });
  afterAll(() => server.close());

  /** Streams up to `total` bytes as fast as the socket takes them; resolves with the status and how much was sent by then. */
  function upload(path: string, contentType: string, total: number): Promise<{ status: number; sentAtResponse: number; body: string }> {
    return new Promise((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/svc/api/v3/admin/${path}`,
        headers: { 'content-type': contentType, cookie: site.session.cookie!, origin: ORIGIN, 'transfer-encoding': 'chunked' },
      });
      req.on('response', (res) => {
        answered = true;
        const sentAtResponse = sent;
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, sentAtResponse, body });
        });
      });
      req.on('error', (error) => {
        if (!answered) reject(error);
      });
      const chunk = Buffer.alloc(256 * 1024, 0x61);
      const pump = () => {
        while (!answered && sent < total) {
          sent += chunk.length;
          if (!req.write(chunk)) {
            req.once('drain', pump);
            return;
          }
        }
        if (!answered) req.end();
      };
      pump();
    });
  }

  it('answers 413 while the client is still sending, with memory bounded', async () => {
    const rssBefore = process.memoryUsage().rss;
    const result = await upload('posts/', 'application/json', HUNDRED_MB);
    expect(result.status, result.body).toBe(413);
    expect(JSON.parse(result.body).errors[0].type).toBe('RequestEntityTooLargeError');
    expect(result.sentAtResponse).toBeLessThan(HUNDRED_MB);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(90 * MB);
  });

  it('refuses a 100 MB image upload the same way', async () => {
    const result = await upload('images/upload/', 'multipart/form-data; boundary=XyZ', HUNDRED_MB);
    expect(result.status, result.body).toBe(413);
    expect(result.sentAtResponse).toBeLessThan(HUNDRED_MB);
  });
});
