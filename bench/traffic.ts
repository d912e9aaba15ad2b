// Issue #22: the Content API under a front end's traffic, through the Node adapter, against a static
// server answering the same bytes for the same URLs, while nothing changes, while an editor saves
// posts, and while new posts are published. And a browse whose filter differs on every request.
import type { OutgoingHttpHeaders } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { toNodeHandler } from '../lib/adapters/node';
import type { Service } from '../lib';
import { adminClient } from './admin';
import type { BenchContext } from './context';
import { createSite, type Site, type SiteShape } from './dataset';
import { frontEndMix, type SiteFacts } from './front-end-mix';
import { ENDPOINTS, HOP_BY_HOP } from './http';
import { listen, load, type Listening, type LoadOptions, type LoadResult } from './load';
import { median } from './measure';
import { pickDistinct, seeded, zipf } from './random';
import type { Row } from './report';
import { bodies } from './text';

/** 2,000 published posts (one in twenty of the generated posts is a draft). */
const POSTS = 2105;
const SHAPE: SiteShape = { tags: 40, authors: 6, tagUse: 'zipf', htmlBytes: 4000 };
const PAGES = 5;
/** Requests in the sampled sequence; each load run sends it from its start, cycling. */
const SEQUENCE = 20_000;
/** The editor's saves per second (`PRESSROOM_BENCH_EDITS` to try another rate). */
const EDITS_PER_SECOND = Number(process.env.PRESSROOM_BENCH_EDITS ?? 4);
const PUBLISH_EVERY_MS = 5000;
/** Requests at a time while capturing pressroom's answers for the static server. */
const CAPTURING = 4;

interface Captured {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

async function capture(response: Response): Promise<Captured> {
  const headers: OutgoingHttpHeaders = {};
  response.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name)) headers[name] = value;
  });
  return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) };
}

/** A node:http server answering each URL with the answer captured for it (or `fallback`), precomputed. */
function staticServer(answers: ReadonlyMap<string, Captured>, fallback?: Captured): Promise<Listening> {
  return listen((req, res) => {
    const answer = answers.get(req.url ?? '') ?? fallback;
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  });
}

