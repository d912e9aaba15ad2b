// A generated site: posts, tags and authors written in bulk straight through the SQL driver (the
// service's own write path is far too slow to fill 100k posts), then keys made through the service.
import { createService, type Service, type ServiceOptions } from '../lib';
import { createPgliteDriver } from '../lib/storage/pglite/storage';
import { createSqlStorage } from '../lib/storage/sql/sql-storage';
import type { SqlDriver } from '../lib/storage/sql/driver';
import type { Storage } from '../lib/storage/storage';
import { pickDistinct, seeded, zipf } from './random';
import { bodies, WORDS, type Body } from './text';

export const BASE = 'http://127.0.0.1:2368';
export const TAGS = 50;
export const AUTHORS = 10;
/** Roughly one post in twenty is a draft: present in the table, absent from the Content API. */
const DRAFT_EVERY = 20;
const AUTHOR_ROLE = '5f0000000000000000000004';
const ROWS_PER_INSERT = 500;
const POSTS_PER_TRANSACTION = 2000;
const HOUR = 3_600_000;
const EPOCH = Date.UTC(2025, 0, 1);

/** What a generated site looks like, besides its number of posts. */
export interface SiteShape {
  tags: number;
  authors: number;
  /**
   * How a post's three tags are drawn: `even`ly from all tags, or `zipf`-skewed (tag k in proportion
   * to 1 / (k + 1): a few tags on most posts and a long tail, as on a real blog).
   */
  tagUse: 'even' | 'zipf';
  /** Each post body's HTML is at least this long (0: the five documents as written, ~1.6–2.1 KB). */
  htmlBytes: number;
}

export const DEFAULT_SHAPE: SiteShape = { tags: TAGS, authors: AUTHORS, tagUse: 'even', htmlBytes: 0 };

export interface Site {
  service: Service;
  driver: SqlDriver;
  posts: number;
  contentKey: string;
  adminKey: string;
  /** Slugs of published posts, newest first. */
  publishedSlugs: string[];
  tagSlugs: string[];
  authorSlugs: string[];
  /** Milliseconds spent generating and inserting. */
  loadMs: number;
  /** Another service over the same database (e.g. with the response cache off); closing it leaves the database open. */
  another(options?: ServiceOptions): Promise<Service>;
  /**
   * Another service that keeps nothing between reads (`contentApi.cache: false`): each read runs its
   * statements and serialises its posts, as the first read after a write does.
   */
  keepingNothing(options?: ServiceOptions): Promise<Service>;
  close(): Promise<void>;
}

/** Hex ids with a fixed prefix per table, so they are valid, unique and stable between runs. */
const id = (prefix: string, n: number) => `${prefix}${n.toString(16).padStart(24 - prefix.length, '0')}`;
const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** A column, the SQL type its values are sent as (`['featured', 'boolean']`), and a type to cast them to on the way in. */
type Column = [name: string, type: string, castTo?: string];

/**
 * Bulk insert: one array parameter per column, spread into rows by `unnest`. Binding ten thousand
 * scalar parameters in a multi-row VALUES costs PGlite about twice as much.
 */
async function insertMany(db: SqlDriver, table: string, columns: Column[], rows: unknown[][]): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const batch = rows.slice(start, start + ROWS_PER_INSERT);
    const arrays = columns.map((_, c) => batch.map((row) => row[c]));
    const unnest = columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
    const values = columns.map(([, , castTo], i) => (castTo ? `c${i}::${castTo}` : `c${i}`)).join(', ');
    const names = columns.map((_, i) => `c${i}`).join(', ');
    await db.query(`INSERT INTO ${table} (${columns.map(([name]) => name).join(', ')}) SELECT ${values} FROM unnest(${unnest}) AS u(${names})`, arrays);
  }
}

const text = (...names: string[]): Column[] => names.map((name) => [name, 'text']);
const stamps = (...names: string[]): Column[] => names.map((name) => [name, 'timestamptz']);

