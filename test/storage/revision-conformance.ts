// The revision store's contract (lib/storage/storage.ts RevisionStore), part of the conformance suite
// every Storage runs (conformance.ts: PGlite and the PostgreSQL server alike).
import { expect, it } from 'vitest';
import type { Storage } from '../../lib/storage/storage';
import type { RevisionRow, UserRow } from '../../lib/storage/storage';
import { objectId } from '../../lib/util/ids';
import { post } from './conformance';

export function revisionCases(storage: () => Storage, author: () => UserRow) {
  const revision = (postId: string, overrides: Partial<RevisionRow> = {}): RevisionRow => ({
    id: objectId(),
    post_id: postId,
    title: 'Revised',
    mobiledoc: '{"v":1}',
    lexical: null,
    html: '<p>v1</p>',
    feature_image: null,
    feature_image_alt: null,
    feature_image_caption: null,
    custom_excerpt: null,
    author_id: author().id,
    author_type: 'user',
    reason: 'explicit_save',
    created_at: new Date('2024-03-01T00:00:00.000Z'),
    ...overrides,
  });

  it('records revisions newest first, lists them with or without bodies, and keeps only the newest `keep`', async () => {
    const db = storage();
    const row = await db.posts.insert(post(author().id, { slug: `revised-${objectId()}` }), [], [author().id]);
    // one instant for all: the order is the order of recording
    for (let i = 1; i <= 5; i++) {
      const image = { feature_image: `https://example.com/${i}.png`, feature_image_alt: `Alt ${i}`, feature_image_caption: `<em>Caption ${i}</em>` };
      await db.transaction((tx) => tx.revisions.record(revision(row.id, { title: `R${i}`, ...image }), 3));
    }
    const listed = await db.revisions.browse(row.id, { limit: 2, offset: 0 }, false);
    expect(listed.total).toBe(3);
    expect(listed.rows.map((r) => r.title)).toEqual(['R5', 'R4']);
    expect(listed.rows[0]).toMatchObject({ mobiledoc: null, html: null, author_name: author().name, author_type: 'user' });
    // the feature image, its alt text and caption are kept with every revision, listed or read
    expect(listed.rows[1]).toMatchObject({
      feature_image: 'https://example.com/4.png',
      feature_image_alt: 'Alt 4',
      feature_image_caption: '<em>Caption 4</em>',
    });
    const all = await db.revisions.browse(row.id, { limit: null, offset: 0 }, true);
    expect(all.rows.map((r) => r.title)).toEqual(['R5', 'R4', 'R3']);
    expect(all.rows[2]).toMatchObject({ mobiledoc: '{"v":1}', html: '<p>v1</p>' });
    const found = await db.revisions.find(row.id, all.rows[1].id);
    expect(found).toMatchObject({
      title: 'R4',
      mobiledoc: '{"v":1}',
      feature_image_alt: 'Alt 4',
      feature_image_caption: '<em>Caption 4</em>',
      created_at: new Date('2024-03-01T00:00:00.000Z'),
    });
    expect(await db.revisions.find(row.id, objectId())).toBeNull();
    expect(await db.revisions.latest(row.id)).toMatchObject({ title: 'R5', feature_image_alt: 'Alt 5', feature_image_caption: '<em>Caption 5</em>' });
  });

  it('finds the newest revision by an author, names integrations, and drops revisions with their post', async () => {
    const db = storage();
    const row = await db.posts.insert(post(author().id, { slug: `revised-${objectId()}` }), [], [author().id]);
    const integration = await db.integrations.insert(
      {
        id: objectId(),
        name: 'Robot',
        slug: `robot-${objectId()}`,
        type: 'custom',
        description: null,
        icon_image: null,
        created_at: new Date(),
        updated_at: new Date(),
      },
      [],
    );
    await db.revisions.record(revision(row.id, { title: 'Mine' }), 50);
    await db.revisions.record(revision(row.id, { title: 'Robot’s', author_id: integration.id, author_type: 'integration' }), 50);
    expect((await db.revisions.latest(row.id, author().id))?.title).toBe('Mine');
    expect((await db.revisions.latest(row.id, integration.id))?.title).toBe('Robot’s');
    expect(await db.revisions.latest(row.id, objectId())).toBeNull();
    const [newest] = (await db.revisions.browse(row.id, { limit: 1, offset: 0 }, false)).rows;
    expect(newest).toMatchObject({ author_id: integration.id, author_type: 'integration', author_name: 'Robot' });
    await db.posts.delete(row.id);
    expect((await db.revisions.browse(row.id, { limit: null, offset: 0 }, false)).total).toBe(0);
  });

  it('finds a post of any status by uuid and type', async () => {
    const db = storage();
    const row = await db.posts.insert(post(author().id, { slug: `by-uuid-${objectId()}` }), [], [author().id]);
    expect((await db.posts.findByUuid(row.uuid, 'post'))?.id).toBe(row.id);
    expect((await db.posts.findByUuid(row.uuid, 'post', []))?.html).toBeNull();
    expect(await db.posts.findByUuid(row.uuid, 'page')).toBeNull();
    expect(await db.posts.findByUuid(crypto.randomUUID(), 'post')).toBeNull();
  });
}
