// Content API reads the response cache answers at once (the pipeline's first step; `Service.answer`
// returns them, not a promise) must be the very answers the full way gives, as clients see them. One
// service behind two servers: one hands the pipeline request heads read from the socket (a pressroom
// service's way), the other only knows `fetch` (WHATWG Requests and Responses, as any fetch handler).
import { createServer, request as httpRequest, type RequestListener, type Server, type ServerOptions } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createService, type Service } from '../../lib';
import { toExpressMiddleware } from '../../lib/adapters/express';
import { toNodeHandler, type FetchHandler } from '../../lib/adapters/node';
import type { RequestHead } from '../../lib/core/head';
import { createSqlStorage } from '../../lib/storage/sql/sql-storage';
import { adminToken, BASE, body, createTestSite, type TestSite } from '../helpers/service';
import { OWNER, sessionClient } from '../users/helpers';

/** A GET (or `method`) of `target` as a server reads it, with no headers. */
const headFor = (target: string, method = 'GET'): RequestHead => ({
  method,
  target,
  origin: new URL(BASE).origin,
  headers: new Headers(),
  body: () => null,
});

let clock = Date.parse('2025-03-01T09:00:00.000Z');
const now = () => new Date(clock);

interface Raw {
  status: number;
  /** raw header lines in the order sent, without Date */
  headers: string[];
  body: Buffer;
}

/** One request over a fresh connection, seen as the client gets it (header lines sorted by name: their order means nothing). */
function raw(origin: string, target: string, init: { method?: string; headers?: Record<string, string> } = {}): Promise<Raw> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path: target, method: init.method ?? 'GET', headers: init.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const headers: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          if (res.rawHeaders[i].toLowerCase() !== 'date') headers.push(res.rawHeaders[i], res.rawHeaders[i + 1]);
        }
        const pairs = headers.flatMap((h, i) => (i % 2 === 0 ? [[h, headers[i + 1]]] : []));
        pairs.sort(([a], [b]) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0));
        headers.splice(0, headers.length, ...pairs.flat());
        resolve({ status: res.statusCode!, headers, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** A request written byte for byte; the response's first line. */
function rawLines(origin: string, text: string): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(text));
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('end', () => resolve(received.split('\r\n')[0]));
    socket.on('error', reject);
  });
}

const servers: Server[] = [];

