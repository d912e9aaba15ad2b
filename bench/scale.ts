// Section 4: does a read cost more as the collection grows? The same queries at 1k, 10k (and, with
// --full, 100k) posts, each compared with its 1k figure. Response cache off, and nothing kept between
// reads: this measures the work.
import type { Service } from '../lib';
import type { BenchContext, SizeName } from './context';
import { BASE, type Site } from './dataset';
import { median, percentile, timeLoop } from './measure';

const PER_PAGE = 15;

interface Query {
  name: string;
  query: (site: Site) => string;
  /** Whether the "within 2× of 1k at 100k" target applies. */
  flat: boolean;
  /** Whether the page has posts (checked once per size before timing). */
  empty?: boolean;
}

const QUERIES: Query[] = [
  { name: 'browse page 1', query: () => 'page=1', flat: true },
  { name: 'browse page 50', query: () => 'page=50', flat: false },
  { name: 'browse last page', query: (s) => `page=${Math.ceil(s.publishedSlugs.length / PER_PAGE)}`, flat: false },
  {
    name: 'browse 3-clause filter',
    // a tag, an author and a date: each clause matches a large share of the posts, together a few
    query: (s) => `filter=${encodeURIComponent(`tag:${s.tagSlugs[3]}+author:${s.authorSlugs[2]}+published_at:<'2024-12-25'`)}`,
    flat: true,
  },
  // the far end of a long tail of tags: walking the site in order finds no post to stop at
  { name: 'browse filtered by a tag on no post', query: () => `filter=${encodeURIComponent('tag:no-post-has-it')}`, flat: false, empty: true },
];

const ROUNDS = 3;

export async function scaleSection(ctx: BenchContext): Promise<void> {
  const { settings, report } = ctx;
  const sizes: SizeName[] = settings.full ? ['1k', '10k', '100k'] : ['1k', '10k'];
  const sites = new Map<SizeName, { site: Site; service: Service }>();
  for (const size of sizes) {
    const site = await ctx.site(size);
    // nothing kept between reads (lib/read-model): the same URL read again would otherwise be answered
    // from what was kept, and what grows with the site is the walk
    sites.set(size, { site, service: await site.keepingNothing({ contentApi: { cache: false } }) });
  }
  try {
    for (const q of QUERIES) {
      const samples = new Map<SizeName, number[]>();
      // sizes take turns, so a burst of load from elsewhere on the machine does not favour one
      for (let round = 0; round < ROUNDS; round++) {
        for (const [size, { site, service }] of sites) {
          const url = `${BASE}/svc/api/v3/content/posts/?key=${site.contentKey}&include=tags,authors&${q.query(site)}`;
          if (round === 0) await expectPosts(service, url, `${q.name} at ${size}`, q.empty);
          const timing = await timeLoop(async () => (await service.fetch(new Request(url))).arrayBuffer(), {
            seconds: settings.loopSeconds / ROUNDS,
            minCalls: 5,
            warmup: 2,
          });
          samples.set(size, [...(samples.get(size) ?? []), ...timing.samples]);
        }
      }
      const first = median(samples.get('1k')!);
      for (const size of sizes) {
        const list = samples.get(size)!;
        const target =
          q.flat && size !== '1k'
            ? { of: 'ratio' as const, op: '<=' as const, limit: 2, ...(size === '100k' ? {} : { undecided: 'decided at 100k (--full)' }) }
            : undefined;
        report.add({
          section: 'scale',
          name: `${q.name} at ${size}, p50`,
          value: median(list),
          unit: 'ms',
          ...(size === '1k' ? {} : { baseline: first, baselineName: 'ms at 1k' }),
          target,
          detail: { p99Ms: percentile(list, 99), calls: list.length },
        });
      }
    }
  } finally {
    for (const { service } of sites.values()) await service.close();
    // only the --size site is used by later sections
    for (const size of sizes) if (size !== settings.size) await ctx.drop(size);
  }
}

async function expectPosts(service: Service, url: string, what: string, empty = false): Promise<void> {
  const response = await service.fetch(new Request(url));
  const body = (await response.json()) as { posts?: unknown[] };
  if (response.status !== 200 || !body.posts || (body.posts.length === 0) !== empty) {
    throw new Error(`${what}: ${response.status}, ${body.posts?.length ?? 0} posts`);
  }
}