function tagRows(now: Date, count: number): { ids: string[]; slugs: string[]; rows: unknown[][] } {
  const ids: string[] = [];
  const slugs: string[] = [];
  const rows = WORDS.slice(0, count).map((word, i) => {
    ids.push(id('7a', i + 1));
    slugs.push(word);
    return [ids[i], `${word[0].toUpperCase()}${word.slice(1)}`, word, `Posts about ${word}.`, now, now];
  });
  return { ids, slugs, rows };
}

function authorRows(now: Date, count: number): { ids: string[]; slugs: string[]; rows: unknown[][] } {
  const ids: string[] = [];
  const slugs: string[] = [];
  const rows = Array.from({ length: count }, (_, i) => {
    ids.push(id('7b', i + 1));
    slugs.push(`author-${i + 1}`);
    const bio = `Writes about ${WORDS[i]} and ${WORDS[i + 10]}.`;
    // the hash is not a real PBKDF2 hash: these staff never sign in
    return [ids[i], `Author ${i + 1}`, slugs[i], 'bench-no-login', `author${i + 1}@example.com`, bio, 'https://example.com', now, now];
  });
  return { ids, slugs, rows };
}

const POST_COLUMNS: Column[] = [
  ...text('id'),
  ['uuid', 'uuid'],
  ...text('type', 'title', 'slug', 'mobiledoc', 'html', 'plaintext', 'comment_id'),
  ['featured', 'boolean'],
  ['status', 'text'],
  ['reading_time', 'int'],
  ...text('primary_tag_id', 'primary_author_id'),
  ['created_at', 'timestamptz'],
  ['created_by', 'text'],
  ['updated_at', 'timestamptz'],
  ['updated_by', 'text'],
  ['published_at', 'timestamptz'],
  ['published_by', 'text'],
  // arrays of arrays cannot be unnested row by row: each list travels as its text form
  ['tag_ids', 'text', 'varchar(24)[]'],
  ['author_ids', 'text', 'varchar(24)[]'],
];

interface PostBatch {
  posts: unknown[][];
  postsTags: unknown[][];
  postsAuthors: unknown[][];
  publishedSlugs: string[];
}

/** Posts `first`…`last`: post n was published n hours before EPOCH, so the newest post is post 1. */
function postBatch(
  first: number,
  last: number,
  random: () => number,
  tagIds: string[],
  authorIds: string[],
  texts: Body[],
  tagIndex?: (random: () => number) => number,
): PostBatch {
  const batch: PostBatch = { posts: [], postsTags: [], postsAuthors: [], publishedSlugs: [] };
  for (let n = first; n <= last; n++) {
    const postId = id('7c', n);
    const tags = pickDistinct(random, tagIds, 3, tagIndex);
    const authors = pickDistinct(random, authorIds, random() < 0.3 ? 2 : 1);
    const body = texts[n % texts.length];
    const draft = n % DRAFT_EVERY === 0;
    const at = new Date(EPOCH - n * HOUR);
    const title = `${WORDS[n % WORDS.length]} ${WORDS[(n * 7) % WORDS.length]} number ${n}`;
    const slug = `post-${n}`;
    if (!draft) batch.publishedSlugs.push(slug);
    batch.posts.push([
      postId,
      uuid(n),
      'post',
      title,
      slug,
      body.mobiledoc,
      body.html,
      body.plaintext,
      postId,
      n % 10 === 0,
      draft ? 'draft' : 'published',
      body.readingTime,
      tags[0],
      authors[0],
      at,
      authors[0],
      at,
      authors[0],
      draft ? null : at,
      draft ? null : authors[0],
      `{${tags.join(',')}}`,
      `{${authors.join(',')}}`,
    ]);
    tags.forEach((tag, i) => batch.postsTags.push([postId, tag, i]));
    authors.forEach((author, i) => batch.postsAuthors.push([postId, author, i]));
  }
  return batch;
}

/** One transaction with foreign-key triggers off: the rows are consistent by construction. */
function bulk<T>(db: SqlDriver, work: (tx: SqlDriver) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.exec('SET LOCAL session_replication_role = replica');
    return work(tx);
  });
}

