// The Next.js example's route handlers behind a stand-in for Next's trailing-slash redirects: with
// Next's default (strip the slash) every API address loops; with examples/next/next.config.mjs
// (trailingSlash: true) each answers, and uploaded images are served from their own route.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { adminToken } from '../helpers/service';
import { form, png } from '../files/fixtures';

type Handler = (request: Request) => Promise<Response>;
interface Routes {
  api: Record<string, Handler>;
  images: Record<string, Handler>;
}

const SITE = 'http://localhost:3000';
let dir: string;
let routes: Routes;
let keys: { adminKey: string; contentKey: string };
// the example reads its configuration from these; put back afterwards, as the next file in this process expects
const saved = { PRESSROOM_DATA: process.env.PRESSROOM_DATA, SITE_URL: process.env.SITE_URL };

/** What Next does before a route handler sees a request: its trailing-slash redirect (308), then routing. */
function nextHost(trailingSlash: boolean): (path: string, init?: RequestInit) => Promise<Response> {
  return async (path, init = {}) => {
    const url = new URL(path, SITE);
    const last = url.pathname.split('/').filter(Boolean).pop() ?? '';
    const fileLike = /\.\w+$/.test(last);
    if (url.pathname !== '/') {
      const slashed = url.pathname.endsWith('/');
      const wanted = trailingSlash && !fileLike;
      if (slashed !== wanted) {
        const location = wanted ? `${url.pathname}/` : url.pathname.replace(/\/+$/, '');
        return new Response(null, { status: 308, headers: { location: `${location}${url.search}` } });
      }
    }
    const route = url.pathname.startsWith('/svc/') ? routes.api : url.pathname.startsWith('/content/images/') ? routes.images : null;
    const handler = route?.[(init.method ?? 'GET').toUpperCase()];
    if (!handler) return new Response('not found', { status: 404 });
    return handler(new Request(url, init));
  };
}

/** Follows redirects as a browser would, up to 10; returns the final response and the hops taken. */
async function follow(host: ReturnType<typeof nextHost>, path: string): Promise<{ response: Response; hops: string[] }> {
  const hops: string[] = [];
  let current = path;
  for (let i = 0; i < 10; i++) {
    const response = await host(current);
    if (response.status < 300 || response.status >= 400) return { response, hops };
    current = new URL(response.headers.get('location')!, new URL(current, SITE)).pathname + new URL(response.headers.get('location')!, SITE).search;
    hops.push(`${response.status} ${current}`);
  }
  throw new Error(`redirect loop: ${hops.slice(0, 4).join(', ')}, …`);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pressroom-next-'));
  process.env.PRESSROOM_DATA = join(dir, 'content', 'data');
  process.env.SITE_URL = SITE;
  const printed: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
  routes = {
    api: await import('../../examples/next/app/svc/[[...path]]/route'),
    images: await import('../../examples/next/app/content/images/[...path]/route'),
  } as unknown as Routes;
  // the first request starts the service, which prints the keys on the site's first start
  await routes.api.GET(new Request(`${SITE}/svc/api/v3/admin/site/`));
  log.mockRestore();
  const text = printed.join('\n');
  keys = { adminKey: /Admin API key (\S+)/.exec(text)![1], contentKey: /Content API key (\S+)/.exec(text)![1] };
}, 60_000);

afterAll(async () => {
  const { pressroom } = await import('../../examples/next/lib/pressroom');
  await (await pressroom()).close();
  await rm(dir, { recursive: true, force: true });
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

it('loops between Next (308, slash removed) and pressroom (301, slash added) with Next’s default', async () => {
  await expect(follow(nextHost(false), `/svc/api/v3/content/posts/?key=${keys.contentKey}`)).rejects.toThrow(
    /redirect loop: 308 \/svc\/api\/v3\/content\/posts\?key=\w+, 301 \/svc\/api\/v3\/content\/posts\/\?key=/,
  );
});

it('answers with the example’s next.config.mjs, and serves uploaded images', async () => {
  const configFile: string = '../../examples/next/next.config.mjs'; // plain JS: Next reads it, not tsc
  const config = (await import(/* @vite-ignore */ configFile)).default as { trailingSlash?: boolean };
  expect(config.trailingSlash).toBe(true);
  const host = nextHost(config.trailingSlash!);

  const slashed = await follow(host, `/svc/api/v3/content/posts/?key=${keys.contentKey}`);
  expect(slashed.hops).toEqual([]);
  expect(slashed.response.status).toBe(200);
  const bare = await follow(host, `/svc/api/v3/content/posts?key=${keys.contentKey}`);
  expect(bare.hops).toEqual([`308 /svc/api/v3/content/posts/?key=${keys.contentKey}`]);
  expect(bare.response.status).toBe(200);

  const image = png(4, 4);
  const uploaded = await host('/svc/api/v3/admin/images/upload/', {
    method: 'POST',
    headers: { authorization: `Svc ${await adminToken(keys.adminKey)}` },
    body: form([{ name: 'file', value: image, filename: 'next.png', type: 'image/png' }]),
  });
  expect(uploaded.status).toBe(201);
  const { url } = (await uploaded.json()).images[0];
  expect(url).toMatch(new RegExp(`^${SITE}/content/images/.+\\.png$`));
  const served = await follow(host, new URL(url).pathname);
  expect(served.hops).toEqual([]);
  expect(served.response.status).toBe(200);
  expect(new Uint8Array(await served.response.arrayBuffer())).toEqual(image);
});
