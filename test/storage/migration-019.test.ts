// Migration 019 on a database that lived before it: posts an import kept as a frozen html card (with
// their lexical beside it) become lexical again, posts edited since stay mobiledoc, and the editor's
// default format follows the site's age.
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { pgliteDriver } from '../../lib/storage/pglite/driver';
import { PGLITE_EXTENSIONS } from '../../lib/storage/pglite/extensions';
import { migrate } from '../../lib/storage/sql/migrate';
import { migrations } from '../../lib/storage/sql/migrations';
import type { SqlDriver } from '../../lib/storage/sql/driver';

/** The stand-in mobiledoc lib/ghost/records.ts wrote for a lexical post before migration 019, byte for byte. */
const carrier = (html: string) =>
  JSON.stringify({ version: '0.3.1', ghostVersion: '4.0', atoms: [], cards: [['html', { html }]], markups: [], sections: [[10, 0]] });

// quotes, backslashes, slashes, newlines, tabs, a control character and text outside ASCII: every way
// JSON.stringify and PostgreSQL's to_json could write a string differently
const HTML = '<p class="a">Tab\tline\nquote " back \\ slash </p><p>\u0001 é 中文 😀 &amp; <a href="/x">x</a></p>';
const LEXICAL = '{"root":{"type":"root","children":[{"type":"paragraph","children":[{"type":"text","text":"x"}]}]}}';

let db: PGlite | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

async function before019(): Promise<SqlDriver> {
  db = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const driver = pgliteDriver(db, []);
  await migrate(
    driver,
    migrations.filter((m) => m.version < 19),
  );
  return driver;
}

async function insertPost(driver: SqlDriver, id: string, mobiledoc: string, lexical: string | null, html: string) {
  await driver.query(
    `INSERT INTO posts (id, uuid, title, slug, mobiledoc, lexical, html, created_at, created_by, updated_at, updated_by)
     VALUES ($1, gen_random_uuid(), 'T', $1, $2, $3, $4, now(), 'u1', now(), 'u1')`,
    [id, mobiledoc, lexical, html],
  );
}

const setting = async (driver: SqlDriver) =>
  (await driver.query<{ value: string }>(`SELECT value FROM settings WHERE key = 'editor_default_format'`)).rows[0]?.value;

// a fresh PGlite runs initdb and every migration: slow on a loaded machine
describe('migration 019 (lexical posts)', { timeout: 180_000 }, () => {
  it('makes posts kept as a frozen html card lexical again, keeps posts edited since as mobiledoc, and forbids both', async () => {
    const driver = await before019();
    await driver.query(`UPDATE settings SET value = 'true' WHERE key = 'setup_done'`);
    await insertPost(driver, 'frozen', carrier(HTML), LEXICAL, HTML);
    await insertPost(driver, 'frozen-empty', carrier(''), LEXICAL, '');
    const edited = carrier('<p>edited in pressroom</p>');
    await insertPost(driver, 'edited', edited, LEXICAL, '<!--kg-card-begin: html--><p>edited in pressroom</p><!--kg-card-end: html-->');
    const plain = '{"version":"0.3.1","atoms":[],"cards":[],"markups":[],"sections":[[1,"p",[[0,[],0,"hi"]]]]}';
    await insertPost(driver, 'plain', plain, null, '<p>hi</p>');
    // a carrier whose html is not the post's html is not the import's stand-in
    await insertPost(driver, 'other-card', carrier('<p>else</p>'), LEXICAL, HTML);

    expect(await migrate(driver)).toEqual([19]);
    const { rows } = await driver.query<{ id: string; mobiledoc: string | null; lexical: string | null; html: string }>(
      'SELECT id, mobiledoc, lexical, html FROM posts ORDER BY id',
    );
    expect(rows).toEqual([
      { id: 'edited', mobiledoc: edited, lexical: null, html: '<!--kg-card-begin: html--><p>edited in pressroom</p><!--kg-card-end: html-->' },
      { id: 'frozen', mobiledoc: null, lexical: LEXICAL, html: HTML },
      { id: 'frozen-empty', mobiledoc: null, lexical: LEXICAL, html: '' },
      { id: 'other-card', mobiledoc: carrier('<p>else</p>'), lexical: null, html: HTML },
      { id: 'plain', mobiledoc: plain, lexical: null, html: '<p>hi</p>' },
    ]);
    await expect(driver.query(`UPDATE posts SET mobiledoc = $1 WHERE id = 'frozen'`, [plain])).rejects.toThrow(/posts_one_body_format/);
    const { rows: columns } = await driver.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'post_revisions' AND column_name = 'lexical'`,
    );
    expect(columns).toHaveLength(1);
    // a site that existed before keeps writing what its editors and v2/v3 integrations know
    expect(await setting(driver)).toBe('mobiledoc');
  });

  it('gives a site made after it lexical as the editor default, as the reference', async () => {
    const driver = await before019();
    await migrate(driver);
    expect(await setting(driver)).toBe('lexical');
  });

  it('keeps mobiledoc as the default of a site that has posts or staff but never finished setup', async () => {
    const driver = await before019();
    await insertPost(driver, 'plain', '{"version":"0.3.1","atoms":[],"cards":[],"markups":[],"sections":[]}', null, '');
    await migrate(driver);
    expect(await setting(driver)).toBe('mobiledoc');
  });
});
