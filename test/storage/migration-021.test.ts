// Migration 021 on a database that lived before it: revisions gain the feature image's alt text and
// caption, and those recorded before it get their post's values (which only a Ghost import wrote then,
// when it created the post, so they are the values each revision's post had).
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { pgliteDriver } from '../../lib/storage/pglite/driver';
import { PGLITE_EXTENSIONS } from '../../lib/storage/pglite/extensions';
import { migrate } from '../../lib/storage/sql/migrate';
import { migrations } from '../../lib/storage/sql/migrations';

let db: PGlite | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

// a fresh PGlite runs initdb and every migration: slow on a loaded machine
describe('migration 021 (revision image text)', { timeout: 180_000 }, () => {
  it("gives each revision recorded before it its post's alt text and caption, and nulls where the post has none", async () => {
    db = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const driver = pgliteDriver(db, []);
    await migrate(
      driver,
      migrations.filter((m) => m.version < 21),
    );
    const post = (id: string, alt: string | null, caption: string | null) =>
      driver.query(
        `INSERT INTO posts (id, uuid, title, slug, mobiledoc, html, feature_image_alt, feature_image_caption, created_at, created_by, updated_at, updated_by)
         VALUES ($1, gen_random_uuid(), 'T', $1, '{}', '', $2, $3, now(), 'u1', now(), 'u1')`,
        [id, alt, caption],
      );
    const revision = (id: string, postId: string) =>
      driver.query(
        `INSERT INTO post_revisions (id, post_id, title, author_id, author_type, reason, created_at) VALUES ($1, $2, 'T', 'u1', 'user', 'explicit_save', now())`,
        [id, postId],
      );
    await post('imported', 'Alt ’ quoted "text"', '<em>Caption</em>');
    await post('alt-only', 'Only alt', null);
    await post('plain', null, null);
    await revision('r1', 'imported');
    await revision('r2', 'imported');
    await revision('r3', 'alt-only');
    await revision('r4', 'plain');

    expect(await migrate(driver)).toEqual([21, ...migrations.filter((m) => m.version > 21).map((m) => m.version)]);
    const { rows } = await driver.query('SELECT id, feature_image_alt, feature_image_caption FROM post_revisions ORDER BY id');
    expect(rows).toEqual([
      { id: 'r1', feature_image_alt: 'Alt ’ quoted "text"', feature_image_caption: '<em>Caption</em>' },
      { id: 'r2', feature_image_alt: 'Alt ’ quoted "text"', feature_image_caption: '<em>Caption</em>' },
      { id: 'r3', feature_image_alt: 'Only alt', feature_image_caption: null },
      { id: 'r4', feature_image_alt: null, feature_image_caption: null },
    ]);
  });
});
