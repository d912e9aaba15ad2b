// Section 3: `service.fetch` called directly (no network), against a bare fetch-style handler that
// returns a precomputed Response.
import type { Service } from '../lib';
import type { BenchContext } from './context';
import { BASE } from './dataset';
import { median, percentile, timeLoop } from './measure';
import { ENDPOINTS } from './http';
import { adminClient } from './admin';

type Handler = (request: Request) => Promise<Response>;

/** Rounds of all candidates in turn, so a burst of load from elsewhere on the machine hits them alike. */
const ROUNDS = 3;

async function call(handler: Handler, url: string): Promise<void> {
  const response = await handler(new Request(url));
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  await response.arrayBuffer();
}

/** What the cheapest possible fetch handler costs: hand out headers and bytes it already has. */
async function bareHandler(service: Service, url: string): Promise<Handler> {
  const sample = await service.fetch(new Request(url));
  const body = new Uint8Array(await sample.arrayBuffer());
  const headers = [...sample.headers];
  return async () => new Response(body, { status: 200, headers });
}

interface Figures {
  p50: number;
  p99: number;
  perSecond: number;
}

async function interleaved(candidates: Record<string, Handler>, url: string, seconds: number): Promise<Record<string, Figures>> {
  const samples: Record<string, number[]> = {};
  const busy: Record<string, number> = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, handler] of Object.entries(candidates)) {
      const timing = await timeLoop(() => call(handler, url), { seconds: seconds / ROUNDS, minCalls: 20, warmup: 10 });
      // concat, not push(...): a fast handler gives more samples than a call may take arguments
      samples[name] = (samples[name] ?? []).concat(timing.samples);
      busy[name] = (busy[name] ?? 0) + timing.samples.length / timing.perSecond;
    }
  }
  return Object.fromEntries(
    Object.entries(samples).map(([name, list]) => [name, { p50: median(list), p99: percentile(list, 99), perSecond: list.length / busy[name] }]),
  );
}

export async function inProcessSection(ctx: BenchContext): Promise<void> {
  const { settings, report } = ctx;
  const site = await ctx.site(settings.size);
  const off = await site.another({ contentApi: { cache: false } });
  const warm = await site.another();
  const section = 'in-process';
  try {
    for (const endpoint of ENDPOINTS.slice(0, 2)) {
      const url = BASE + endpoint.path(site);
      const figures = await interleaved(
        { bare: await bareHandler(off, url), 'cache off': (r) => off.fetch(r), 'cache warm': (r) => warm.fetch(r) },
        url,
        settings.loopSeconds * 3,
      );
      const base = figures.bare;
      for (const mode of ['cache off', 'cache warm']) {
        const f = figures[mode];
        const name = `${endpoint.name}, ${mode}`;
        report.add({ section, name: `${name}, p50`, value: f.p50, unit: 'ms', baseline: base.p50, baselineName: 'ms' });
        report.add({ section, name: `${name}, p99`, value: f.p99, unit: 'ms', baseline: base.p99, baselineName: 'ms' });
        report.add({ section, name: `${name}, one at a time`, value: f.perSecond, unit: 'req/s', baseline: base.perSecond, baselineName: 'req/s' });
      }
    }
    await afterAnEdit(ctx, warm);
  } finally {
    await off.close();
    await warm.close();
  }
}

/** Edits, and reads after each, in the section's figures. */
const EDITS = 200;

/**
 * What the first read of a page costs after one of its posts was edited: the read model evicted the
 * page and that post's JSON, so the read walks the page, reads and renders that post again and takes
 * the others' JSON and the total as kept (lib/read-model). Against the same read through a service
 * that keeps nothing, which reads everything every time.
 */
async function afterAnEdit(ctx: BenchContext, keeping: Service): Promise<void> {
  const { settings, report } = ctx;
  const site = await ctx.site(settings.size);
  const nothing = await site.keepingNothing({ contentApi: { cache: false } });
  const url = BASE + ENDPOINTS[0].path(site);
  const send = adminClient(keeping, site.adminKey);
  const timed = async (service: Service) => {
    const started = performance.now();
    await call((r) => service.fetch(r), url);
    return performance.now() - started;
  };
  try {
    const shown = (await (await keeping.fetch(new Request(url))).json()) as { posts: { id: string }[] };
    let post = await send('GET', `posts/${shown.posts[1].id}/`, undefined, 200);
    const kept: number[] = [];
    const none: number[] = [];
    for (let i = 0; i < EDITS; i++) {
      post = await send('PUT', `posts/${post.id}/`, { posts: [{ title: `Edited between reads ${i}`, updated_at: post.updated_at }] }, 200);
      kept.push(await timed(keeping));
      none.push(await timed(nothing));
    }
    const name = `${ENDPOINTS[0].name}, the first read after one of its posts was edited`;
    const common = { section: 'in-process', unit: 'ms', baselineName: 'ms, keeping nothing (cache off)' };
    report.add({ ...common, name: `${name}, p50`, value: median(kept), baseline: median(none) });
    report.add({ ...common, name: `${name}, p99`, value: percentile(kept, 99), baseline: percentile(none, 99) });
  } finally {
    await nothing.close();
  }
}