async function listen(listener: RequestListener, options: ServerOptions = {}): Promise<string> {
  const server = createServer(options, listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The service as an adapter sees it: taking request heads, each answer watched; or knowing only `fetch`. */
function views(service: Service) {
  const log: boolean[] = [];
  const full: FetchHandler = { fetch: (request, context) => service.fetch(request, context) };
  const watched: FetchHandler & Pick<Service, 'answer'> = {
    ...full,
    answer(head, context) {
      const answer = service.answer(head, context);
      log.push(!(answer instanceof Promise));
      return answer;
    },
  };
  /** For each head handed over since the last call: whether the cache answered it at once. */
  const answered = () => log.splice(0);
  return { full, watched, answered };
}

let site: TestSite;
let fastOrigin: string;
let fullOrigin: string;
let expressOrigin: string;
let answered: () => boolean[];

const content = (path: string, key = site.contentKey) => `/svc/api/v3/content/${path}${path.includes('?') ? '&' : '?'}key=${key}`;
let SLUG: string;
let TAGS: string;

/** The same request on the server handing over heads and on the fetch one; `answered`: whether the cache took it at once. */
async function both(target: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  answered();
  const fast = await raw(fastOrigin, target, init);
  const took = answered();
  const full = await raw(fullOrigin, target, init);
  expect(answered()).toEqual([]); // the fetch server never hands over a head
  return { fast, full, answered: took[0] ?? false };
}

/** The request through `service.fetch`, as header pairs and bytes. */
async function inProcess(target: string, init: RequestInit = {}) {
  const response = await site.service.fetch(new Request(BASE + target, init));
  return { status: response.status, headers: [...response.headers].flat(), body: Buffer.from(await response.arrayBuffer()) };
}

/** Header lines in lower case, minus `except` (by default what the server adds per connection or per write). */
const entity = (headers: string[], except = ['connection', 'keep-alive', 'content-length']) => {
  const out: string[] = [];
  for (let i = 0; i < headers.length; i += 2) {
    if (!except.includes(headers[i].toLowerCase())) out.push(headers[i].toLowerCase(), headers[i + 1]);
  }
  return out;
};
/** The body, with the id every error gets (fresh per request) left out. */
const sameBody = (a: Raw, b: Raw) => {
  const text = (r: Raw) => r.body.toString().replace(/"id":"[0-9a-f-]{36}"/g, '"id":null');
  return text(a) === text(b);
};
const header = (r: Raw, name: string) => r.headers[r.headers.findIndex((h, i) => i % 2 === 0 && h.toLowerCase() === name) + 1];

async function adminWrite(method: string, path: string, payload?: unknown) {
  const token = await adminToken(site.adminKey, { iat: Math.floor(clock / 1000) });
  return fetch(`${fastOrigin}/svc/api/v3/admin/${path}`, {
    method,
    headers: { authorization: `Svc ${token}`, 'content-type': 'application/json' },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
}

beforeAll(async () => {
  site = await createTestSite({ now, contentApi: { keyFailuresPerMinute: 4 } });
  for (const [title, tags] of [
    ['Cached one', ['Alpha', 'Beta']],
    ['Cached two', ['Alpha']],
  ] as const) {
    expect((await site.admin.post('posts/', { posts: [{ title, status: 'published', tags: [...tags] }] })).status).toBe(201);
  }
  SLUG = content('posts/slug/cached-one/?include=tags,authors');
  TAGS = content('tags/?include=count.posts');
  const seen = views(site.service);
  answered = seen.answered;
  fastOrigin = await listen(toNodeHandler(seen.watched));
  fullOrigin = await listen(toNodeHandler(seen.full));
  expressOrigin = await listen(express().use('/svc', toExpressMiddleware(seen.watched)) as unknown as RequestListener);
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  await site.close();
});

describe('Content API cache hits over HTTP', () => {
  it('are answered from the cache once warm, with the status, headers and bytes of the full way and of service.fetch', async () => {
    for (const target of [SLUG, TAGS, content('posts/?include=tags,authors'), content('settings/'), content('posts/slug/cached-two/')]) {
      const cold = await both(target);
      expect(cold.answered, target).toBe(false);
      const warm = await both(target);
      expect(warm.answered, target).toBe(true);
      expect(warm.fast.status, target).toBe(200);
      expect(warm.fast.headers, target).toEqual(warm.full.headers);
      expect(warm.fast.body.equals(warm.full.body), target).toBe(true);
      expect(header(warm.fast, 'content-length')).toBe(String(warm.fast.body.byteLength));
      expect(header(warm.fast, 'access-control-allow-origin')).toBe('*');
      expect(header(warm.fast, 'cache-control')).toBe('public, max-age=0');
      expect(header(warm.fast, 'etag')).toMatch(/^"[a-f0-9]{32}"$/);

      const direct = await inProcess(target);
      expect(direct.status).toBe(200);
      expect(entity(warm.fast.headers)).toEqual(entity(direct.headers));
      // a kept answer carries its length in service.fetch's Response too: a host passing it on keeps it right
      expect(header(direct, 'content-length')).toBe(String(direct.body.byteLength));
      expect(warm.fast.body.equals(direct.body)).toBe(true);
    }
    expect(JSON.parse((await both(SLUG)).fast.body.toString()).posts[0].tags.map((t: { name: string }) => t.name)).toEqual(['Alpha', 'Beta']);
  });

  it('answer If-None-Match with 304 as the full way does, and HEAD without a body', async () => {
    await both(SLUG);
    const { fast: first } = await both(SLUG);
    const etag = header(first, 'etag');
    for (const ifNoneMatch of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
      const revalidated = await both(SLUG, { headers: { 'if-none-match': ifNoneMatch } });
      expect(revalidated.answered).toBe(true);
      expect(revalidated.fast.status, ifNoneMatch).toBe(304);
      expect(revalidated.fast.body.byteLength).toBe(0);
      expect(revalidated.fast.headers).toEqual(revalidated.full.headers);
      expect(header(revalidated.fast, 'etag')).toBe(etag);
    }
    const changed = await both(SLUG, { headers: { 'if-none-match': '"something-else"' } });
    expect(changed.answered).toBe(true);
    expect(changed.fast.status).toBe(200);
    expect(changed.fast.body.equals(first.body)).toBe(true);

    const head = await both(SLUG, { method: 'HEAD' });
    expect(head.answered).toBe(true);
    expect(head.fast.status).toBe(200);
    expect(head.fast.body.byteLength).toBe(0);
    expect(head.fast.headers).toEqual(head.full.headers);
    expect(header(head.fast, 'etag')).toBe(etag);
    expect(header(head.fast, 'content-length')).toBe(String(first.body.byteLength));
    const headRevalidated = await both(SLUG, { method: 'HEAD', headers: { 'if-none-match': etag } });
    expect([headRevalidated.answered, headRevalidated.fast.status]).toEqual([true, 304]);
    expect(headRevalidated.fast.headers).toEqual(headRevalidated.full.headers);
  });

  it('share one entry between orderings and encodings of the same query, and not between different queries', async () => {
    await both(SLUG);
    const reference = (await both(SLUG)).fast;
    const key = site.contentKey;
    const variants = [
      `/svc/api/v3/content/posts/slug/cached-one/?include=tags,authors&key=${key}`,
      `/svc/api/v3/content/posts/slug/cached-one/?key=${key}&include=tags%2Cauthors`,
      `/svc/api/v3/content/posts/slug/cached-one/?include=tags%2cauthors&&key=${key}&`,
    ];
    for (const target of variants) {
      const variant = await both(target);
      expect(variant.answered, target).toBe(true);
      expect(variant.fast.body.equals(reference.body), target).toBe(true);
      expect(variant.fast.headers, target).toEqual(reference.headers);
    }
    for (const [target, sameBytes] of [
      [content('posts/slug/cached-one/?include=tags'), false],
      [content('posts/slug/cached-one/?include=tags,authors&fields=title'), false],
      [content('posts/slug/cached-two/?include=tags,authors'), false],
      // the same bytes as it happens, but another value: its own entry, as `fetch` keeps it
      [content('posts/slug/cached-one/?include=authors,tags'), true],
    ] as const) {
      const other = await both(target);
      expect(other.answered, target).toBe(false);
      expect(other.fast.status, target).toBe(200);
      expect(other.fast.body.equals(reference.body), target).toBe(sameBytes);
      expect(other.fast.body.equals(other.full.body), target).toBe(true);
      expect((await both(target)).answered, target).toBe(true);
    }
  });

  it('never stand in for authentication: unknown, missing and repeated keys go the full way and are counted', async () => {
    await both(SLUG);
    expect((await both(SLUG)).answered).toBe(true);
    const unknown = 'abababababababababababab00';
    const refusals: [string, number, string][] = [
      [content('posts/slug/cached-one/?include=tags,authors', unknown), 401, 'UNKNOWN_CONTENT_API_KEY'],
      ['/svc/api/v3/content/posts/slug/cached-one/?include=tags,authors', 401, 'NO_CREDENTIALS'],
      [`${SLUG}&key=${site.contentKey}`, 400, 'INVALID_KEY'],
    ];
    for (const [target, status, code] of refusals) {
      const fast = await raw(fastOrigin, target);
      expect(answered(), target).toEqual([false]);
      expect(fast.status, target).toBe(status);
      expect(JSON.parse(fast.body.toString()).errors[0].code, target).toBe(code);
    }
    // three failures so far from this address; the fourth is the last allowed, then 429 — known keys still pass
    expect((await raw(fastOrigin, content('tags/', unknown))).status).toBe(401);
    expect(answered()).toEqual([false]);
    expect((await both(SLUG)).fast.status).toBe(200);
    const limited = await raw(fastOrigin, content('posts/slug/cached-one/?include=tags,authors', unknown));
    expect(limited.status).toBe(429);
    expect(answered()).toEqual([false]);
    const stillServed = await both(SLUG);
    expect([stillServed.answered, stillServed.fast.status]).toEqual([true, 200]);
    // the same refusal through a raw parameter name that only decodes to `key`
    const disguised = await raw(fastOrigin, `/svc/api/v3/content/tags/?k%65y=${unknown}`);
    expect([answered(), disguised.status]).toEqual([[false], 429]);
    const twice = await raw(fastOrigin, `${SLUG}&k%65y=${site.contentKey}`);
    expect([answered(), twice.status]).toEqual([[false], 429]);
    clock += 61_000; // the failure window passes
  });

  it('show a write through the Admin API at once, then are answered from the cache again', async () => {
    await both(SLUG); // the clock moved on: this one goes the full way, to check the key and scheduled posts
    expect((await both(SLUG)).answered).toBe(true);
    const post = JSON.parse((await both(SLUG)).fast.body.toString()).posts[0];
    const edited = await adminWrite('PUT', `posts/${post.id}/`, { posts: [{ title: 'Cached one, edited', updated_at: post.updated_at }] });
    expect(edited.status).toBe(200);
    const after = await both(SLUG);
    expect(after.answered).toBe(false);
    expect(JSON.parse(after.fast.body.toString()).posts[0].title).toBe('Cached one, edited');
    const again = await both(SLUG);
    expect(again.answered).toBe(true);
    expect(JSON.parse(again.fast.body.toString()).posts[0].title).toBe('Cached one, edited');
  });

  it('stop accepting a key the moment the full way does: deleted integration, refreshed key', async () => {
    const owner = sessionClient(site.service);
    expect((await owner.login(OWNER.email, OWNER.password)).status).toBe(201);
    const doomed = await site.service.createIntegration({ name: 'Doomed' });
    const refreshed = await site.service.createIntegration({ name: 'Refreshed' });
    const warmWith = async (key: string) => {
      await both(content('tags/', key));
      expect((await both(content('tags/', key))).answered).toBe(true);
    };

    await warmWith(doomed.contentKey);
    expect((await owner.del(`integrations/${doomed.id}/`)).status).toBe(204);
    const gone = await both(content('tags/', doomed.contentKey));
    expect([gone.answered, gone.fast.status, gone.full.status]).toEqual([false, 401, 401]);

    await warmWith(refreshed.contentKey);
    const keys = (await body(await owner.get(`integrations/${refreshed.id}/?include=api_keys`))).integrations[0].api_keys;
    const keyId = keys.find((k: { type: string }) => k.type === 'content').id;
    const refresh = await owner.post(`integrations/${refreshed.id}/api_key/${keyId}/refresh/`, {});
    expect(refresh.status).toBe(200);
    const stale = await both(content('tags/', refreshed.contentKey));
    expect([stale.answered, stale.fast.status, stale.full.status]).toEqual([false, 401, 401]);
    const fresh = (await body(refresh)).integrations[0].api_keys.find((k: { type: string }) => k.type === 'content').secret;
    await warmWith(fresh);
  });

  it('leave redirects, NUL, images and other APIs to the full way', async () => {
    await both(SLUG);
    const key = site.contentKey;
    for (const [target, status, fromCache] of [
      [content('posts/slug/cached-one'), 301, false],
      [content('posts/slug/cached-one%00/'), 400, false],
      [content('posts/slug/no-such-post/'), 404, false],
      [`/content/images/2025/03/none.png?key=${key}`, 404, false],
      [`/svc/api/v3/admin/site/?key=${key}`, 200, false],
      [`//elsewhere/svc/api/v3/content/posts/slug/cached-one/?include=tags,authors&key=${key}`, 200, false],
      // the same resource as SLUG once the URL parser has removed the dot segments, as `fetch` sees it
      [`/svc/api/v3/content/posts/slug/x/../cached-one/?include=tags,authors&key=${key}`, 200, true],
    ] as const) {
      for (let round = 0; round < 2; round++) {
        const result = await both(target);
        expect(result.answered, target).toBe(fromCache);
        expect(result.fast.status, target).toBe(status);
        expect(result.fast.headers, target).toEqual(result.full.headers);
        expect(sameBody(result.fast, result.full), target).toBe(true);
      }
    }
    // a Host no URL can be made with is refused by the full way, cache or no cache
    const badHost = await both(SLUG, { headers: { host: 'bad host' } });
    expect([badHost.answered, badHost.fast.status, badHost.full.status]).toEqual([false, 400, 400]);
    // two Host lines, which a server joining duplicate headers reads as one unusable Host
    const seen = views(site.service);
    const joining = { joinDuplicateHeaders: true };
    const [fastJoining, fullJoining] = [await listen(toNodeHandler(seen.watched), joining), await listen(toNodeHandler(seen.full), joining)];
    const twoHosts = async (origin: string) =>
      (await rawLines(origin, `GET ${SLUG} HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: other\r\nConnection: close\r\n\r\n`)).split(' ')[1];
    expect([await twoHosts(fastJoining), await twoHosts(fullJoining), seen.answered()]).toEqual(['400', '400', [false]]);
    const direct = await raw(fastOrigin, SLUG);
    expect(answered()).toEqual([true]);
    expect(direct.status).toBe(200);
  });

  it('go the full way when scheduled posts may have fallen due, even with the key and the generation fresh', async () => {
    // the service looks for due posts at most once a second, remembers keys for a second and trusts the
    // generation for half a second: the timeline below makes the due check the only thing not fresh
    const second = (await site.service.createIntegration({ name: 'Second reader' })).contentKey;
    const alphaCount = (r: Raw) => JSON.parse(r.body.toString()).tags.find((t: { name: string }) => t.name === 'Alpha').count.posts;
    const read = async (key: string) => {
      const response = await raw(fastOrigin, content('tags/?include=count.posts', key));
      return { answered: answered()[0], count: alphaCount(response) };
    };
    clock += 10_000;
    const start = clock;
    const scheduled = await site.admin.post('posts/', {
      posts: [{ title: 'Scheduled', status: 'scheduled', published_at: new Date(start + 1020).toISOString(), tags: ['Alpha'] }],
    });
    expect(scheduled.status).toBe(201);
    answered();
    const before = await read(site.contentKey); // looks for due posts (next look at +1000), reads the generation
    expect(before.answered).toBe(false);
    clock = start + 600;
    expect((await read(second)).answered).toBe(false); // the second key is checked (until +1600), the generation re-read
    clock = start + 990;
    expect(await read(second)).toEqual({ answered: true, count: before.count });
    clock = start + 1050; // the post is due; the key and the generation are still fresh
    expect(await read(second)).toEqual({ answered: false, count: before.count + 1 });
    expect(alphaCount((await both(content('tags/?include=count.posts', second))).full)).toBe(before.count + 1);
  });

  it('are not answered after close()', async () => {
    const errors = vi.fn(); // the 500 below is reported to the service's logger
    const closing = await createService({ url: BASE, now, logger: { info() {}, warn() {}, error: errors } });
    const { contentKey } = await closing.createIntegration({ name: 'closing' });
    const origin = await listen(toNodeHandler(closing));
    const target = content('tags/', contentKey);
    await raw(origin, target);
    expect((await raw(origin, target)).status).toBe(200);
    expect(closing.answer(headFor(target))).not.toBeInstanceOf(Promise);
    await closing.close();
    const afterClose = closing.answer(headFor(target));
    expect(afterClose).toBeInstanceOf(Promise);
    expect((await afterClose).status).toBe(500);
    expect((await raw(origin, target)).status).toBe(500);
    expect(errors).toHaveBeenCalledWith(`unexpected error answering GET ${target.split('?')[0]}`, expect.anything());
  });

  it('follow another instance’s writes as soon as the database announces them, the full way alike', async () => {
    // a second instance on the same database, as a second process would be; closing it leaves the database open
    const shared = createSqlStorage(site.driver);
    const other = await createService({ url: BASE, storage: Object.create(shared, { close: { value: async () => {} } }), now });
    const otherOrigin = await listen(toNodeHandler(other));
    try {
      const names = (r: Raw) => JSON.parse(r.body.toString()).tags.map((t: { name: string }) => t.name);
      await raw(otherOrigin, TAGS);
      expect((await raw(otherOrigin, TAGS)).status).toBe(200);
      const before = names(await raw(otherOrigin, TAGS));
      const published = await site.admin.post('posts/', { posts: [{ title: 'Elsewhere', status: 'published', tags: ['Zeta'] }] });
      expect(published.status).toBe(201);
      // the database announces the change (LISTEN/NOTIFY), so the other instance shows it at once, either way alike
      expect(names(await raw(otherOrigin, TAGS))).toContain('Zeta');
      expect((await body(await other.fetch(new Request(BASE + TAGS)))).tags.map((t: { name: string }) => t.name)).toContain('Zeta');
      expect(before).not.toContain('Zeta');
    } finally {
      await other.close();
    }
  });

  it('are answered the same way through the Express middleware', async () => {
    await both(TAGS);
    const reference = await both(TAGS);
    answered();
    const viaExpress = await raw(expressOrigin, TAGS);
    expect(answered()).toEqual([true]);
    expect(viaExpress.status).toBe(200);
    expect(viaExpress.body.equals(reference.fast.body)).toBe(true);
    // Express adds its own X-Powered-By; everything else is the same
    expect(entity(viaExpress.headers, ['x-powered-by'])).toEqual(entity(reference.full.headers, []));
    const notModified = await raw(expressOrigin, TAGS, { headers: { 'if-none-match': header(reference.fast, 'etag') } });
    expect([answered(), notModified.status]).toEqual([[true], 304]);
  });
});

describe('cached answers to odd targets', () => {
  it('come at once only where service.fetch answers alike; the rest take the full way', async () => {
    const service = site.service;
    const key = site.contentKey;
    const path = '/svc/api/v3/content/tags/';
    await service.fetch(new Request(`${BASE}${path}?key=${key}`));
    const offered = [
      `${path}?key=${key}`,
      `${path}?key=${key}#frag`,
      `${path}#?key=${key}`,
      `${path}?x=1#&key=${key}`,
      `${path}?key=${key}&key=${key}`,
      `${path}?KEY=${key}`,
      `${path}?key=${key}+`,
      `${path}?key=%${key.slice(1)}`,
      `${path}?key=${key.toUpperCase()}`,
      `${path}?k+ey=${key}`,
      `${path}?key=${key}&k%65y=${key}`,
      `${path}?k%65y=${key}&key=${key}`,
      `/svc/api/v3/content/./tags/?key=${key}`,
      `/svc/api/v3/content/x/../tags/?key=${key}`,
      `/svc/api/v3/content/%74ags/?key=${key}`,
      `/svc/api/v3/content/tags?key=${key}`,
      `/svc/api/v3/content//tags/?key=${key}`,
      `//host${path}?key=${key}`,
      `/\\host${path}?key=${key}`,
      `${path}?key=${key}&\tx=1`,
      `${path} ?key=${key}`,
      `/svc/api/v2/content/tags/?key=${key}`,
      `/svc/api/v3/admin/tags/?key=${key}`,
      `/svc/api/v3/content/openapi.json?key=${key}`,
    ];
    const answeredFromCache: string[] = [];
    for (const target of offered) {
      const answer = service.answer(headFor(target));
      if (answer instanceof Promise) {
        await answer;
        continue;
      }
      answeredFromCache.push(target);
      const direct = await inProcess(target);
      expect(answer.status, target).toBe(direct.status);
      expect(Buffer.from(answer.body as Uint8Array).equals(direct.body), target).toBe(true);
    }
    // dot segments are resolved as `fetch` resolves them, to the same entry
    expect(answeredFromCache).toEqual([`${path}?key=${key}`, `/svc/api/v3/content/./tags/?key=${key}`, `/svc/api/v3/content/x/../tags/?key=${key}`]);
    for (const method of ['POST', 'OPTIONS', 'get', 'DELETE']) {
      const answer = service.answer(headFor(`${path}?key=${key}`, method));
      expect(answer, method).toBeInstanceOf(Promise);
      await answer;
    }
  });
});
