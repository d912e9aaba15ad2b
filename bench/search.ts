// Section "search" (issue 36): full-text search at 100,000 posts (or --size) with realistic bodies, on
// PGlite through service.fetch with nothing kept between reads, and the same on the PostgreSQL server;
// the index's size; and what keeping the index costs an admin write.
//
// The generated sites of dataset.ts cycle five bodies over a 50-word vocabulary, so every word is in
// nearly every post: no search is realistic there. This section makes its own site: a vocabulary of
// 20,000 words drawn by Zipf's law (as words in text are), bodies of 250–550 words in paragraphs,
// titles of 4–8 words, two of 50 tags and one of 10 authors per post. It is built once per size into
// bench/.cache/ (a PGlite data directory, and a schema on the server) and reused; PRESSROOM_BENCH_CACHE
// names another folder for it (building 100k posts takes minutes: one outside the worktree outlives it).
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createService, type Service } from '../lib';
import { createPgliteDriver } from '../lib/storage/pglite/storage';
import { createPgDriver } from '../lib/storage/pg';
import type { SqlDriver } from '../lib/storage/sql/driver';
import { createSqlStorage } from '../lib/storage/sql/sql-storage';
import { browseBody, count } from '../lib/storage/sql/common';
import { browseSpecOf } from '../lib/storage/sql/post-browse';
import { parseSearch } from '../lib/resources/posts/search-query';
import { adminClient } from './admin';
import type { BenchContext } from './context';
import { SIZES } from './context';
import { BASE, baseOptions } from './dataset';
import { median, percentile, timeLoop } from './measure';
import { seeded } from './random';

const VOCABULARY = 20_000;
const TAG_COUNT = 50;
const AUTHOR_COUNT = 10;
const POSTS_PER_INSERT = 250;
const SERVER_URL = process.env.PRESSROOM_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Pronounceable made-up words, distinct, in rank order (the first is the most frequent). */
export function vocabulary(): string[] {
  const random = seeded(36);
  const onsets = ['b', 'c', 'd', 'f', 'g', 'h', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'w', 'br', 'st', 'tr', 'pl'];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'ai', 'ou'];
  const words = new Set<string>();
  while (words.size < VOCABULARY) {
    const syllables = 2 + Math.floor(random() * 3);
    let word = '';
    for (let s = 0; s < syllables; s++) word += onsets[Math.floor(random() * onsets.length)] + vowels[Math.floor(random() * vowels.length)];
    words.add(word + (random() < 0.3 ? 'n' : ''));
  }
  return [...words];
}

