// The contract every Storage implementation must keep, run against each one (test/storage/*.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../../lib/storage/storage';
import type { PostWrite, TagRow, UserRow } from '../../lib/storage/rows';
import { objectId } from '../../lib/util/ids';
import { revisionCases } from './revision-conformance';
import { parseFilter } from '../../lib/nql';

const T0 = new Date('2024-01-01T00:00:00.000Z');

export function user(overrides: Partial<UserRow> = {}): UserRow {
  const id = objectId();
  return {
    id,
    name: 'User',
    slug: `user-${id}`,
    password_hash: 'x',
    email: `${id}@example.com`,
    profile_image: null,
    cover_image: null,
    bio: null,
    website: null,
    location: null,
    facebook: null,
    twitter: null,
    accessibility: null,
    status: 'active',
    locale: null,
    visibility: 'public',
    meta_title: null,
    meta_description: null,
    tour: null,
    last_seen: null,
    created_at: T0,
    updated_at: T0,
    ...overrides,
  };
}

export function tag(overrides: Partial<TagRow> = {}): TagRow {
  const id = objectId();
  return {
    id,
    name: `Tag ${id}`,
    slug: `tag-${id}`,
    description: null,
    feature_image: null,
    parent_id: null,
    visibility: 'public',
    og_image: null,
    og_title: null,
    og_description: null,
    twitter_image: null,
    twitter_title: null,
    twitter_description: null,
    meta_title: null,
    meta_description: null,
    codeinjection_head: null,
    codeinjection_foot: null,
    canonical_url: null,
    accent_color: null,
    created_at: T0,
    updated_at: T0,
    ...overrides,
  };
}

export function post(authorId: string, overrides: Partial<PostWrite> = {}): PostWrite {
  const id = objectId();
  return {
    id,
    uuid: crypto.randomUUID(),
    type: 'post',
    title: 'Post',
    slug: `post-${id}`,
    slug_customised: false,
    mobiledoc: null,
    lexical: null,
    html: null,
    plaintext: null,
    comment_id: id,
    feature_image: null,
    featured: false,
    status: 'draft',
    visibility: 'public',
    reading_time: 0,
    custom_excerpt: null,
    codeinjection_head: null,
    codeinjection_foot: null,
    custom_template: null,
    canonical_url: null,
    og_image: null,
    og_title: null,
    og_description: null,
    twitter_image: null,
    twitter_title: null,
    twitter_description: null,
    meta_title: null,
    meta_description: null,
    email_subject: null,
    send_email_when_published: false,
    feature_image_alt: null,
    feature_image_caption: null,
    created_at: T0,
    created_by: authorId,
    updated_at: T0,
    updated_by: authorId,
    published_at: null,
    published_by: null,
    ...overrides,
  };
}

