// Sections 1 and 2: Content API reads over HTTP through the Node adapter, against a plain node:http
// server answering the very same bytes, precomputed.
import type { OutgoingHttpHeaders } from 'node:http';
import { toNodeHandler, type FetchHandler } from '../lib/adapters/node';
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
export const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

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
  // the adapter's own cost: the same bytes and headers, answered at once to the request's head as a
  // pressroom service answers a cache hit (`Service.answer`), through toNodeHandler
  const answer = Object.freeze({ status: 200, headers: Object.freeze(headers as Record<string, string>), body });
  const asService: FetchHandler & Pick<Service, 'answer'> = {
    fetch: async () => new Response(body, { status: 200, headers: headers as HeadersInit }),
    answer: () => answer,
  };
  const adapter = await listen(toNodeHandler(asService));
  return { server, stringify, adapter, bytes: body.byteLength };
}

/** The service behind the Node adapter; closing the server closes the service too. */
async function serve(service: Service) {
  const listening = await listen(toNodeHandler(service));
  return { ...listening, close: () => listening.close().then(() => service.close()) };
}

/** Runs of each of the baseline, the adapter alone and the warm cache, in turns. */
const ROUNDS = 3;

function medianRun(runs: LoadResult[]): LoadResult {
  const sorted = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return sorted[Math.floor(sorted.length / 2)];
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
        await fetch(cached.origin + path).then((r) => r.arrayBuffer());
        // the baseline, the adapter alone and the warm cache take turns in short runs, and each
        // figure is the median of its runs: load from elsewhere on the machine then hits all alike
        const runs: Record<'base' | 'adapter' | 'warm', LoadResult[]> = { base: [], adapter: [], warm: [] };
        const origins = { base: baseline.server.origin, adapter: baseline.adapter.origin, warm: cached.origin };
        const seconds = Math.max(1, settings.loadSeconds / ROUNDS);
        for (let round = 0; round < ROUNDS; round++) {
          for (const which of ['base', 'adapter', 'warm'] as const) runs[which].push(await load(origins[which] + path, seconds));
        }
        const base = medianRun(runs.base);
        const adapter = medianRun(runs.adapter);
        const warm = medianRun(runs.warm);
        const stringify = await load(baseline.stringify.origin + path, settings.loadSeconds);
        const off = await load(uncached.origin + path, settings.loadSeconds);
        const kb = `${(baseline.bytes / 1024).toFixed(0)} KB`;
        const common = { section: 'http', unit: 'req/s', baseline: base.requestsPerSecond, baselineName: 'req/s' };
        report.add({ ...common, name: `${endpoint.name}, reference: JSON.stringify per request`, value: stringify.requestsPerSecond });
        report.add({ ...common, name: `${endpoint.name}, the Node adapter alone (precomputed body as bytes)`, value: adapter.requestsPerSecond });
        // nothing kept between reads (the read model off): what a read costs that nothing kept can
        // answer. No target: one URL repeated is not what a site serves (the traffic section is)
        report.add({
          ...common,
          name: `${endpoint.name}, cache off`,
          value: off.requestsPerSecond,
          note: kb,
          detail: { ...detail(off), baseline: detail(base), bytes: baseline.bytes },
        });
        report.add({
          ...common,
          name: `${endpoint.name}, cache warm`,
          value: warm.requestsPerSecond,
          target: { of: 'ratio', op: '>=', limit: 0.7 },
          detail: {
            ...detail(warm),
            runsReqPerS: runs.warm.map((r) => Math.round(r.requestsPerSecond)),
            baselineRunsReqPerS: runs.base.map((r) => Math.round(r.requestsPerSecond)),
          },
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
