// Every SQL statement one request runs, with its time: where a slow request spends it.
//   node --import tsx bench/trace-sql.ts <browse|slug|tags|filter|exclude|exclude-slug|post> [posts=10000] [--vacuum] [--explain]
// --explain: the plan, with actual times, of each statement taking over a millisecond.
// Times are wall times per request; statements issued together (Promise.all) queue behind each
// other in PGlite, so a statement's time includes waiting for the one before it.
import { createService, type Service } from '../lib';
import { createSqlStorage } from '../lib/storage/sql/sql-storage';
import type { SqlDriver } from '../lib/storage/sql/driver';
import { BASE, baseOptions, createSite, type Site } from './dataset';
import { bodies } from './text';
import { adminTokens } from './token';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const [which = 'browse', posts = '10000'] = args;
const CALLS = 20;

interface Stat {
  calls: number;
  ms: number;
  rows: number;
  /** The last run, for --explain. */
  sql: string;
  params?: unknown[];
}

const stats = new Map<string, Stat>();
let recording = false;

function traced(db: SqlDriver): SqlDriver {
  return {
    async query<R>(sql: string, params?: unknown[]) {
      const t0 = performance.now();
      const result = await db.query<R>(sql, params);
      if (recording) {
        const key = sql.replace(/\s+/g, ' ').trim().slice(0, 140);
        const stat = stats.get(key) ?? { calls: 0, ms: 0, rows: 0, sql };
        stat.sql = sql;
        stat.params = params;
        stat.calls++;
        stat.ms += performance.now() - t0;
        stat.rows += result.rows.length;
        stats.set(key, stat);
      }
      return result;
    },
    exec: (sql) => db.exec(sql),
    transaction: (work) => db.transaction((tx) => work(traced(tx))),
    listen: (channel, listener) => db.listen(channel, listener),
    close: async () => {},
  };
}

function request(site: Site, service: Service): (i: number) => Promise<Response> {
  const content = `${BASE}/svc/api/v3/content`;
  const key = site.contentKey;
  const filter = encodeURIComponent(`tag:${site.tagSlugs[3]}+author:${site.authorSlugs[2]}+published_at:<'2024-12-25'`);
  const gets: Record<string, string> = {
    browse: `${content}/posts/?key=${key}&include=tags,authors`,
    slug: `${content}/posts/slug/${site.publishedSlugs[Math.floor(site.publishedSlugs.length / 2)]}/?key=${key}&include=tags,authors`,
    tags: `${content}/tags/?key=${key}&include=count.posts`,
    filter: `${content}/posts/?key=${key}&include=tags,authors&filter=${filter}`,
  };
  if (gets[which]) return () => service.fetch(new Request(gets[which]));
  // the traffic section's filter per request: every post but one, a new one each time (`id:-{{id}}`)
  if (which === 'exclude') return (i) => service.fetch(new Request(`${gets.browse}&filter=${encodeURIComponent(`id:-'${i}'`)}`));
  if (which === 'exclude-slug') return (i) => service.fetch(new Request(`${gets.browse}&filter=${encodeURIComponent(`slug:-missing-${i}`)}`));
  if (which !== 'post') throw new Error(`unknown case ${which}; known: ${[...Object.keys(gets), 'exclude', 'exclude-slug', 'post'].join(', ')}`);
  const token = adminTokens(site.adminKey);
  const tags = site.tagSlugs.slice(0, 3).map((slug) => ({ slug }));
  const mobiledoc = bodies()[0].mobiledoc;
  return async (i) =>
    service.fetch(
      new Request(`${BASE}/svc/api/v3/admin/posts/`, {
        method: 'POST',
        headers: { authorization: `Svc ${await token()}`, 'content-type': 'application/json' },
        body: JSON.stringify({ posts: [{ title: `Traced ${i}`, mobiledoc, status: 'published', tags }] }),
      }),
    );
}

const site = await createSite(Number(posts));
if (process.argv.includes('--vacuum')) await site.driver.exec('VACUUM ANALYZE');
const service = await createService(baseOptions({ ...createSqlStorage(traced(site.driver)), close: async () => {} }, { contentApi: { cache: false } }));
const send = request(site, service);
for (let i = 0; i < 5; i++) await (await send(i)).arrayBuffer();
recording = true;
const t0 = performance.now();
for (let i = 0; i < CALLS; i++) {
  const response = await send(100 + i);
  if (response.status >= 300) throw new Error(`${which}: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}
const perRequest = (performance.now() - t0) / CALLS;
recording = false;
console.log(`${which} at ${posts} posts${process.argv.includes('--vacuum') ? ' (after VACUUM ANALYZE)' : ''}: ${perRequest.toFixed(2)} ms per request`);
for (const [sql, s] of stats) {
  console.log(
    `${(s.ms / CALLS).toFixed(2).padStart(8)} ms  ${(s.calls / CALLS).toFixed(1)}×  ${String(Math.round(s.rows / s.calls)).padStart(4)} rows  ${sql}`,
  );
}
if (process.argv.includes('--explain')) {
  for (const s of stats.values()) {
    if (s.ms / CALLS < 1 || !/^\s*(SELECT|WITH)/i.test(s.sql)) continue;
    const { rows } = await site.driver.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${s.sql}`, s.params);
    console.log(`\n${s.sql.replace(/\s+/g, ' ').trim()}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
}
await service.close();
await site.close();