/** Draws ranks by Zipf's law (exponent 1): rank r in proportion to 1 / (r + 1). */
function zipfSampler(count: number, random: () => number): () => number {
  const cumulative = new Float64Array(count);
  let sum = 0;
  for (let r = 0; r < count; r++) cumulative[r] = sum += 1 / (r + 1);
  return () => {
    const x = random() * sum;
    let lo = 0;
    let hi = count - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const hex = (prefix: string, n: number) => `${prefix}${n.toString(16).padStart(22, '0')}`;
const capital = (word: string) => `${word[0].toUpperCase()}${word.slice(1)}`;

/** How many queries of each kind are measured, in turn: a reader's searches differ. */
const QUERIES_EACH = 20;

/**
 * The measured queries, chosen by rank so that they stand where a reader's would: two-word queries of
 * a word ranked 140–159 and one ranked 390–409 (each in some 5–20% of posts), and words ranked 50–69
 * cut one letter short, as a reader types them. The tenth of each (ranks 150 and 400; 60) is the one
 * query earlier runs measured alone.
 */
export function queryWords(words: string[]): { two: string[]; prefix: string[] } {
  const each = Array.from({ length: QUERIES_EACH }, (_, i) => i);
  return { two: each.map((i) => `${words[140 + i]} ${words[390 + i]}`), prefix: each.map((i) => words[50 + i].slice(0, -1)) };
}

/** Fills `db` (migrated, set up) with `count` posts; returns the vocabulary. */
async function fillSearchSite(db: SqlDriver, count: number, log: (text: string) => void): Promise<void> {
  const words = vocabulary();
  const random = seeded(7);
  const rank = zipfSampler(words.length, random);
  const word = () => words[rank()];
  const now = new Date('2025-01-01T00:00:00Z');
  const tagIds = Array.from({ length: TAG_COUNT }, (_, i) => hex('7b', i + 1));
  const authorIds = Array.from({ length: AUTHOR_COUNT }, (_, i) => hex('7c', i + 1));
  await db.query(
    `INSERT INTO tags (id, name, slug, created_at, updated_at) SELECT id, name, slug, $4, $4 FROM unnest($1::text[], $2::text[], $3::text[]) AS t(id, name, slug)`,
    [tagIds, tagIds.map((_, i) => capital(words[300 + i * 7])), tagIds.map((_, i) => `topic-${i}`), now],
  );
  await db.query(
    `INSERT INTO users (id, name, slug, password_hash, email, created_at, updated_at)
     SELECT id, name, slug, 'x', slug || '@example.com', $4, $4 FROM unnest($1::text[], $2::text[], $3::text[]) AS t(id, name, slug)`,
    [authorIds, authorIds.map((_, i) => `${capital(words[1000 + i])} ${capital(words[2000 + i])}`), authorIds.map((_, i) => `writer-${i}`), now],
  );
  await db.query(`INSERT INTO roles_users (role_id, user_id) SELECT r.id, u FROM roles r, unnest($1::text[]) u WHERE r.name = 'Author'`, [authorIds]);
  const started = performance.now();
  for (let first = 1; first <= count; first += POSTS_PER_INSERT) {
    const rows: unknown[][] = [[], [], [], [], [], [], [], [], [], []];
    const links: { tags: unknown[][]; authors: unknown[][] } = { tags: [[], [], []], authors: [[], [], []] };
    for (let n = first; n < Math.min(count + 1, first + POSTS_PER_INSERT); n++) {
      const id = hex('7d', n);
      const title = capital(Array.from({ length: 4 + Math.floor(random() * 5) }, word).join(' '));
      const paragraphs = Array.from({ length: 4 + Math.floor(random() * 4) }, () =>
        Array.from({ length: 5 }, () => `${capital(Array.from({ length: 8 + Math.floor(random() * 10) }, word).join(' '))}.`).join(' '),
      );
      const tags = [tagIds[Math.floor(random() * TAG_COUNT)], tagIds[Math.floor(random() * TAG_COUNT)]].filter((t, i, all) => all.indexOf(t) === i);
      const author = authorIds[n % AUTHOR_COUNT];
      const at = new Date(now.getTime() - n * 3_600_000);
      const draft = n % 10 === 0;
      const values = [
        id,
        title,
        `post-${n}`,
        paragraphs.map((p) => `<p>${p}</p>`).join(''),
        paragraphs.join('\n\n'),
        draft ? 'draft' : 'published',
        draft ? null : at,
        at,
        `{${tags.join(',')}}`,
        `{${author}}`,
      ];
      values.forEach((value, c) => rows[c].push(value));
      tags.forEach((tag, i) => [id, tag, i].forEach((value, c) => links.tags[c].push(value)));
      [id, author, 0].forEach((value, c) => links.authors[c].push(value));
    }
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO posts (id, uuid, title, slug, html, plaintext, status, published_at, created_at, updated_at, created_by, updated_by,
                            tag_ids, author_ids, primary_tag_id, primary_author_id, reading_time)
         SELECT id, gen_random_uuid(), title, slug, html, plaintext, status, published_at, at, at, author_ids[1], author_ids[1],
                tag_ids, author_ids, tag_ids[1], author_ids[1], 2
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[], $8::timestamptz[], $9::varchar[][], $10::varchar[][])
           AS u(id, title, slug, html, plaintext, status, published_at, at, tag_ids_text, author_ids_text),
         LATERAL (SELECT tag_ids_text::varchar(24)[] AS tag_ids, author_ids_text::varchar(24)[] AS author_ids) ids`,
        rows.map((column, c) => (c >= 8 ? column.map(String) : column)),
      );
      await tx.query(`INSERT INTO posts_tags (post_id, tag_id, sort_order) SELECT * FROM unnest($1::text[], $2::text[], $3::int[])`, links.tags);
      await tx.query(`INSERT INTO posts_authors (post_id, author_id, sort_order) SELECT * FROM unnest($1::text[], $2::text[], $3::int[])`, links.authors);
    });
    if ((first - 1) % 10_000 === 0 && first > 1) log(`    ${first - 1} posts, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  await db.exec('VACUUM ANALYZE');
}

async function openService(storage: ReturnType<typeof createSqlStorage>): Promise<Service> {
  // nothing kept between reads: every search runs its SQL and renders
  return createService(baseOptions(storage, { contentApi: { cache: false } }));
}

/** A service over a search site on PGlite in bench/.cache/, built on first use. */
export async function pgliteSite(count: number, log: (text: string) => void) {
  const cache = process.env.PRESSROOM_BENCH_CACHE ?? fileURLToPath(new URL('./.cache', import.meta.url));
  const dir = `${cache}/search-${count}`;
  const built = existsSync(`${dir}/.built`);
  if (!built) await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const driver = await createPgliteDriver({ dataDir: `${dir}/data` });
  const service = await openService(createSqlStorage(driver));
  if (!built) {
    const t0 = performance.now();
    await service.setup({ name: 'Site Owner', email: 'owner@example.com', password: 'a-long-bench-password-1', title: 'Search bench' });
    await fillSearchSite(driver, count, log);
    log(`  built the PGlite site of ${count} posts in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    await import('node:fs/promises').then((fs) => fs.writeFile(`${dir}/.built`, ''));
  }
  return { driver, service };
}

/** The same site on the PostgreSQL server, in a schema of its own kept between runs. */
export async function serverSite(count: number, log: (text: string) => void) {
  const schema = `pressroom_bench_search_${count}`;
  let driver = await createPgDriver({ connectionString: SERVER_URL, schema });
  const { rows } = await driver.query<{ n: number }>(`SELECT count(*)::int AS n FROM posts`);
  if ((rows[0]?.n ?? 0) < count) {
    // a site left half-built by an earlier run goes whole
    await driver.exec(`DROP SCHEMA ${schema} CASCADE`);
    await driver.close();
    driver = await createPgDriver({ connectionString: SERVER_URL, schema });
  }
  const service = await openService(createSqlStorage(driver));
  if ((rows[0]?.n ?? 0) < count) {
    const t0 = performance.now();
    await service.setup({ name: 'Site Owner', email: 'owner@example.com', password: 'a-long-bench-password-1', title: 'Search bench' });
    await fillSearchSite(driver, count, log);
    log(`  built the server site of ${count} posts in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  return { driver, service };
}

async function contentKey(service: Service): Promise<{ contentKey: string; adminKey: string }> {
  return service.createIntegration({ name: `Search bench ${Date.now()}` });
}

/**
 * p50 and p99 of Content API searches, `calls` of them taking `queries` in turn, in ms, and the totals
 * they answer. The process is new: the first round (each query once) is reported apart, as `first`,
 * and a second is not timed. Until V8 has optimised PGlite's hot WebAssembly functions (it runs them
 * through its baseline compiler first), a process's first ~30 searches take up to 3× as long
 * (bench/README.md, "Search").
 */
async function timeSearches(service: Service, key: string, queries: string[], calls: number) {
  const url = (query: string) => `${BASE}/svc/api/v3/content/posts/?key=${key}&${query}`;
  const search = async (query: string) => {
    const t = performance.now();
    const res = await service.fetch(new Request(url(query)));
    if (res.status !== 200) throw new Error(`search bench: ${url(query)} → ${res.status} ${await res.text()}`);
    const total = ((await res.json()) as { meta: { pagination: { total: number } } }).meta.pagination.total;
    return { ms: performance.now() - t, total };
  };
  const first: number[] = [];
  const totals: number[] = [];
  for (const query of queries) {
    const { ms, total } = await search(query);
    first.push(ms);
    totals.push(total);
  }
  for (const query of queries) await search(query);
  const samples: number[] = [];
  for (let i = 0; i < calls; i++) samples.push((await search(queries[i % queries.length])).ms);
  return { p50: median(samples), p99: percentile(samples, 99), first: { p50: median(first), max: Math.max(...first) }, totals };
}

/** Sizes of the indexes and of the column the first is made from, in MB. */
async function indexSize(db: SqlDriver) {
  const { rows } = await db.query<{ index: number; head: number; column: number; table: number }>(
    `SELECT pg_relation_size('post_search_search')::float8 / 1048576 AS index,
            pg_relation_size('post_search_head')::float8 / 1048576 AS head,
            (SELECT sum(pg_column_size(search)) FROM post_search)::float8 / 1048576 AS column,
            pg_total_relation_size('post_search')::float8 / 1048576 AS table`,
  );
  return rows[0];
}

/** How many published posts a search's text matches, counted: an answer's total may be an estimate (search-browse.ts). */
async function matches(db: SqlDriver, text: string): Promise<number> {
  const query = {
    type: 'post' as const,
    publishedOnly: true,
    defaultOrder: 'published_at' as const,
    search: parseSearch(text),
    page: { limit: null, offset: 0 },
    now: new Date(),
  };
  const spec = await browseSpecOf(db, query);
  return count(db, browseBody(spec), spec.params);
}

const WRITE_ROUNDS = 8;
/** The triggers on posts that keep post_search (migrations/020). */
const SEARCH_TRIGGERS = ['posts_search_text', 'posts_search_columns'];
const WRITE_CALLS = 30;

/** POST and PUT of a post with the search trigger on and off, alternating rounds in one process (as admin.ts recordingCost). */
async function writeCost(ctx: BenchContext, db: SqlDriver, service: Service, adminKey: string) {
  const send = adminClient(service, adminKey);
  const words = vocabulary();
  const random = seeded(99);
  const rank = zipfSampler(words.length, random);
  const paragraph = () => Array.from({ length: 60 }, () => words[rank()]).join(' ');
  const html = Array.from({ length: 6 }, () => `<p>${paragraph()}.</p>`).join('');
  const ratios = { post: [] as number[], put: [] as number[] };
  const mean = { on: { post: 0, put: 0 }, off: { post: 0, put: 0 } };
  let n = 0;
  try {
    for (let round = 0; round < WRITE_ROUNDS; round++) {
      const perRound = { on: { post: 0, put: 0 }, off: { post: 0, put: 0 } };
      for (const mode of round % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
        for (const trigger of SEARCH_TRIGGERS) await db.exec(`ALTER TABLE posts ${mode === 'on' ? 'ENABLE' : 'DISABLE'} TRIGGER ${trigger}`);
        const written: { id: string; updated_at: string }[] = [];
        const add = await timeLoop(
          async () => {
            written.push(await send('POST', 'posts/?source=html', { posts: [{ title: `Search write ${n++}`, html, status: 'published' }] }, 201));
          },
          { seconds: 0, minCalls: WRITE_CALLS, warmup: 3 },
        );
        const edit = await timeLoop(
          async (i) => {
            const k = i % written.length;
            written[k] = await send(
              'PUT',
              `posts/${written[k].id}/?source=html`,
              { posts: [{ html: `<p>${paragraph()}.</p>${html}`, updated_at: written[k].updated_at }] },
              200,
            );
          },
          { seconds: 0, minCalls: WRITE_CALLS, warmup: 3 },
        );
        perRound[mode] = { post: add.perSecond, put: edit.perSecond };
        mean[mode].post += add.perSecond / WRITE_ROUNDS;
        mean[mode].put += edit.perSecond / WRITE_ROUNDS;
      }
      ratios.post.push(perRound.on.post / perRound.off.post);
      ratios.put.push(perRound.on.put / perRound.off.put);
    }
  } finally {
    for (const trigger of SEARCH_TRIGGERS) await db.exec(`ALTER TABLE posts ENABLE TRIGGER ${trigger}`);
    // The site goes back to what was built. Kept, these posts would be the newest in every later run,
    // all with one body, where a search's second tier walks first: with the 1,584 that three runs had
    // left, the prefix searches' p50 was 10.6 ms, 7.5 ms without them (bench/README.md, "Search").
    await db.exec(`DELETE FROM posts WHERE title LIKE 'Search write %'`);
    await db.exec('VACUUM ANALYZE posts, post_search');
  }
  for (const kind of ['post', 'put'] as const) {
    const sorted = ratios[kind].sort((a, b) => a - b);
    ctx.report.add({
      section: 'search',
      name: `${kind === 'post' ? 'POST posts/' : 'PUT posts/{id}/ (body)'} keeping the search index, ${WRITE_ROUNDS} alternating rounds`,
      value: mean.on[kind],
      unit: 'posts/s',
      baseline: mean.off[kind],
      baselineName: 'with the search trigger off',
      ratio: sorted[Math.floor(sorted.length / 2)],
      note: "median of the rounds' ratios; ~360-word bodies",
      detail: { roundRatios: sorted.map((r) => Number(r.toFixed(3))) },
    });
  }
}

export async function searchSection(ctx: BenchContext): Promise<void> {
  const count = SIZES[ctx.settings.size];
  const log = (text: string) => console.log(text);
  const words = queryWords(vocabulary());
  const calls = ctx.settings.quick ? 60 : 400;
  const kinds = [
    {
      name: 'two-word search, include=tags,authors',
      texts: words.two,
      query: (text: string) => `search=${encodeURIComponent(text)}&include=tags,authors`,
      p50: 5,
      p99: 20,
    },
    { name: 'prefix search (a common word one letter short)', texts: words.prefix, query: (text: string) => `search=${encodeURIComponent(text)}`, p50: 10 },
  ];
  for (const where of ['PGlite', 'PostgreSQL server'] as const) {
    let site: { driver: SqlDriver; service: Service };
    try {
      site = where === 'PGlite' ? await pgliteSite(count, log) : await serverSite(count, log);
    } catch (error) {
      ctx.report.notes.push(`search on the ${where}: not measured (${(error as Error).message})`);
      continue;
    }
    try {
      const keys = await contentKey(site.service);
      for (const kind of kinds) {
        const timing = await timeSearches(site.service, keys.contentKey, kind.texts.map(kind.query), calls);
        const found: number[] = [];
        for (const text of kind.texts) found.push(await matches(site.driver, text));
        const range = (values: number[]) => `${Math.min(...values)}–${Math.max(...values)}`;
        const detail = { queries: kind.texts, found, totals: timing.totals, first: timing.first };
        const pglite = where === 'PGlite';
        const name = `${where}: ${kind.name}, ${kind.texts.length} queries in turn`;
        ctx.report.add({
          section: 'search',
          name: `${name}, p50 (${range(found)} found; median ${median(found)})`,
          value: timing.p50,
          unit: 'ms',
          target: pglite ? { of: 'value', op: '<=', limit: kind.p50 } : undefined,
          detail,
        });
        if (kind.p99 !== undefined)
          ctx.report.add({
            section: 'search',
            name: `${name}, p99`,
            value: timing.p99,
            unit: 'ms',
            target: pglite ? { of: 'value', op: '<=', limit: kind.p99 } : undefined,
          });
        ctx.report.add({
          section: 'search',
          name: `${name}: the new process's first round, p50 (max ${timing.first.max.toFixed(1)} ms)`,
          value: timing.first.p50,
          unit: 'ms',
        });
      }
      const size = await indexSize(site.driver);
      ctx.report.add({ section: 'search', name: `${where}: GIN index post_search_search`, value: size.index, unit: 'MB', detail: size });
      ctx.report.add({ section: 'search', name: `${where}: GIN index post_search_head`, value: size.head, unit: 'MB' });
      ctx.report.add({ section: 'search', name: `${where}: the tsvector column (sum of its values)`, value: size.column, unit: 'MB' });
      if (where === 'PGlite') await writeCost(ctx, site.driver, site.service, keys.adminKey);
    } finally {
      await site.service.close();
    }
  }
}
