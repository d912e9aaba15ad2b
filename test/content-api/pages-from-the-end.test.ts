// A page in the second half of a public browse whose total is known is read by walking the order
// backwards from the end (lib/storage/sql/common.ts). Whatever the walk, every page must hold exactly
// the rows the whole list holds at its place, with ties, nulls and other orders, and a write that
// lands between the total and the page must not give a page of the old content.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '../../lib';
import { createPgliteDriver } from '../../lib/storage/pglite/storage';
import type { SqlDriver } from '../../lib/storage/sql/driver';
import { createSqlStorage } from '../../lib/storage/sql/sql-storage';
import { adminClient, BASE, body, type Client } from '../helpers/service';
import { checkResponses } from '../helpers/openapi-check';

/** Runs `before` once, just before the next statement whose SQL `matches`, as another writer would. */
interface Interloper {
  arm(matches: (sql: string) => boolean, before: (db: SqlDriver) => Promise<void>): void;
  fired: boolean;
}

function interloping(db: SqlDriver): SqlDriver & Interloper {
  let armed: { matches: (sql: string) => boolean; before: (db: SqlDriver) => Promise<void> } | null = null;
  const wrapper: SqlDriver & Interloper = {
    fired: false,
    arm(matches, before) {
      armed = { matches, before };
      wrapper.fired = false;
    },
    async query(sql, params) {
      if (armed?.matches(sql)) {
        const { before } = armed;
        armed = null;
        await before(db);
        wrapper.fired = true;
      }
      return db.query(sql, params);
    },
    exec: (sql) => db.exec(sql),
    transaction: (work) => db.transaction(work),
    listen: (channel, listener) => db.listen(channel, listener),
    close: () => db.close(),
  };
  return wrapper;
}

let driver: SqlDriver & Interloper;
let service: Service;
let admin: Client;
let contentKey: string;

const read = async (path: string) =>
  body(await service.fetch(new Request(`${BASE}/svc/api/v3/content/${path}${path.includes('?') ? '&' : '?'}key=${contentKey}`)));

beforeAll(async () => {
  driver = interloping(await createPgliteDriver());
  // the response cache off: every read below is a browse of the database
  service = checkResponses(await createService({ url: BASE, storage: createSqlStorage(driver), contentApi: { cache: false } }));
  await service.setup({ name: 'Ada Lovelace', email: 'ada@example.com', password: 'a-long-password-1', title: 'Pages' });
  const integration = await service.createIntegration({ name: 'Tests' });
  contentKey = integration.contentKey;
  admin = adminClient(service, integration.adminKey);
  // 23 posts: groups of three share a publication time (the id decides among them), titles repeat
  for (let n = 0; n < 23; n++) {
    const published_at = new Date(Date.UTC(2024, 0, 1 + Math.floor(n / 3))).toISOString();
    const res = await admin.post('posts/', {
      posts: [{ title: `Title ${n % 5}`, status: 'published', published_at, tags: n % 2 ? ['Odd', `Set ${n % 11}`] : ['Even', `Group ${n % 4}`] }],
    });
    expect(res.status).toBe(201);
  }
});
afterAll(() => service.close());

const BROWSES = [
  'posts/?fields=id,title',
  'posts/?fields=id,title&order=title%20asc',
  'posts/?fields=id,title&order=published_at%20asc',
  'posts/?fields=id,title&filter=tag:even',
  'tags/?include=count.posts',
  'tags/?include=count.posts&order=count.posts%20desc',
];
const LIMIT = 4;

describe('pages from the end', () => {
  it.each(BROWSES)('%s: every page is its slice of the whole list, read twice', async (path) => {
    const resource = path.split('/')[0];
    const whole = (await read(`${path}&limit=all`))[resource].map((row: { id: string }) => row.id);
    expect(whole.length).toBeGreaterThan(LIMIT * 2);
    const pages = Math.ceil(whole.length / LIMIT);
    // the first round may count; the second finds the totals remembered and walks from the end
    for (let round = 0; round < 2; round++) {
      for (let page = 1; page <= pages + 1; page++) {
        const result = await read(`${path}&limit=${LIMIT}&page=${page}`);
        expect(
          result[resource].map((row: { id: string }) => row.id),
          `page ${page}`,
        ).toEqual(whole.slice((page - 1) * LIMIT, page * LIMIT));
        expect(result.meta.pagination).toMatchObject({ page, limit: LIMIT, pages, total: whole.length });
      }
    }
  });

  it('a write between the total and the page: the page shows the content after it', async () => {
    const path = 'posts/?fields=id,title';
    const before = (await read(`${path}&limit=all`)).posts.map((row: { id: string }) => row.id);
    await read(`${path}&limit=${LIMIT}&page=1`); // remembers the total
    const last = Math.ceil(before.length / LIMIT);
    // another writer takes the oldest post back to draft just before the last page is read
    driver.arm(
      (sql) => /ORDER BY .*NULLS/.test(sql) && sql.includes('FROM posts p'),
      async (db) => {
        await db.query(`UPDATE posts SET status = 'draft' WHERE id = $1`, [before[before.length - 1]]);
        await db.query('UPDATE content_generation SET value = value + 1 WHERE id = 1');
      },
    );
    const result = await read(`${path}&limit=${LIMIT}&page=${last}`);
    expect(driver.fired).toBe(true);
    const after = before.slice(0, -1);
    expect(result.posts.map((row: { id: string }) => row.id)).toEqual(after.slice((last - 1) * LIMIT, last * LIMIT));
    expect(result.meta.pagination.total).toBe(after.length);
  });
});