/** Every path from `origin`, a few at a time; each must answer 200. */
async function fetchAll(origin: string, paths: readonly string[], got: (path: string, answer: Captured) => void = () => {}): Promise<void> {
  const queue = [...paths];
  const fetcher = async () => {
    for (let path = queue.pop(); path !== undefined; path = queue.pop()) {
      const answer = await capture(await fetch(origin + path));
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${answer.body.toString('utf8').slice(0, 300)}`);
      got(path, answer);
    }
  };
  await Promise.all(Array.from({ length: CAPTURING }, fetcher));
}

/** The service behind the Node adapter, as a host serves it. */
async function serve(service: Service): Promise<Listening> {
  return listen(toNodeHandler(service));
}

/** What the mix needs to know of the site, read as a front end's build would have found it. */
async function facts(site: Site, pageSlugs: string[]): Promise<SiteFacts> {
  const counted = (link: string, table: string, column: string) =>
    site.driver.query<{ slug: string; posts: number }>(
      `SELECT x.slug, count(*)::int AS posts FROM ${table} x JOIN ${link} l ON l.${column} = x.id JOIN posts p ON p.id = l.post_id
       WHERE p.status = 'published' AND p.type = 'post' GROUP BY x.slug ORDER BY posts DESC, x.slug`,
    );
  const [tags, authors] = await Promise.all([counted('posts_tags', 'tags', 'tag_id'), counted('posts_authors', 'users', 'author_id')]);
  return { contentKey: site.contentKey, postSlugs: site.publishedSlugs, tags: tags.rows, authors: authors.rows, pageSlugs };
}

/**
 * Runs `act` every `everyMs` of load, one at a time, while load runs. The schedule goes on across
 * turns (a save due in the static server's turn waits for pressroom's next), so a rate slower than
 * a turn is kept too.
 */
class Pacer {
  private elapsedMs = 0;
  private next = 0;
  done = 0;
  failed = 0;
  lastError = '';

  constructor(
    private readonly everyMs: number,
    private readonly act: (n: number) => Promise<unknown>,
  ) {}

  async during<T>(running: Promise<T>): Promise<T> {
    let over = false;
    const finished = running.then(
      () => void (over = true),
      () => void (over = true),
    );
    const start = performance.now();
    for (;;) {
      const wait = this.next * this.everyMs - (this.elapsedMs + performance.now() - start);
      if (wait > 0) await Promise.race([sleep(wait), finished]);
      if (over) break;
      try {
        await this.act(this.next++);
        this.done++;
      } catch (error) {
        this.failed++;
        this.lastError = String(error).slice(0, 300);
      }
    }
    this.elapsedMs += performance.now() - start;
    return running;
  }

  perSecond(): number {
    return this.elapsedMs > 0 ? (this.done * 1000) / this.elapsedMs : 0;
  }
}

/** An editor saving published posts: the excerpt, then the title, of posts drawn evenly. */
async function editor(site: Site, send: ReturnType<typeof adminClient>) {
  const { rows } = await site.driver.query<{ id: string }>(`SELECT id FROM posts WHERE status = 'published' AND type = 'post' ORDER BY id`);
  const random = seeded(7);
  const updatedAt = new Map<string, string>();
  return async (n: number) => {
    const id = rows[Math.floor(random() * rows.length)].id;
    const known = updatedAt.get(id) ?? (await send('GET', `posts/${id}/`, undefined, 200)).updated_at;
    const change = n % 2 === 0 ? { custom_excerpt: `An excerpt, as saved the ${n + 1}th time.` } : { title: `A title, as saved the ${n + 1}th time` };
    const saved = await send('PUT', `posts/${id}/`, { posts: [{ ...change, updated_at: known }] }, 200);
    updatedAt.set(id, saved.updated_at);
  };
}

/** An author publishing new posts like the site's own: ~4 KB of HTML, three tags by their use, one author. */
function publisher(site: Site, send: ReturnType<typeof adminClient>) {
  const texts = bodies(SHAPE.htmlBytes);
  const random = seeded(11);
  const tagIndex = zipf(site.tagSlugs.length);
  return async (n: number) => {
    const tags = pickDistinct(random, site.tagSlugs, 3, tagIndex).map((slug) => ({ slug }));
    const authors = [{ slug: site.authorSlugs[n % site.authorSlugs.length] }];
    await send(
      'POST',
      'posts/',
      { posts: [{ title: `Breaking news number ${n + 1}`, mobiledoc: texts[n % texts.length].mobiledoc, status: 'published', tags, authors }] },
      201,
    );
  };
}

interface Turns {
  static: LoadResult[];
  pressroom: LoadResult[];
}

/** The static server and pressroom take turns, `rounds` each, so load from elsewhere hits both alike. */
async function turns(rounds: number, seconds: number, origins: { static: string; pressroom: string }, path: string, options: LoadOptions, pacer?: Pacer) {
  const runs: Turns = { static: [], pressroom: [] };
  for (let round = 0; round < rounds; round++) {
    runs.static.push(await load(origins.static + path, seconds, 10, options));
    const pressroom = load(origins.pressroom + path, seconds, 10, options);
    runs.pressroom.push(await (pacer ? pacer.during(pressroom) : pressroom));
  }
  return runs;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(0));

/** Requests/s over all turns; p50 and p99 the median of the turns'; errors summed. */
function summary(results: LoadResult[]) {
  return {
    requestsPerSecond: mean(results.map((r) => r.requestsPerSecond)),
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    errors: results.reduce((sum, r) => sum + r.failures, 0),
    turnsReqPerS: results.map((r) => Math.round(r.requestsPerSecond)),
  };
}

/** A requests/s row against the static server, with latency and errors in its note. */
function throughputRow(name: string, runs: Turns, target: number, extra = ''): Row {
  const p = summary(runs.pressroom);
  const s = summary(runs.static);
  // each pressroom turn against the static turn just before it: the spread the machine's load made
  const turnRatios = runs.pressroom.map((r, i) => Math.round((r.requestsPerSecond / runs.static[i].requestsPerSecond) * 1000) / 1000);
  return {
    section: 'traffic',
    name,
    unit: 'req/s',
    value: p.requestsPerSecond,
    baseline: s.requestsPerSecond,
    baselineName: 'req/s static',
    target: { of: 'ratio', op: '>=', limit: target },
    note: `p50 / p99 ${ms(p.p50)} / ${ms(p.p99)} ms (static ${ms(s.p50)} / ${ms(s.p99)}); errors ${p.errors} (static ${s.errors})${extra}`,
    detail: { pressroom: p, static: s, turnRatios },
  };
}

async function frontEndTraffic(ctx: BenchContext, rounds: number, seconds: number): Promise<void> {
  const { report } = ctx;
  console.log(`  generating the traffic site (${POSTS} posts, ${SHAPE.tags} tags, ${SHAPE.authors} authors)…`);
  const site = await createSite(POSTS, { shape: SHAPE });
  const send = adminClient(site.service, site.adminKey);
  const pageSlugs: string[] = [];
  for (const [i, title] of ['About', 'Contact', 'Subscribe', 'Privacy', 'Colophon'].slice(0, PAGES).entries()) {
    const slug = title.toLowerCase();
    await send('POST', 'pages/', { pages: [{ title, slug, mobiledoc: bodies()[i].mobiledoc, status: 'published' }] }, 201);
    pageSlugs.push(slug);
  }
  const paths = frontEndMix(await facts(site, pageSlugs), SEQUENCE);
  const distinct = [...new Set(paths)];
  const pressroom = await serve(site.service);
  const answers = new Map<string, Captured>();
  try {
    const started = performance.now();
    await fetchAll(pressroom.origin, distinct, (path, answer) => answers.set(path, answer));
    const bytes = [...answers.values()].reduce((sum, a) => sum + a.body.byteLength, 0);
    report.add({
      section: 'traffic',
      name: 'distinct URLs in the front-end mix',
      value: distinct.length,
      unit: 'URLs',
      note: `of ${SEQUENCE.toLocaleString('en-US')} requests sampled; ${(bytes / 1024 ** 2).toFixed(1)} MB, captured in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      detail: { meanBytes: Math.round(bytes / distinct.length) },
    });
    const still = await staticServer(answers);
    try {
      const origins = { static: still.origin, pressroom: pressroom.origin };
      const options = { paths };
      // one untimed turn each, so neither server's first turn pays for its JIT
      await turns(1, 1, origins, '', options);

      const readOnly = await turns(rounds, seconds, origins, '', options);
      report.add(throughputRow('front-end mix, read-only', readOnly, 0.9));

      const edits = new Pacer(1000 / EDITS_PER_SECOND, await editor(site, send));
      const editing = await turns(rounds, seconds, origins, '', options, edits);
      const edited = `; ${edits.perSecond().toFixed(1)} edits/s done${edits.failed ? `, ${edits.failed} failed: ${edits.lastError}` : ''}`;
      report.add(throughputRow(`front-end mix, ${EDITS_PER_SECOND} edits/s of published posts`, editing, 0.6, edited));
      const p99 = summary(editing.pressroom).p99;
      report.add({
        section: 'traffic',
        name: `front-end mix, ${EDITS_PER_SECOND} edits/s: p99 latency`,
        value: p99,
        unit: 'ms',
        baseline: summary(editing.static).p99,
        baselineName: 'ms static',
        target: { of: 'value', op: '<=', limit: 10 },
      });

      const publishes = new Pacer(PUBLISH_EVERY_MS, publisher(site, send));
      const publishing = await turns(rounds, seconds, origins, '', options, publishes);
      const published = `; ${publishes.done} posts published${publishes.failed ? `, ${publishes.failed} failed: ${publishes.lastError}` : ''}`;
      report.add(throughputRow(`front-end mix, a post published every ${PUBLISH_EVERY_MS / 1000} s`, publishing, 0.4, published));
    } finally {
      await still.close();
    }
  } finally {
    await pressroom.close();
    await site.close();
  }
}

