// Mixed traffic through the Node adapter: 80% Content API reads, 15% Admin writes, 5% invalid requests,
// from 20 connections. No 5xx, every acknowledged write readable afterwards, memory bounded.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toNodeHandler } from '../../lib/adapters/node';
import { adminToken } from '../helpers/service';
import { FULL, scale } from './helpers';
import { integrityProblems } from './integrity';
import { robustSite, SAMPLE_MOBILEDOC, type RobustSite } from './site';

const DURATION_MS = scale(4_000, 60_000);
const CONNECTIONS = 20;
const MB = 1024 * 1024;

let site: RobustSite;
let server: Server;
let origin: string;

beforeAll(async () => {
  site = await robustSite();
  server = createServer(toNodeHandler(site.service));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await site?.close();
});

interface Written {
  id: string;
  slug: string;
  status: string;
  title: string;
  updated_at: string;
  deleted: boolean;
}

describe(`${DURATION_MS / 1000} s of mixed traffic at ${CONNECTIONS} connections through the Node adapter`, () => {
  it(
    'answers no 5xx, loses no acknowledged write and keeps memory bounded',
    async () => {
      const statuses = new Map<string, number>();
      const serverErrors: string[] = [];
      const written: Written[] = [];
      const heap: number[] = [];
      let sequence = 0;

      const count = (kind: string, status: number) => statuses.set(`${kind} ${status}`, (statuses.get(`${kind} ${status}`) ?? 0) + 1);

      async function send(kind: string, path: string, init: RequestInit = {}): Promise<Response> {
        // fetch keeps idle connections alive: 20 workers with one request in flight each use at most 20 connections
        const response = await fetch(`${origin}${path}`, init);
        count(kind, response.status);
        if (response.status >= 500)
          serverErrors.push(`${kind} ${init.method ?? 'GET'} ${path} → ${response.status} ${(await response.clone().text()).slice(0, 200)}`);
        return response;
      }

      const content = (path: string) => `/svc/api/v3/content/${path}${path.includes('?') ? '&' : '?'}key=${site.contentKey}`;

      async function read(): Promise<void> {
        const published = written.filter((w) => w.status === 'published' && !w.deleted);
        const pick = Math.random();
        let path: string;
        if (pick < 0.35) path = content(`posts/?include=tags,authors&limit=${1 + Math.floor(Math.random() * 15)}&page=${1 + Math.floor(Math.random() * 3)}`);
        else if (pick < 0.55 && published.length) path = content(`posts/slug/${published[Math.floor(Math.random() * published.length)].slug}/`);
        else if (pick < 0.7) path = content('posts/?filter=tag:load&fields=title,slug&formats=plaintext');
        else if (pick < 0.8) path = content('tags/?include=count.posts');
        else if (pick < 0.9) path = content('authors/');
        else path = content('settings/');
        const response = await send('read', path);
        const etag = response.headers.get('etag');
        await response.arrayBuffer();
        if (etag && Math.random() < 0.2) await (await send('revalidate', path, { headers: { 'if-none-match': etag } })).arrayBuffer();
      }

      async function admin(method: string, path: string, body?: unknown): Promise<Response> {
        const token = await adminToken(site.adminKey, { version: 'v3' });
        return send(`${method} write`, `/svc/api/v3/admin/${path}`, {
          method,
          headers: { authorization: `Svc ${token}`, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      }

      async function writeSomething(): Promise<void> {
        const mine = written.filter((w) => !w.deleted);
        const pick = Math.random();
        if (pick < 0.6 || mine.length < 5) {
          const n = sequence++;
          const status = n % 3 === 0 ? 'draft' : 'published';
          const response = await admin('POST', 'posts/', {
            posts: [{ title: `Load post ${n}`, status, tags: ['Load', `Load ${n % 10}`], mobiledoc: SAMPLE_MOBILEDOC }],
          });
          if (response.status === 201) {
            const post = (await response.json()).posts[0];
            written.push({ id: post.id, slug: post.slug, status, title: post.title, updated_at: post.updated_at, deleted: false });
          } else await response.arrayBuffer();
        } else if (pick < 0.9) {
          const target = mine[Math.floor(Math.random() * mine.length)];
          const title = `${target.title.split(' (')[0]} (edited ${sequence++})`;
          const response = await admin('PUT', `posts/${target.id}/`, { posts: [{ title, updated_at: target.updated_at }] });
          if (response.status === 200) {
            const post = (await response.json()).posts[0];
            Object.assign(target, { title: post.title, updated_at: post.updated_at });
          } else await response.arrayBuffer(); // 409: another worker edited it first
        } else {
          const target = mine[Math.floor(Math.random() * mine.length)];
          target.deleted = true; // claimed before sending, so no other worker edits it meanwhile
          const response = await admin('DELETE', `posts/${target.id}/`);
          if (response.status !== 204 && response.status !== 404) target.deleted = false;
          await response.arrayBuffer();
        }
      }

      const INVALID: [string, RequestInit][] = [
        ['/svc/api/v3/admin/posts/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"posts":[' }],
        ['/svc/api/v3/content/posts/?key=0000', {}],
        ['/svc/api/v3/content/posts/?filter=tag:[&key=KEY', {}],
        ['/svc/api/v3/content/posts/?limit=-1&key=KEY', {}],
        ['/svc/api/v3/admin/posts/', { headers: { authorization: 'Svc a.b.c' } }],
        ['/svc/api/v3/admin/posts/', { method: 'POST', headers: { authorization: 'Svc eyJhbGciOiJub25lIn0.e30.' }, body: '{}' }],
        ['/svc/api/v3/content/posts/slug/%00/?key=KEY', {}],
        ['/svc/api/v9/content/posts/', {}],
        ['/svc/api/v3/admin/posts/not-an-id/', { method: 'DELETE' }],
      ];

      async function invalid(): Promise<void> {
        const [path, init] = INVALID[Math.floor(Math.random() * INVALID.length)];
        const response = await send('invalid', path.replace('KEY', site.contentKey), init);
        await response.arrayBuffer();
        if (response.status < 400) serverErrors.push(`invalid request accepted: ${path} → ${response.status}`);
      }

      const deadline = Date.now() + DURATION_MS;
      const sampler = setInterval(() => heap.push(process.memoryUsage().heapUsed), 250);
      const rssStart = process.memoryUsage().rss;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (Date.now() < deadline) {
            const r = Math.random();
            if (r < 0.8) await read();
            else if (r < 0.95) await writeSomething();
            else await invalid();
          }
        }),
      );
      clearInterval(sampler);
      const rssEnd = process.memoryUsage().rss;

      const total = [...statuses.values()].reduce((a, b) => a + b, 0);
      console.log(
        `load: ${total} requests in ${DURATION_MS / 1000} s (${Math.round(total / (DURATION_MS / 1000))}/s), ${written.length} posts acknowledged; ` +
          `heap ${Math.round(Math.min(...heap) / MB)}–${Math.round(Math.max(...heap) / MB)} MB, rss ${Math.round(rssStart / MB)} → ${Math.round(rssEnd / MB)} MB; ` +
          [...statuses]
            .sort()
            .map(([k, v]) => `${k}:${v}`)
            .join(' '),
      );
      expect(serverErrors).toEqual([]);
      expect(written.length).toBeGreaterThan(0);

      // every acknowledged write is there, as acknowledged
      const lost: string[] = [];
      for (const post of written) {
        const token = await adminToken(site.adminKey, { version: 'v3' });
        const response = await fetch(`${origin}/svc/api/v3/admin/posts/${post.id}/`, { headers: { authorization: `Svc ${token}` } });
        if (post.deleted) {
          if (response.status !== 404) lost.push(`${post.id} deleted but ${response.status}`);
          await response.arrayBuffer();
          continue;
        }
        if (response.status !== 200) {
          lost.push(`${post.id} → ${response.status}`);
          await response.arrayBuffer();
          continue;
        }
        const stored = (await response.json()).posts[0];
        if (stored.title !== post.title) lost.push(`${post.id} title ${stored.title}, acknowledged ${post.title}`);
        if (post.status === 'published') {
          const publicRead = await fetch(`${origin}${content(`posts/slug/${stored.slug}/`)}`);
          if (publicRead.status !== 200) lost.push(`${post.id} not readable through the Content API: ${publicRead.status}`);
          await publicRead.arrayBuffer();
        }
      }
      expect(lost).toEqual([]);
      expect(await integrityProblems(site.driver)).toEqual({});

      // memory: the response cache is capped (50 MB) and nothing else grows with traffic; the bound is generous
      // because PGlite's WebAssembly memory grows with the data written and never shrinks
      const half = Math.floor(heap.length / 2);
      expect(Math.max(...heap.slice(half)) - Math.max(...heap.slice(0, half))).toBeLessThan(FULL ? 96 * MB : 128 * MB);
      expect(rssEnd - rssStart).toBeLessThan(FULL ? 600 * MB : 400 * MB);
    },
    DURATION_MS + 120_000,
  );
});
