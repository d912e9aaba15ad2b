// Section 8: the filter language. Parse + compile per filter against JSON.parse of a string of the
// same length; then `limit=all` over the whole site (time and memory, in a fresh process).
import { compileFilter, parseFilter } from '../lib/nql';
import { postFields } from '../lib/storage/sql/filter-fields';
import { runChild } from './child';
import { SIZES, type BenchContext } from './context';
import { microseconds, timeLoop } from './measure';
import { BASE } from './dataset';

const FILTERS = [
  'featured:true',
  "tag:harbor+author:author-3+published_at:<'2024-12-25'",
  "tag:[harbor,meadow,river]+featured:false+published_at:>'2024-01-01'",
  "(tag:harbor,tag:meadow)+author:-author-1+reading_time:>=2+title:~'number'",
  'slug:[post-1,post-2,post-3,post-4,post-5,post-6,post-7,post-8,post-9,post-10]',
];

interface LimitAll {
  status: number;
  ms: number;
  firstByteMs: number;
  bodyMB: number;
  peakRssGrowthMB: number;
  heldAtHandoverMB: number;
}

export async function nqlSection(ctx: BenchContext): Promise<void> {
  const { settings, report } = ctx;
  const section = 'nql';
  const seconds = settings.quick ? 0.2 : 1;
  for (const filter of FILTERS) {
    const compile = microseconds(() => compileFilter(parseFilter(filter), postFields, [], { now: new Date() }), seconds);
    const asJson = JSON.stringify(filter);
    const baseline = microseconds(() => JSON.parse(asJson), seconds);
    report.add({ section, name: `parse + compile ${filter}`, value: compile, unit: 'µs', baseline, baselineName: 'µs JSON.parse' });
  }

  // the NQL issue's figure: a browse with a five-clause filter, response cache off and nothing kept
  // between reads (the page would otherwise be kept), against the same browse without a filter
  const site = await ctx.site(settings.size);
  const off = await site.keepingNothing({ contentApi: { cache: false } });
  const five = `tag:${site.tagSlugs[3]}+author:-${site.authorSlugs[1]}+featured:false+published_at:>'2024-01-01'+title:~'a'`;
  const browse = (filter: string) => (i: number) =>
    off.fetch(new Request(`${BASE}/svc/api/v3/content/posts/?key=${site.contentKey}&n=${i}${filter ? `&filter=${encodeURIComponent(filter)}` : ''}`));
  const loop = { seconds: settings.loopSeconds, minCalls: 20 };
  const unfiltered = await timeLoop(browse(''), loop);
  const filtered = await timeLoop(browse(five), loop);
  report.add({
    section,
    name: `browse with a 5-clause filter over ${settings.size} posts, cache off, p50`,
    value: filtered.p50,
    unit: 'ms',
    baseline: unfiltered.p50,
    baselineName: 'ms unfiltered',
    detail: { filter: five, p99: filtered.p99 },
  });
  await off.close();

  const posts = SIZES[settings.size];
  const { result } = await runChild<LimitAll>('memory-child.ts', ['limit-all', String(posts)], ['--expose-gc']);
  if (result.status !== 200) throw new Error(`limit=all answered ${result.status}`);
  const name = `GET posts/?include=tags,authors&limit=all over ${settings.size} posts`;
  report.add({ section, name, value: result.ms, unit: 'ms', detail: { untilResponseMs: result.firstByteMs } });
  report.add({
    section,
    name: `${name}: peak RSS growth`,
    value: result.peakRssGrowthMB,
    unit: 'MB',
    baseline: result.bodyMB,
    baselineName: 'MB body',
    // "not held twice": the request may not need more than twice its body's size at any moment
    target: { of: 'ratio', op: '<=', limit: 2 },
  });
  report.add({
    section,
    name: `${name}: held when the Response is handed over`,
    value: result.heldAtHandoverMB,
    unit: 'MB',
    baseline: result.bodyMB,
    baselineName: 'MB body',
    note: 'a streamed body holds ~0 here',
  });
}