export function storageConformance(name: string, open: () => Promise<Storage>) {
  describe(`Storage conformance: ${name}`, () => {
    let storage: Storage;
    let author: UserRow;

    beforeAll(async () => {
      storage = await open();
      const role = await storage.roles.findByName('Owner');
      author = user({ name: 'Owner' });
      await storage.users.insert(author, role!.id);
    });
    afterAll(() => storage.close());

    revisionCases(
      () => storage,
      () => author,
    );

    it('ships the five roles', async () => {
      expect((await storage.roles.all()).map((r) => r.name).sort()).toEqual(['Administrator', 'Author', 'Contributor', 'Editor', 'Owner']);
      expect((await storage.users.owner())?.id).toBe(author.id);
    });

    it('inserts a post with ordered relations and keeps primary ids', async () => {
      const [a, b] = [tag({ name: 'A-tag' }), tag({ name: 'B-tag' })];
      await storage.tags.insert(a);
      await storage.tags.insert(b);
      const row = await storage.posts.insert(post(author.id), [b.id, a.id], [author.id]);
      expect(row.primary_tag_id).toBe(b.id);
      expect(row.primary_author_id).toBe(author.id);
      const rel = await storage.posts.relations([row.id], { tags: true, authors: true });
      expect(rel.tags.get(row.id)!.map((t) => t.id)).toEqual([b.id, a.id]);
      expect(rel.authors.get(row.id)![0].roles.map((r) => r.name)).toEqual(['Owner']);
      const updated = await storage.posts.update(row.id, { title: 'Changed' }, [a.id]);
      expect(updated.title).toBe('Changed');
      expect(updated.primary_tag_id).toBe(a.id);
    });

    it('returns from insert and update the row exactly as a read gives it, every column set', async () => {
      const [a, b] = [tag({ name: 'Row-a' }), tag({ name: 'Row-b' })];
      await storage.tags.insert(a);
      await storage.tags.insert(b);
      const full = post(author.id, {
        // an unpaired surrogate is stored (and read) as U+FFFD
        title: 'Every \ud800 column',
        slug: 'every-column',
        slug_customised: true,
        mobiledoc: '{}',
        html: '<p>h</p>',
        plaintext: 'h',
        feature_image: 'https://example.com/f.png',
        featured: true,
        status: 'published',
        visibility: 'members',
        reading_time: 3,
        custom_excerpt: 'e',
        codeinjection_head: 'ch',
        codeinjection_foot: 'cf',
        custom_template: 'ct',
        canonical_url: 'https://example.com/c',
        og_image: 'oi',
        og_title: 'ot',
        og_description: 'od',
        twitter_image: 'ti',
        twitter_title: 'tt',
        twitter_description: 'td',
        meta_title: 'mt',
        meta_description: 'md',
        email_subject: 'es',
        send_email_when_published: true,
        published_at: new Date('2024-02-03T04:05:06.789Z'),
        published_by: author.id,
      });
      const inserted = await storage.posts.insert(full, [a.id, b.id, a.id], [author.id]);
      const read = await storage.posts.findById(full.id);
      expect(inserted).toStrictEqual(read);
      expect(Object.keys(inserted)).toEqual(Object.keys(read!));
      expect(inserted.title).toBe('Every \ufffd column');

      const locked = await storage.transaction(async (tx) => {
        const state = await tx.posts.lockWithRelations(full.id);
        expect(state?.row).toStrictEqual(read);
        expect(state?.tags.map((t) => t.id)).toEqual([a.id, b.id]);
        expect(state?.authors.map((u) => [u.id, u.roles.map((r) => r.name)])).toEqual([[author.id, ['Owner']]]);
        const patch = { title: 'Edited \udfff', og_title: null, published_at: null, updated_at: new Date('2024-02-04T00:00:00.001Z') };
        return tx.posts.update(full.id, patch, [b.id], undefined, state!.row);
      });
      const reread = await storage.posts.findById(full.id);
      expect(locked).toStrictEqual(reread);
      expect(Object.keys(locked)).toEqual(Object.keys(reread!));
      expect(reread).toMatchObject({ title: 'Edited \ufffd', og_title: null, published_at: null, primary_tag_id: b.id });
      const rel = await storage.posts.relations([full.id], { tags: true, authors: true });
      expect(rel.tags.get(full.id)!.map((t) => t.id)).toEqual([b.id]);
      await storage.posts.delete(full.id); // published: later tests count published posts
    });

    it('replaces tag and author lists in order on update, keeping the rows that stay', async () => {
      const tags = [tag(), tag(), tag()];
      for (const t of tags) await storage.tags.insert(t);
      const editorRole = await storage.roles.findByName('Editor');
      const other = user();
      await storage.users.insert(other, editorRole!.id);
      const row = await storage.posts.insert(
        post(author.id),
        tags.map((t) => t.id),
        [author.id, other.id],
      );
      await storage.posts.update(row.id, { title: 'Reordered' }, [tags[2].id, tags[0].id], [other.id, author.id]);
      const rel = await storage.posts.relations([row.id], { tags: true, authors: true });
      expect(rel.tags.get(row.id)!.map((t) => t.id)).toEqual([tags[2].id, tags[0].id]);
      expect(rel.authors.get(row.id)!.map((u) => u.id)).toEqual([other.id, author.id]);
      expect(await storage.posts.findById(row.id)).toMatchObject({ primary_tag_id: tags[2].id, primary_author_id: other.id });
      await storage.posts.update(row.id, { title: 'Untagged' }, []);
      expect((await storage.posts.relations([row.id], { tags: true, authors: false })).tags.get(row.id)).toBeUndefined();
      expect((await storage.posts.findById(row.id))?.primary_tag_id).toBeNull();
    });

    it('matches several tag and user references at once as one match each would', async () => {
      const [a, b] = [tag({ name: 'Émile Zola', slug: 'emile' }), tag({ name: 'Second' })];
      await storage.tags.insert(a);
      await storage.tags.insert(b);
      const tagKeys = [
        [{ slug: 'emile' }, { slug: b.slug }, { slug: 'nope' }, { slug: 'emile' }],
        [{ name: 'SECOND' }, { name: 'émile zola' }, { name: 'Émile Zola' }, { name: 'nope' }],
        [{ id: b.id }, { id: a.id }, { id: objectId() }],
        [{ name: 'Second', slug: b.slug }, { name: 'Second', slug: 'emile' }, {}, { id: a.id, slug: 'emile' }, { slug: 'emile' }],
      ];
      for (const keys of tagKeys) {
        const each = await Promise.all(keys.map((k) => (Object.keys(k).length ? storage.tags.match(k) : null)));
        expect(await storage.tags.matchEach(keys)).toStrictEqual(each);
      }
      const userKeys = [{ email: author.email.toUpperCase() }, { slug: author.slug }, { id: author.id, slug: 'other' }, {}, { id: author.id }];
      const each = await Promise.all(userKeys.map((k) => (Object.keys(k).length ? storage.users.match(k) : null)));
      expect(await storage.users.matchEach(userKeys)).toStrictEqual(each);
      expect(each.map((u) => u?.roles.map((r) => r.name) ?? null)).toEqual([['Owner'], ['Owner'], null, null, ['Owner']]);
    });

    it('finds the Owner again after its role changed underneath', async () => {
      const owner = await storage.roles.findByName('Owner');
      const editor = await storage.roles.findByName('Editor');
      expect((await storage.users.owner())?.id).toBe(author.id);
      await storage.users.setRole(author.id, editor!.id);
      expect(await storage.users.owner()).toBeNull();
      await storage.users.setRole(author.id, owner!.id);
      const found = await storage.users.owner();
      expect(found?.id).toBe(author.id);
      expect(found).toStrictEqual(await storage.users.findById(author.id));
    });

    it('de-duplicates slugs on insert, also when the caller did not check', async () => {
      const first = await storage.posts.insert(post(author.id, { slug: 'same' }), [], [author.id]);
      const second = await storage.posts.insert(post(author.id, { slug: 'same' }), [], [author.id]);
      const page = await storage.posts.insert(post(author.id, { slug: 'same', type: 'page' }), [], [author.id]);
      expect([first.slug, second.slug, page.slug]).toEqual(['same', 'same-2', 'same-3']);
      expect(await storage.posts.freeSlug('same')).toBe('same-4');
      expect(await storage.posts.freeSlug('same', first.id)).toBe('same');
      // LIKE wildcards in a slug match only themselves
      expect(await storage.posts.freeSlug('s_me')).toBe('s_me');
    });

    it('allocates distinct slugs to concurrent inserts', async () => {
      const rows = await Promise.all(
        Array.from({ length: 10 }, () => storage.transaction((tx) => tx.posts.insert(post(author.id, { slug: 'race' }), [], [author.id]))),
      );
      expect(new Set(rows.map((r) => r.slug)).size).toBe(10);
    });

    it('creates one tag for concurrent auto-creation by name', async () => {
      const rows = await Promise.all(
        Array.from({ length: 8 }, () => storage.transaction((tx) => tx.tags.insertOrGetByName(tag({ name: 'Parallel', slug: 'parallel' })))),
      );
      expect(new Set(rows.map((r) => r.id)).size).toBe(1);
      expect((await storage.tags.match({ name: 'PARALLEL' }))?.id).toBe(rows[0].id);
    });

    it('rolls a failed transaction back completely', async () => {
      const doomed = post(author.id, { slug: 'rolled-back' });
      await expect(
        storage.transaction(async (tx) => {
          await tx.posts.insert(doomed, [], [author.id]);
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      expect(await storage.posts.findById(doomed.id)).toBeNull();
    });

    it('browses with a filter, an order, a page and a total', async () => {
      for (const title of ['Zeta', 'Eta', 'Theta']) {
        await storage.posts.insert(post(author.id, { title, status: 'published', published_at: T0, featured: title === 'Eta' }), [], [author.id]);
      }
      const { parseFilter } = await import('../../lib/nql');
      const result = await storage.posts.browse({
        type: 'post',
        filter: parseFilter('status:published'),
        order: [{ field: 'title', direction: 'asc' }],
        page: { limit: 2, offset: 0 },
        now: new Date(),
        defaultOrder: 'admin',
      });
      expect(result.rows.map((r) => r.title)).toEqual(['Eta', 'Theta']);
      expect(result.total).toBe(3);
      const featured = await storage.posts.browse({
        type: 'post',
        filter: parseFilter('featured:true'),
        page: { limit: null, offset: 0 },
        now: new Date(),
        defaultOrder: 'admin',
      });
      expect(featured.rows.map((r) => r.title)).toEqual(['Eta']);
    });

    it('records token uses once and tells when a token was first seen', async () => {
      const now = new Date();
      const later = new Date(now.getTime() + 60_000);
      expect(await storage.tokens.recordUse('a'.repeat(64), now, later)).toBeNull();
      expect((await storage.tokens.recordUse('a'.repeat(64), later, later))?.getTime()).toBe(now.getTime());
      await storage.tokens.purgeExpired(new Date(later.getTime() + 1));
      expect(await storage.tokens.recordUse('a'.repeat(64), later, later)).toBeNull();
    });

    it('counts rate-limit windows and starts a new one after the last ends', async () => {
      const now = new Date();
      expect((await storage.rateLimits.hit('k', 1000, now)).count).toBe(1);
      expect((await storage.rateLimits.hit('k', 1000, now)).count).toBe(2);
      expect((await storage.rateLimits.peek('k', now))?.count).toBe(2);
      const next = new Date(now.getTime() + 1001);
      expect(await storage.rateLimits.peek('k', next)).toBeNull();
      expect((await storage.rateLimits.hit('k', 1000, next)).count).toBe(1);
      const parallel = await Promise.all(Array.from({ length: 5 }, () => storage.rateLimits.hit('p', 1000, now)));
      expect(parallel.map((w) => w.count).sort()).toEqual([1, 2, 3, 4, 5]);
    });

    it('records which keys a change to public content touched, after the generation it moved on from', async () => {
      const { generation: before } = await storage.changes.since(-1);
      expect((await storage.changes.since(before)).keys).toEqual([]);
      await storage.settings.set([{ key: 'title', value: 'Changed' }], new Date());
      const after = await storage.changes.since(before);
      expect(after.generation).toBe(before + 1);
      expect(after.keys).toEqual(['settings']);
      // asked from before what is still recorded: nothing is known
      expect((await storage.changes.since(-1)).keys).toBeNull();
    });

    it('keeps settings as strings and nulls', async () => {
      await storage.settings.set(
        [
          { key: 'title', value: 'Conformance' },
          { key: 'logo', value: null },
        ],
        new Date(),
      );
      expect(await storage.settings.get('title')).toBe('Conformance');
      expect(await storage.settings.get('logo')).toBeNull();
      expect(await storage.settings.get('no-such-key')).toBeUndefined();
    });
    it('keeps invitations: one per email, found by token hash until expiry, taken once', async () => {
      const role = await storage.roles.findByName('Author');
      const at = new Date('2024-02-01T00:00:00.000Z');
      const row = {
        id: objectId(at),
        role_id: role!.id,
        status: 'pending' as const,
        token_hash: 'a'.repeat(64),
        email: 'Invited@Example.com',
        expires_at: new Date(at.getTime() + 1000),
        created_by: author.id,
        created_at: at,
        updated_at: at,
      };
      expect(await storage.invites.insert(row)).toMatchObject({ id: row.id, email: 'Invited@Example.com' });
      expect(await storage.invites.insert({ ...row, id: objectId(at), token_hash: 'b'.repeat(64), email: 'invited@example.com' })).toBeNull();
      expect((await storage.invites.findByEmail('INVITED@example.com'))?.id).toBe(row.id);
      expect((await storage.invites.findByTokenHash('a'.repeat(64), at))?.id).toBe(row.id);
      expect(await storage.invites.findByTokenHash('a'.repeat(64), row.expires_at)).toBeNull();
      await storage.invites.setStatus(row.id, 'sent', at);
      expect((await storage.invites.browse({ limit: 10, offset: 0 })).rows.map((r) => [r.id, r.status])).toEqual([[row.id, 'sent']]);
      const taken = await Promise.all([storage.invites.take(row.id), storage.invites.take(row.id)]);
      expect(taken.filter(Boolean)).toHaveLength(1);
      expect(await storage.invites.findById(row.id)).toBeNull();
    });

    it('keeps one password reset per user, taken once before it expires', async () => {
      const at = new Date('2024-02-01T00:00:00.000Z');
      const later = new Date(at.getTime() + 1000);
      await storage.passwordResets.replace({ token_hash: 'c'.repeat(64), user_id: author.id, expires_at: later, created_at: at });
      await storage.passwordResets.replace({ token_hash: 'd'.repeat(64), user_id: author.id, expires_at: later, created_at: at });
      expect(await storage.passwordResets.find('c'.repeat(64), at)).toBeNull();
      expect((await storage.passwordResets.find('d'.repeat(64), at))?.user_id).toBe(author.id);
      expect(await storage.passwordResets.take('d'.repeat(64), later)).toBeNull();
      const taken = await Promise.all([storage.passwordResets.take('d'.repeat(64), at), storage.passwordResets.take('d'.repeat(64), at)]);
      expect(taken.filter(Boolean)).toHaveLength(1);
      await storage.passwordResets.replace({ token_hash: 'e'.repeat(64), user_id: author.id, expires_at: later, created_at: at });
      expect(await storage.passwordResets.purgeExpired(later)).toBe(1);
    });

    it('keeps the activity log newest first with its actor, filtered, paged and purged by age', async () => {
      const base = new Date('2024-03-01T00:00:00.000Z');
      const entry = (minutes: number, event: 'added' | 'edited' | 'deleted', actor_type: 'user' | 'integration' = 'user') => ({
        id: objectId(new Date(base.getTime() + minutes * 60_000)),
        resource_id: 'r'.repeat(24),
        resource_type: 'post',
        actor_id: actor_type === 'user' ? author.id : 'f'.repeat(24),
        actor_type,
        event,
        context: JSON.stringify({ type: 'post', primary_name: `at ${minutes}` }),
        created_at: new Date(base.getTime() + minutes * 60_000),
      });
      await storage.transaction((tx) => tx.actions.insert([entry(0, 'added'), entry(1, 'edited', 'integration'), entry(2, 'deleted')]));
      const all = await storage.actions.browse({ page: { limit: 10, offset: 0 }, now: base });
      expect(all.total).toBe(3);
      expect(all.rows.map((r) => r.event)).toEqual(['deleted', 'edited', 'added']);
      expect(all.rows[0]).toMatchObject({ actor_name: 'Owner', actor_type: 'user' });
      expect(all.rows[1]).toMatchObject({ actor_name: null, actor_type: 'integration' });
      const filtered = await storage.actions.browse({ filter: parseFilter('event:[added,deleted]+actor_type:user'), page: { limit: 1, offset: 1 }, now: base });
      expect(filtered.total).toBe(2);
      expect(filtered.rows.map((r) => r.event)).toEqual(['added']);
      expect(await storage.actions.purgeBefore(new Date(base.getTime() + 90_000))).toBe(2);
      expect((await storage.actions.browse({ page: { limit: null, offset: 0 }, now: base })).rows.map((r) => r.event)).toEqual(['deleted']);
    });
  });
}
