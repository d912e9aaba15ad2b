import { INJECTION_CORPUS } from './helpers/injection-corpus';
// Hostile filters: each must either be refused with an NQL error or run without any SQL error
// and return what the in-memory predicate returns; no filter may change the database.
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileFilter, NqlError, NqlFieldError, NqlSyntaxError, NqlValueError, parseFilter, toPredicate } from '../../lib/nql';
import { postFields } from '../../lib/storage/sql/filter-fields';
import { checksum, createDatabase, postAccessors } from './helpers/dataset';
import { generateDataset, NOW } from './helpers/generate';

const data = generateDataset();
let db: PGlite;
let before: string;

beforeAll(async () => {
  db = await createDatabase(data);
  before = await checksum(db);
}, 60_000);

afterAll(async () => {
  await db?.close();
});

const CORPUS = INJECTION_CORPUS;

describe('injection corpus', () => {
  it('refuses or safely runs every filter, and changes nothing', async () => {
    const outcomes = { syntax: 0, field: 0, value: 0, ran: 0 };
    for (const filter of CORPUS) {
      let sql: string;
      let predicate: (post: (typeof data.posts)[number]) => boolean;
      const params: unknown[] = [];
      try {
        const ast = parseFilter(filter);
        sql = compileFilter(ast, postFields, params, { now: NOW });
        predicate = toPredicate(ast, postAccessors, { now: NOW });
      } catch (error) {
        expect(error, filter.slice(0, 80)).toBeInstanceOf(NqlError);
        if (error instanceof NqlSyntaxError) outcomes.syntax++;
        if (error instanceof NqlFieldError) outcomes.field++;
        if (error instanceof NqlValueError) outcomes.value++;
        continue;
      }
      const withoutPlaceholders = sql.replace(/\$\d+::\w+/g, '');
      for (const param of params) {
        if (typeof param === 'string' && param.length > 2) expect(withoutPlaceholders).not.toContain(param);
      }
      const { rows } = await db.query<{ id: string }>(`SELECT p.id FROM posts p WHERE ${sql} ORDER BY p.id`, params);
      const expected = data.posts
        .filter(predicate)
        .map((post) => post.id)
        .sort();
      expect(
        rows.map((row) => row.id),
        filter.slice(0, 80),
      ).toEqual(expected);
      outcomes.ran++;
    }
    expect(outcomes.syntax).toBeGreaterThan(10);
    expect(outcomes.field).toBeGreaterThan(5);
    expect(outcomes.value).toBeGreaterThan(3);
    expect(outcomes.ran).toBeGreaterThan(25);
    expect(await checksum(db)).toBe(before);
  }, 60_000);
});
