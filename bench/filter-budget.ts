// Section filter-budget (issue 24): what the largest filters a client may send cost the database, which
// in PGlite runs on the service's own thread. Each is a Content API browse with the response cache
// off and nothing kept between reads, against the same browse without a filter; a refused filter
// reports its status and how long the refusal took.
import { BASE } from './dataset';
import type { BenchContext } from './context';
import { timeLoop } from './measure';

/** `n` comparisons joined by `joiner`, each made by `term(i)`. */
const terms = (n: number, joiner: string, term: (i: number) => string) => Array.from({ length: n }, (_, i) => term(i)).join(joiner);

export async function filterBudgetSection(ctx: BenchContext): Promise<void> {
  const { settings, report } = ctx;
  const section = 'filter-budget';
  const site = await ctx.site(settings.size);
  const off = await site.keepingNothing({ contentApi: { cache: false } });
  const slugs = site.publishedSlugs;
  const filters: Array<[name: string, filter: string]> = [
    ['800 OR-ed tag comparisons', terms(800, ',', (i) => `tag:t${i}`)],
    ['100 OR-ed tag comparisons', terms(100, ',', (i) => `tag:${site.tagSlugs[i % site.tagSlugs.length]}${i}`)],
    ['100 AND-ed negated tag comparisons', terms(100, '+', (i) => `tag:-t${i}`)],
    // the site's own slugs where they fit (8 KB is the longest filter), then made-up ones
    ['a 1,000-value slug in-group', `slug:[${terms(1000, ',', (i) => (i < 100 ? slugs[i % slugs.length] : `s${i}`))}]`],
    ['a 1,000-value tag in-group', `tag:[${terms(1000, ',', (i) => `t${i}`)}]`],
  ];
  const browse = (filter: string) => (i: number) =>
    off.fetch(new Request(`${BASE}/svc/api/v3/content/posts/?key=${site.contentKey}&n=${i}${filter ? `&filter=${encodeURIComponent(filter)}` : ''}`));
  const loop = { seconds: settings.loopSeconds, minCalls: 10 };
  const unfiltered = await timeLoop(browse(''), loop);
  for (const [name, filter] of filters) {
    const status = (await browse(filter)(0)).status;
    const timing = await timeLoop(browse(filter), loop);
    report.add({
      section,
      name: `browse with ${name} over ${settings.size} posts, cache off, p50`,
      value: timing.p50,
      unit: 'ms',
      baseline: unfiltered.p50,
      baselineName: 'ms unfiltered',
      detail: { status, length: filter.length, p99: timing.p99 },
    });
  }
  await off.close();
}
