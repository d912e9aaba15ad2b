import type { SqlDriver } from '../../lib/storage/sql/driver';

/** Rules beyond foreign keys, as queries returning the offending rows. */
const CHECKS: Record<string, string> = {
  'posts without an author': 'SELECT p.id FROM posts p WHERE NOT EXISTS (SELECT 1 FROM posts_authors pa WHERE pa.post_id = p.id)',
  'duplicate post slugs': 'SELECT slug, count(*) FROM posts GROUP BY slug HAVING count(*) > 1',
  'duplicate tag slugs': 'SELECT slug, count(*) FROM tags GROUP BY slug HAVING count(*) > 1',
  'duplicate tag names': 'SELECT lower(name), count(*) FROM tags GROUP BY lower(name) HAVING count(*) > 1',
  'duplicate user emails': 'SELECT lower(email), count(*) FROM users GROUP BY lower(email) HAVING count(*) > 1',
  'users without a role': 'SELECT u.id FROM users u WHERE NOT EXISTS (SELECT 1 FROM roles_users ru WHERE ru.user_id = u.id)',
  // the columns of posts that mirror the link tables (filters and the primary tag/author read them)
  'posts whose tag ids differ from their tags':
    'SELECT p.id FROM posts p WHERE p.tag_ids IS DISTINCT FROM ARRAY(SELECT pt.tag_id FROM posts_tags pt WHERE pt.post_id = p.id ORDER BY pt.sort_order)',
  'posts whose author ids differ from their authors':
    'SELECT p.id FROM posts p WHERE p.author_ids IS DISTINCT FROM ARRAY(SELECT pa.author_id FROM posts_authors pa WHERE pa.post_id = p.id ORDER BY pa.sort_order)',
  'posts whose primary tag or author is not the first':
    'SELECT p.id FROM posts p WHERE p.primary_tag_id IS DISTINCT FROM p.tag_ids[1] OR p.primary_author_id IS DISTINCT FROM p.author_ids[1]',
  // the search index's copy of what a search tests (migrations/020), kept by triggers on posts
  'posts whose search row is missing or differs from them':
    'SELECT p.id FROM posts p LEFT JOIN post_search s ON s.post_id = p.id WHERE s.post_id IS NULL OR (s.type, s.status, s.visibility, s.published_at) IS DISTINCT FROM (p.type, p.status, p.visibility, p.published_at)',
};

interface ForeignKey {
  name: string;
  child: string;
  parent: string;
  child_columns: string[];
  parent_columns: string[];
}

/** Every foreign key of the schema, read from the catalogue so that new tables are covered without listing them. */
async function foreignKeys(driver: SqlDriver): Promise<ForeignKey[]> {
  const { rows } = await driver.query<ForeignKey>(
    `SELECT c.conname AS name, cl.relname AS child, pl.relname AS parent,
            ARRAY(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(n, i)
                    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.i) AS child_columns,
            ARRAY(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(n, i)
                    JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.i) AS parent_columns
       FROM pg_constraint c
       JOIN pg_class cl ON cl.oid = c.conrelid
       JOIN pg_class pl ON pl.oid = c.confrelid
       JOIN pg_namespace ns ON ns.oid = cl.relnamespace
      WHERE c.contype = 'f' AND ns.nspname = current_schema()`,
  );
  return rows.map((r) => ({ ...r, child_columns: pgArray(r.child_columns), parent_columns: pgArray(r.parent_columns) }));
}

/** Drivers return text[] as an array or, for some types, as `{a,b}`. */
function pgArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return String(value)
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);
}

/**
 * What must always hold in a pressroom database: every foreign key of the schema points at a row that
 * exists (checked row by row, not trusted to the constraint), every post has an author, and slugs,
 * tag names and emails are unique. Returns the violations by rule; empty when the database is sound.
 */
export async function integrityProblems(driver: SqlDriver): Promise<Record<string, unknown[]>> {
  const problems: Record<string, unknown[]> = {};
  const keys = await foreignKeys(driver);
  if (!keys.some((k) => k.child === 'posts_tags')) throw new Error('integrity: the schema has no foreign keys to check');
  for (const key of keys) {
    const present = key.child_columns.map((c) => `c."${c}" IS NOT NULL`).join(' AND ');
    const match = key.child_columns.map((c, i) => `p."${key.parent_columns[i]}" = c."${c}"`).join(' AND ');
    const { rows } = await driver.query(
      `SELECT ${key.child_columns.map((c) => `c."${c}"`).join(', ')} FROM "${key.child}" c
        WHERE ${present} AND NOT EXISTS (SELECT 1 FROM "${key.parent}" p WHERE ${match}) LIMIT 20`,
    );
    if (rows.length) problems[`${key.child} → ${key.parent} (${key.name})`] = rows;
  }
  for (const [name, sql] of Object.entries(CHECKS)) {
    const { rows } = await driver.query(sql);
    if (rows.length) problems[name] = rows;
  }
  return problems;
}
