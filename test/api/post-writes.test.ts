// A write answers with the post as it now stands: the same as reading it back (the write path builds
// its answer from what it resolved and stored, without reading the post again).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '../../lib';
import { createSqlStorage } from '../../lib/storage/sql/sql-storage';
import { adminClient, body, BASE } from '../helpers/service';
import { createStaffSite, type StaffSite } from '../users/staff-site';
import { manualClock } from '../users/helpers';

const clock = manualClock();
const delivered: { url: string; body: any }[] = [];
let site: StaffSite;

beforeAll(async () => {
  site = await createStaffSite({
    now: clock.now,
    webhooks: {
      worker: false,
      transport: async (request) => {
        delivered.push({ url: request.url, body: await request.json() });
        return new Response(null, { status: 204 });
      },
    },
  });
  await site.admin.post('tags/', { tags: [{ name: 'Existing', slug: 'existing' }] });
  await site.admin.post('tags/', { tags: [{ name: '#Hidden', slug: 'hash-hidden' }] });
});
afterAll(() => site.close());

async function asRead(path: string, written: Response, formats = '') {
  expect(written.status).toBeLessThan(300);
  const post = (await body(written)).posts[0];
  const read = (await body(await site.admin.get(`${path}${post.id}/${formats}`))).posts[0];
  return { post, read };
}

describe('a write answers with the post as a read of it shows', () => {
  it('on add, with tags and authors named every way, repeated, created and falling back to the Owner', async () => {
    const existing = (await body(await site.admin.get('tags/slug/existing/'))).tags[0];
    const { post, read } = await asRead(
      'posts/',
      await site.admin.post('posts/', {
        posts: [
          {
            title: 'Every reference',
            status: 'published',
            tags: ['#Hidden', { slug: 'existing' }, 'Brand New', { id: existing.id }, 'brand new', { name: 'Fresh', slug: 'fresh-one' }, { slug: 'fresh-one' }],
            authors: [{ email: 'EDI@example.com' }, { slug: 'nobody-here' }, { id: site.ids.Editor }, 'aut@example.com'],
          },
        ],
      }),
    );
    expect(post).toEqual(read);
    expect(post.tags.map((t: { slug: string }) => t.slug)).toEqual(['hash-hidden', 'existing', 'brand-new', 'fresh-one']);
    expect(post.primary_tag).toBeNull(); // the first tag is internal
    expect(post.authors.map((a: { id: string }) => a.id)).toEqual([site.ids.Editor, site.ids.Owner, site.ids.Author]);
    expect(post.primary_author.roles.map((r: { name: string }) => r.name)).toEqual(['Editor']);
  });

  it('on add without authors: the integration’s post is the Owner’s, a user’s post the user’s', async () => {
    const integration = await asRead('posts/', await site.admin.post('posts/', { posts: [{ title: 'By integration', tags: ['Existing'] }] }));
    expect(integration.post).toEqual(integration.read);
    expect(integration.post.authors.map((a: { id: string }) => a.id)).toEqual([site.ids.Owner]);
    const user = await asRead('posts/', await site.as.Author.post('posts/', { posts: [{ title: 'By an author' }] }));
    expect(user.post).toEqual(user.read);
    expect(user.post.primary_author).toMatchObject({ id: site.ids.Author, roles: [{ name: 'Author' }] });
  });

  it('on edit, with and without new tags and authors, and for pages', async () => {
    const added = (await body(await site.admin.post('pages/', { pages: [{ title: 'A page', tags: ['Existing', 'Second'] }] }))).pages[0];
    const titled = await site.admin.put(`pages/${added.id}/`, { pages: [{ title: 'Renamed page', updated_at: added.updated_at }] });
    const first = (await body(titled)).pages[0];
    expect(first).toEqual((await body(await site.admin.get(`pages/${added.id}/`))).pages[0]);
    expect(first.tags.map((t: { name: string }) => t.name)).toEqual(['Existing', 'Second']);

    const retagged = await site.admin.put(`pages/${added.id}/`, {
      pages: [{ tags: ['Second', 'Third', 'Existing'], authors: [{ id: site.ids.Author }, { id: site.ids.Owner }], updated_at: first.updated_at }],
    });
    const second = (await body(retagged)).pages[0];
    expect(second).toEqual((await body(await site.admin.get(`pages/${added.id}/`))).pages[0]);
    expect(second.tags.map((t: { name: string }) => t.name)).toEqual(['Second', 'Third', 'Existing']);
    expect(second.primary_author.id).toBe(site.ids.Author);

    const cleared = await site.admin.put(`pages/${added.id}/`, { pages: [{ tags: [], status: 'published', updated_at: second.updated_at }] });
    const third = (await body(cleared)).pages[0];
    expect(third).toEqual((await body(await site.admin.get(`pages/${added.id}/`))).pages[0]);
    expect(third).toMatchObject({ tags: [], primary_tag: null, status: 'published' });
  });

  it('with html as the source, and with the stored text of an unpaired surrogate', async () => {
    const { post, read } = await asRead(
      'posts/',
      await site.admin.post('posts/?source=html&formats=html,mobiledoc', {
        posts: [{ title: 'Odd \ud800 title', html: '<p>Some <b>words</b></p><img src="x.png">' }],
      }),
      '?formats=html,mobiledoc',
    );
    expect(post).toEqual(read);
    expect(post.title).toBe('Odd \ufffd title');
    expect(post.reading_time).toBe(1);
  });
});

