// Sections 1 and 2: Content API reads over HTTP through the Node adapter, against a plain node:http
// server answering the very same bytes, precomputed.
import type { OutgoingHttpHeaders } from 'node:http';
import { toNodeHandler } from '../lib/adapters/node';
import type { Service } from '../lib';
import type { BenchContext } from './context';
import { listen, load, type LoadResult } from './load';
import type { Site } from './dataset';

interface Endpoint {
  name: string;
  path: (site: Site) => string;
}

export const ENDPOINTS: Endpoint[] = [
  { name: 'GET posts/?include=tags,authors', path: (s) => `/svc/api/v3/content/posts/?key=${s.contentKey}&include=tags,authors` },
  {
    name: 'GET posts/slug/{slug}/?include=tags,authors',
    path: (s) => `/svc/api/v3/content/posts/slug/${s.publishedSlugs[Math.floor(s.publishedSlugs.length / 2)]}/?key=${s.contentKey}&include=tags,authors`,
  },
  { name: 'GET tags/?include=count.posts', path: (s) => `/svc/api/v3/content/tags/?key=${s.contentKey}&include=count.posts` },
];

/** Headers a server sets per connection or per write, which the baseline must not copy. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

/**
 * A server that answers every request with one precomputed response; and, for reference, one that
 * JSON.stringifies the same body per request (the floor of any server that serialises per request).
 */
async function baselineServers(sample: Response) {
  const body = Buffer.from(await sample.arrayBuffer());
  const headers: OutgoingHttpHeaders = {};
  sample.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name)) headers[name] = value;
  });
  const server = await listen((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  });
  const parsed: unknown = JSON.parse(body.toString('utf8'));
  const stringify = await listen((_req, res) => {
    res.writeHead(200, headers);
    res.end(JSON.stringify(parsed));
  });
  // the adapter's own cost: the same bytes as a precomputed Response, through toNodeHandler
  const adapter = await listen(toNodeHandler({ fetch: async () => new Response(body, { status: 200, headers: headers as HeadersInit }) }));
  return { server, stringify, adapter, bytes: body.byteLength };
}

/** The service behind the Node adapter; closing the server closes the service too. */
async function serve(service: Service) {
  const listening = await listen(toNodeHandler(service));
  return { ...listening, close: () => listening.close().then(() => service.close()) };
}

function detail(result: LoadResult) {
  return { p50Ms: result.p50, p99Ms: result.p99, failures: result.failures };
}

export async function httpSection(ctx: BenchContext): Promise<void> {
  const { settings, report } = ctx;
  const site = await ctx.site(settings.size);
  const uncached = await serve(await site.another({ contentApi: { cache: false } }));
  const cached = await serve(await site.another());
  try {
    for (const endpoint of ENDPOINTS) {
      const path = endpoint.path(site);
      const sample = await fetch(uncached.origin + path);
      if (sample.status !== 200) throw new Error(`${endpoint.name} answered ${sample.status}: ${await sample.text()}`);
      const baseline = await baselineServers(sample);
      try {
        const base = await load(baseline.server.origin + path, settings.loadSeconds);
        const stringify = await load(baseline.stringify.origin + path, settings.loadSeconds);
        const adapter = await load(baseline.adapter.origin + path, settings.loadSeconds);
        const off = await load(uncached.origin + path, settings.loadSeconds);
        await fetch(cached.origin + path).then((r) => r.arrayBuffer());
        const warm = await load(cached.origin + path, settings.loadSeconds);
        const kb = `${(baseline.bytes / 1024).toFixed(0)} KB`;
        const common = { section: 'http', unit: 'req/s', baseline: base.requestsPerSecond, baselineName: 'req/s' };
        report.add({ ...common, name: `${endpoint.name}, reference: JSON.stringify per request`, value: stringify.requestsPerSecond });
        report.add({ ...common, name: `${endpoint.name}, the Node adapter alone (precomputed Response)`, value: adapter.requestsPerSecond });
        report.add({
          ...common, name: `${endpoint.name}, cache off`, value: off.requestsPerSecond, note: kb,
          target: { of: 'ratio', op: '>=', limit: 0.1 }, detail: { ...detail(off), baseline: detail(base), bytes: baseline.bytes },
        });
        report.add({
          ...common, name: `${endpoint.name}, cache warm`, value: warm.requestsPerSecond,
          target: { of: 'ratio', op: '>=', limit: 0.7 }, detail: detail(warm),
        });
        if (off.failures + warm.failures + base.failures > 0) report.note(`${endpoint.name}: some requests failed under load`);
      } finally {
        await baseline.server.close();
        await baseline.stringify.close();
        await baseline.adapter.close();
      }
    }
  } finally {
    await uncached.close();
    await cached.close();
  }
}