/**
 * Filters no request repeats, as a theme sends them: every post but one that is not there, by id
 * (`id:-{{id}}`, "other posts than this one") or by slug; `[<id>]` is autocannon's new id.
 */
export const FILTER_SHAPES: Record<string, (id: string) => string> = {
  id: (id) => `id:-'${id}'`,
  // a slug never starts with '-' or '_', which one in 32 of autocannon's ids does (`slug:--x` is a 400)
  slug: (id) => `slug:-s${id}`,
};

/**
 * The http section's browse page with a filter no request repeats, so nothing kept can answer it, for
 * each of FILTER_SHAPES — the same 15 posts, walked to and counted afresh.
 */
async function filterPerRequest(ctx: BenchContext, rounds: number, seconds: number): Promise<void> {
  const site = await ctx.site(ctx.settings.size);
  const service = await site.another();
  const pressroom = await serve(service);
  try {
    for (const filter of Object.values(FILTER_SHAPES)) {
      const path = (id: string) => `${ENDPOINTS[0].path(site)}&filter=${filter(id)}`;
      // an id as long as the load's own, so the sample is the size of every answer
      const sample = await capture(await fetch(pressroom.origin + path('x'.repeat(33))));
      if (sample.status !== 200) throw new Error(`the filtered browse answered ${sample.status}: ${sample.body.toString('utf8').slice(0, 300)}`);
      const still = await staticServer(new Map(), sample);
      try {
        const runs = await turns(rounds, seconds, { static: still.origin, pressroom: pressroom.origin }, path('[<id>]'), { uniqueIds: true });
        ctx.report.add({
          ...throughputRow(
            `browse (${(sample.body.byteLength / 1024).toFixed(0)} KB, ${ctx.settings.size} posts), a different filter on every request (\`${filter('<new>')}\`)`,
            runs,
            0.1,
          ),
        });
      } finally {
        await still.close();
      }
    }
  } finally {
    await pressroom.close();
    await service.close();
  }
}

export async function trafficSection(ctx: BenchContext): Promise<void> {
  // many short turns rather than a few long ones: the load from elsewhere changes within seconds
  const rounds = ctx.settings.quick ? 2 : 5;
  const seconds = ctx.settings.quick ? 2 : 3;
  await frontEndTraffic(ctx, rounds, seconds);
  await filterPerRequest(ctx, rounds, seconds);
}
