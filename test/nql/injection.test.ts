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

const CORPUS: string[] = [
  "slug:'; DROP TABLE posts; --'",
  "slug:x'; DROP TABLE posts; --",
  "slug:'x\\'; DELETE FROM posts WHERE \\'1\\'=\\'1'",
  "title:'1' OR '1'='1'",
  "title:'x'' OR ''1''=''1'",
  "title:'x\\' OR \\'1\\'=\\'1'",
  'slug:x;DELETE/**/FROM/**/posts',
  'slug:--',
  'slug:x--comment',
  "slug:'--'+title:'/*'",
  "title:'*/ OR 1=1 /*'",
  'title:/*',
  "title:~'%'",
  "title:~'_'",
  "title:~'\\\\'",
  "title:~'%' ,title:~^'_' , title:~$'\\\\%'",
  'slug:$1',
  "slug:'$1'",
  'slug:$$DROP$$',
  "title:'$$; DROP TABLE posts; $$'",
  "slug:E'\\x41'",
  "title:'\\u0000'",
  "title:'a\u0000b'",
  'slug:a\u0000',
  "title:'\u202e\u200d\ufeff'",
  "title:'🎉'",
  'slug:\uff07',
  "title:'é\u0301'",
  "title:'\r\n'",
  'slug:a\u00a0b',
  'slug:a\u2028b',
  `title:'${'x'.repeat(8000)}'`,
  `title:~'${"'".repeat(100).replace(/'/g, "\\'")}'`,
  'x'.repeat(9000),
  `slug:${'a'.repeat(9000)}`,
  `${'('.repeat(1000)}slug:x${')'.repeat(1000)}`,
  `${'('.repeat(100)}slug:x${')'.repeat(100)}`,
  `slug:[${Array.from({ length: 1500 }, (_, i) => String(i)).join(',')}]`,
  Array.from({ length: 500 }, (_, i) => `tag:t${i}`).join('+'),
  'slug:x)+(slug:y',
  'slug:x);DROP TABLE posts;--',
  "published_at:>'2020-01-01'::text",
  "published_at:'2020-01-01; DROP TABLE posts'",
  "published_at:'now()'",
  'published_at:>now-1d;DROP',
  'reading_time:1;DROP',
  "reading_time:'1 OR 1=1'",
  "reading_time:'1'",
  'featured:true OR 1=1',
  'featured:true+featured:false,featured:true',
  "tags.slug:x' UNION SELECT password_hash FROM users --",
  "tags.slug:'x'' UNION SELECT password_hash FROM users --'",
  "tags.slug:'x\\' UNION SELECT password_hash FROM users --'",
  'authors.password_hash:x',
  'pg_sleep:1',
  'p.id:x',
  'posts.id:x',
  '1=1:x',
  "id:x\\'",
  'slug:\\\\',
  "slug:\\'\\;\\-\\-",
  'SLUG:X',
  'authors.email:~@',
  'constructor:x',
  '__proto__:x',
  'toString:x',
  'hasOwnProperty:x',
  'tags.slug.length:x',
  "title:'\\'\\'\\''",
  "primary_tag:'') OR (1=1",
  'tag:-[a,b]+slug:-[c,d],author:-[e]',
  "uuid:'00000000-0000-0000-0000-000000000000'",
  'uuid:not-a-uuid',
  "published_at:'9999-12-31T23:59:59.999Z'",
  "published_at:'0001-01-01'",
  'published_at:>now-99999d',
  'published_at:>now+9999y',
];

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
      const expected = data.posts.filter(predicate).map((post) => post.id).sort();
      expect(rows.map((row) => row.id), filter.slice(0, 80)).toEqual(expected);
      outcomes.ran++;
    }
    expect(outcomes.syntax).toBeGreaterThan(10);
    expect(outcomes.field).toBeGreaterThan(5);
    expect(outcomes.value).toBeGreaterThan(3);
    expect(outcomes.ran).toBeGreaterThan(25);
    expect(await checksum(db)).toBe(before);
  }, 60_000);
});