describe('slugs', () => {
  it('gives concurrent posts of one title distinct slugs, in order of a free slug', async () => {
    const responses = await Promise.all(Array.from({ length: 5 }, () => site.admin.post('posts/', { posts: [{ title: 'Same Title' }] })));
    const slugs = await Promise.all(responses.map(async (r) => (await body(r)).posts[0].slug));
    expect(slugs.sort()).toEqual(['same-title', 'same-title-2', 'same-title-3', 'same-title-4', 'same-title-5']);
    const custom = (await body(await site.admin.post('posts/', { posts: [{ title: 'Other', slug: 'same-title' }] }))).posts[0];
    expect(custom.slug).toBe('same-title-6');
  });
});

describe('webhook bodies of an added post', () => {
  it('show the post as the Admin API reads it', async () => {
    for (const event of ['post.added', 'post.published', 'post.tag.attached']) {
      expect((await site.admin.post('webhooks/', { webhooks: [{ event, target_url: `https://hooks.example.com/${event}` }] })).status).toBe(201);
    }
    delivered.length = 0;
    const written = await site.admin.post('posts/', { posts: [{ title: 'Hooked', status: 'published', tags: ['Existing', 'Hook new'] }] });
    const { post, read } = await asRead('posts/', written, '?formats=mobiledoc,html');
    await site.service.runDueJobs();
    const byUrl = new Map(delivered.map((d) => [new URL(d.url).pathname.slice(1), d.body]));
    expect(byUrl.get('post.added')).toEqual({ post: { current: read, previous: {} } });
    expect(byUrl.get('post.published')).toEqual({ post: { current: read, previous: {} } });
    expect(byUrl.get('post.tag.attached')?.post.current).toEqual(read);
    expect(delivered.filter((d) => d.url.endsWith('post.tag.attached'))).toHaveLength(2);
    expect(post.tags).toEqual(read.tags);
  });
});

describe('Admin API keys', () => {
  let other: Service;

  beforeAll(async () => {
    // a second service on the same database, as another process would be
    other = await createService({
      url: BASE,
      now: clock.now,
      auth: { passwordIterations: 1000 },
      storage: { ...createSqlStorage(site.driver), close: async () => {} },
    });
  });
  afterAll(() => other.close());

  it('a key refreshed on one service stops working on another within a second', async () => {
    const created = (await body(await site.as.Owner.post('integrations/', { integrations: [{ name: 'Two services' }] }))).integrations[0];
    const key = created.api_keys.find((k: { type: string }) => k.type === 'admin');
    const onOther = adminClient(other, `${key.id}:${key.secret}`, 'svc', clock.now);
    expect((await onOther.get('posts/')).status).toBe(200);
    expect((await site.as.Owner.post(`integrations/${created.id}/api_key/${key.id}/refresh/`, {})).status).toBe(200);
    expect((await adminClient(site.service, `${key.id}:${key.secret}`, 'svc', clock.now).get('posts/')).status).toBe(401);
    clock.advance(1001);
    expect((await onOther.get('posts/')).status).toBe(401);
  });

  it('a deleted integration’s key stops working on another service within a second', async () => {
    const created = (await body(await site.as.Owner.post('integrations/', { integrations: [{ name: 'Doomed' }] }))).integrations[0];
    const key = created.api_keys.find((k: { type: string }) => k.type === 'admin');
    const onOther = adminClient(other, `${key.id}:${key.secret}`, 'svc', clock.now);
    expect((await onOther.get('posts/')).status).toBe(200);
    expect((await site.as.Owner.del(`integrations/${created.id}/`)).status).toBe(204);
    clock.advance(1001);
    expect((await onOther.get('posts/')).status).toBe(401);
  });
});