/** Fills an empty, set-up database with `count` posts and the shape's tags and authors (50 and 10 by default). */
export async function fill(db: SqlDriver, count: number, shape: SiteShape = DEFAULT_SHAPE): Promise<Pick<Site, 'publishedSlugs' | 'tagSlugs' | 'authorSlugs'>> {
  const now = new Date(EPOCH);
  const tags = tagRows(now, shape.tags);
  const authors = authorRows(now, shape.authors);
  const texts = bodies(shape.htmlBytes);
  const tagIndex = shape.tagUse === 'zipf' ? zipf(shape.tags) : undefined;
  await bulk(db, async (tx) => {
    await insertMany(tx, 'tags', [...text('id', 'name', 'slug', 'description'), ...stamps('created_at', 'updated_at')], tags.rows);
    await insertMany(
      tx,
      'users',
      [...text('id', 'name', 'slug', 'password_hash', 'email', 'bio', 'website'), ...stamps('created_at', 'updated_at')],
      authors.rows,
    );
    await insertMany(
      tx,
      'roles_users',
      text('role_id', 'user_id'),
      authors.ids.map((userId) => [AUTHOR_ROLE, userId]),
    );
  });
  const random = seeded(42);
  const publishedSlugs: string[] = [];
  // a transaction per batch, as a site that grew over time would have committed them
  for (let first = 1; first <= count; first += POSTS_PER_TRANSACTION) {
    const batch = postBatch(first, Math.min(count, first + POSTS_PER_TRANSACTION - 1), random, tags.ids, authors.ids, texts, tagIndex);
    await bulk(db, async (tx) => {
      await insertMany(tx, 'posts', POST_COLUMNS, batch.posts);
      await insertMany(tx, 'posts_tags', [...text('post_id', 'tag_id'), ['sort_order', 'int']], batch.postsTags);
      await insertMany(tx, 'posts_authors', [...text('post_id', 'author_id'), ['sort_order', 'int']], batch.postsAuthors);
    });
    publishedSlugs.push(...batch.publishedSlugs);
  }
  // no ANALYZE or VACUUM: PGlite runs no autovacuum, so a site that grew through the API has neither
  return { publishedSlugs, tagSlugs: tags.slugs, authorSlugs: authors.slugs };
}

/** Service options every bench site shares: fast password hashing, the same public URL. */
export function baseOptions(storage: Storage, options: ServiceOptions = {}): ServiceOptions {
  return { url: BASE, ...options, storage, auth: { passwordIterations: 1000, ...options.auth } };
}

/** A PGlite database (in memory, or in `dataDir`) holding a generated site of `posts` posts. */
export async function createSite(posts: number, options: { dataDir?: string; service?: ServiceOptions; shape?: SiteShape } = {}): Promise<Site> {
  const started = performance.now();
  const driver = await createPgliteDriver({ dataDir: options.dataDir });
  const storage = createSqlStorage(driver);
  // services made by `another` share the database; only the site's own close() ends it
  const shared: Storage = { ...storage, close: async () => {} };
  const service = await createService(baseOptions(shared, options.service));
  await service.setup({ name: 'Site Owner', email: 'owner@example.com', password: 'a-long-bench-password-1', title: 'Bench' });
  const names = await fill(driver, posts, options.shape);
  // A server's event loop turns between requests, and the upkeep job the load made due (the planner's
  // statistics, pglite/upkeep.ts) runs then; a benchmark loop of in-process calls never lets it. Let
  // it turn once, and wait for that job behind one statement, so every size is measured as served.
  await new Promise((resolve) => setTimeout(resolve, 10));
  await driver.query('SELECT 1');
  const keys = await service.createIntegration({ name: 'Bench' });
  return {
    service,
    driver,
    posts,
    ...names,
    contentKey: keys.contentKey,
    adminKey: keys.adminKey,
    loadMs: performance.now() - started,
    another: (more) => createService(baseOptions(shared, more)),
    keepingNothing: (more) =>
      createService(baseOptions({ ...createSqlStorage(driver), close: async () => {} }, { ...more, contentApi: { ...more?.contentApi, cache: false } })),
    async close() {
      await service.close();
      await driver.close();
    },
  };
}
