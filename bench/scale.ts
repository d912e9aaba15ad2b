// Section 4: does a read cost more as the collection grows? The same queries at 1k, 10k (and, with
// --full, 100k) posts, each compared with its 1k figure: with nothing kept between reads (the read model
// off: every read walks, counts and renders), and as the first read after an edit of a post the page
// shows, with the read model on (the list's total is kept, as it is until the list changes).
import type { Service } from '../lib';
import { adminClient } from './admin';
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
/** Edits, each followed by a timed read, per query, size and round. */
const EDITS = 15;
/** Edits made so far: each one's excerpt is new, so each is a change. */
let editsMade = 0;

/**
 * Reads of `url` timed as the first after an edit of one of the posts it shows (its excerpt, which
 * moves no list): the read model evicts the answer and that post's JSON and keeps the list's total, so
 * the read walks the page, reads and renders one post and takes the rest as kept.
 */
async function firstReadsAfterEdits(site: Site, service: Service, url: string, edits: number): Promise<number[]> {
  const send = adminClient(service, site.adminKey);
  const shown = ((await (await service.fetch(new Request(url))).json()) as { posts: { id: string; updated_at: string }[] }).posts;
  const updatedAt = new Map(shown.map((post) => [post.id, post.updated_at]));
  const samples: number[] = [];
  for (let i = 0; i < edits; i++) {
    const { id } = shown[i % shown.length];
    const edited = await send(
      'PUT',
      `posts/${id}/`,
      { posts: [{ custom_excerpt: `Edited between reads ${editsMade++}`, updated_at: updatedAt.get(id) }] },
      200,
    );
    updatedAt.set(id, edited.updated_at);
    const started = performance.now();
    await (await service.fetch(new Request(url))).arrayBuffer();
    samples.push(performance.now() - started);
  }
  // the site is the later sections' too: the excerpts go back to what they were
  for (const [id, updated_at] of updatedAt) await send('PUT', `posts/${id}/`, { posts: [{ custom_excerpt: null, updated_at }] }, 200);
  return samples;
}

export async function scaleSection(ctx: BenchContext): Promise<void> {
  const { settings, report } = ctx;
  const sizes: SizeName[] = settings.full ? ['1k', '10k', '100k'] : ['1k', '10k'];
  const sites = new Map<SizeName, { site: Site; service: Service; keeping: Service }>();
  for (const size of sizes) {
    const site = await ctx.site(size);
    // nothing kept between reads (lib/read-model): the same URL read again would otherwise be answered
    // from what was kept; and a service that keeps, for the reads after edits
    sites.set(size, { site, service: await site.keepingNothing({ contentApi: { cache: false } }), keeping: await site.another() });
  }
  try {
    for (const q of QUERIES) {
      const samples = new Map<SizeName, number[]>();
      const afterEdits = new Map<SizeName, number[]>();
      // sizes take turns, so a burst of load from elsewhere on the machine does not favour one
      for (let round = 0; round < ROUNDS; round++) {
        for (const [size, { site, service, keeping }] of sites) {
          const url = `${BASE}/svc/api/v3/content/posts/?key=${site.contentKey}&include=tags,authors&${q.query(site)}`;
          if (round === 0) await expectPosts(service, url, `${q.name} at ${size}`, q.empty);
          const timing = await timeLoop(async () => (await service.fetch(new Request(url))).arrayBuffer(), {
            seconds: settings.loopSeconds / ROUNDS,
            minCalls: 5,
            warmup: 2,
          });
          samples.set(size, [...(samples.get(size) ?? []), ...timing.samples]);
          if (!q.empty) afterEdits.set(size, [...(afterEdits.get(size) ?? []), ...(await firstReadsAfterEdits(site, keeping, url, EDITS))]);
        }
      }
      const rows = [
        { name: `${q.name} at`, by: samples, kept: false },
        { name: `${q.name}, the first read after an edit of a post it shows, at`, by: afterEdits, kept: true },
      ];
      for (const row of rows) {
        if (row.by.size === 0) continue;
        const first = median(row.by.get('1k')!);
        for (const size of sizes) {
          const list = row.by.get(size)!;
          // the 100k target is on reads that keep the list's total (the count of a list nothing kept grows with it)
          const target =
            q.flat && row.kept && size !== '1k'
              ? { of: 'ratio' as const, op: '<=' as const, limit: 2, ...(size === '100k' ? {} : { undecided: 'decided at 100k (--full)' }) }
              : undefined;
          report.add({
            section: 'scale',
            name: `${row.name} ${size}, p50`,
            value: median(list),
            unit: 'ms',
            ...(size === '1k' ? {} : { baseline: first, baselineName: 'ms at 1k' }),
            target,
            detail: { p99Ms: percentile(list, 99), calls: list.length },
          });
        }
      }
    }
  } finally {
    for (const { service, keeping } of sites.values()) {
      await service.close();
      await keeping.close();
    }
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
