import { expect, it } from 'vitest';
import { createService } from '../../lib';
import { parseFilter } from '../../lib/nql';
import { parseSearch } from '../../lib/resources/posts/search-query';
import type { SqlDriver } from '../../lib/storage/sql/driver';
import { browseSpecOf, searchSpec } from '../../lib/storage/sql/post-browse';
import { searchPage } from '../../lib/storage/sql/search-browse';
import { createSqlStorage } from '../../lib/storage/sql/sql-storage';
import type { OrderClause, PostQuery } from '../../lib/storage/storage';
import { describeOnEachDatabase } from '../helpers/each-database';
import { adminClient, BASE } from '../helpers/service';
import { add } from './helpers';

// A search PostgreSQL expects to find more than EXACT_UP_TO posts is read another way than one it
// expects to find few (lib/storage/sql/search-browse.ts): its page by walking each tier of the relevance
// order apart, its total estimated. Both ways must give the same posts in the same order on every page.
// A site big enough for PostgreSQL's estimate to pass 5,000 takes a minute to build, so this compares
// the two ways on a small site by the estimate each is given (0: counted, Infinity: walked): every page
// of every query, each API, each order.

const WORDS = ['alpha', 'beta', 'gamma', 'delta'];

/** A site of 48 posts over `driver`: words spread so that each tier, both APIs and every order have something to tell apart. */
async function fill(driver: SqlDriver): Promise<() => Promise<void>> {
  const service = await createService({ url: BASE, storage: createSqlStorage(driver), auth: { passwordIterations: 1000 } });
  await service.setup({ name: 'Ada Lovelace', email: 'ada@example.com', password: 'a-long-password-1' });
  const keys = await service.createIntegration({ name: 'tiers' });
  const site = { service, contentKey: keys.contentKey, admin: adminClient(service, keys.adminKey) };
  // a common word in most bodies and some titles, tags and excerpts; drafts; posts whose body members only see
  for (let i = 0; i < 48; i++) {
    const pick = (n: number) => WORDS.filter((_, w) => (i >> w) % n === 0);
    await add(site, {
      title: `Post ${i} ${i % 5 === 0 ? 'alpha' : ''} ${i % 7 === 0 ? 'beta' : ''}`,
      custom_excerpt: i % 6 === 0 ? 'an alpha excerpt' : null,
      html: `<p>${pick(2).join(' ')} filler ${i % 3 === 0 ? 'alphabet' : ''} words ${i % 4 === 0 ? 'beta alpha' : 'alpha gamma'}</p>`,
      tags: i % 8 === 0 ? ['Alpha tag'] : ['Other'],
      status: i % 9 === 4 ? 'draft' : 'published',
      visibility: i % 10 === 3 ? 'members' : 'public',
      // ties on published_at, so that the last key decides
      published_at: new Date(Date.UTC(2024, 0, 1 + (i % 20))).toISOString(),
    });
  }
  return () => service.close();
}

function queryOf(text: string, publishedOnly: boolean, order: OrderClause[] | undefined, limit: number, page: number, filter?: string): PostQuery {
  return {
    type: 'post',
    publishedOnly,
    defaultOrder: publishedOnly ? 'published_at' : 'admin',
    search: parseSearch(text),
    order,
    filter: filter ? parseFilter(filter) : null,
    page: { limit, offset: (page - 1) * limit },
    now: new Date(),
  };
}

await describeOnEachDatabase('a search read walking its tiers', fill, (db) => {
  const queries = ['alpha', 'alp', 'alpha beta', 'alpha -gamma', '"beta alpha"', 'post alpha', 'tag'];
  const orders: (OrderClause[] | undefined)[] = [undefined, [{ field: 'published_at', direction: 'asc' }], [{ field: 'title', direction: 'desc' }]];

  it('asks PostgreSQL how many posts a search will find, and reads the answer', async () => {
    // the estimate decides between the two ways: a number near the truth, read from EXPLAIN's JSON
    // (a string from PGlite, an object from the server's driver)
    for (const text of ['alpha', 'zzzz nothing']) {
      const query = queryOf(text, true, undefined, 15, 1);
      const { spec, expected } = await searchSpec(db.driver, query);
      const found = (await searchPage<{ id: string }>(db.driver, spec, 0)).total;
      expect(Number.isFinite(expected), text).toBe(true);
      expect(expected, text).toBeGreaterThanOrEqual(Math.min(found, 1));
      expect(expected, text).toBeLessThanOrEqual(48);
    }
  });

  for (const publishedOnly of [true, false]) {
    it(`gives every page as the counted read does (${publishedOnly ? 'Content' : 'Admin'} API)`, async () => {
      let compared = 0;
      for (const text of queries) {
        for (const order of orders) {
          for (const limit of [1, 4, 7]) {
            for (const filter of [undefined, 'tag:-other']) {
              const counted = await searchPage<{ id: string }>(
                db.driver,
                await browseSpecOf(db.driver, queryOf(text, publishedOnly, order, 1000, 1, filter)),
                0,
              );
              const all = counted.rows.map((row) => row.id);
              expect(counted.total).toBe(all.length);
              const pages = Math.ceil(all.length / limit) + 1;
              for (let page = 1; page <= pages; page++) {
                const query = queryOf(text, publishedOnly, order, limit, page, filter);
                const spec = await browseSpecOf(db.driver, query);
                const label = `${text} ${JSON.stringify(order)} limit ${limit} page ${page} ${filter ?? ''}`;
                const exact = await searchPage<{ id: string }>(db.driver, spec, 0);
                const walked = await searchPage<{ id: string }>(db.driver, spec, Infinity);
                const expected = all.slice((page - 1) * limit, page * limit);
                expect(
                  exact.rows.map((row) => row.id),
                  label,
                ).toEqual(expected);
                expect(
                  walked.rows.map((row) => row.id),
                  label,
                ).toEqual(expected);
                expect(exact.total, label).toBe(all.length);
                // the walked total is exact where the list ends, and promises more where it goes on
                if (page * limit >= all.length) expect(walked.total, label).toBe(all.length);
                else expect(walked.total, label).toBeGreaterThan(page * limit);
                compared++;
              }
            }
          }
        }
      }
      // the queries find something: a comparison of empty lists proves nothing
      expect(compared).toBeGreaterThan(500);
    });
  }
});
