// The unmodified official Ghost SDKs against pressroom named 'ghost', over a real HTTP server.
import GhostAdminAPI from '@tryghost/admin-api';
import GhostContentAPI from '@tryghost/content-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSdkSite, type SdkSite } from './sdk-site';

let site: SdkSite;
let url: string;
let admin: any;
let content: any;

beforeAll(async () => {
  site = await startSdkSite('SDK site', 'SDK');
  url = site.url;
  admin = new GhostAdminAPI({ url, key: site.adminKey, version: 'v3' });
  content = new GhostContentAPI({ url, key: site.contentKey, version: 'v3' });
});

afterAll(() => site?.close());

describe('@tryghost/admin-api (v3)', () => {
  it('reads the site', async () => {
    const site = await admin.site.read();
    expect(site).toMatchObject({ title: 'SDK site', url: `${url}/` });
  });

  it('adds, reads, edits, browses and deletes posts, including source: html', async () => {
    const post = await admin.posts.add({ title: 'From the SDK', tags: ['sdk'], status: 'published' });
    expect(post).toMatchObject({ title: 'From the SDK', status: 'published' });
    expect(post.tags[0].name).toBe('sdk');

    const html = await admin.posts.add({ title: 'HTML post', html: '<p>Hello <em>SDK</em></p>' }, { source: 'html' });
    const readBack = await admin.posts.read({ id: html.id }, { formats: 'html' });
    expect(readBack.html).toContain('<em>SDK</em>');
    const bySlug = await admin.posts.read({ slug: html.slug });
    expect(bySlug.id).toBe(html.id);

    const edited = await admin.posts.edit({ id: post.id, title: 'Edited by SDK', updated_at: post.updated_at });
    expect(edited.title).toBe('Edited by SDK');

    const list = await admin.posts.browse({ limit: 1, filter: 'tag:sdk' });
    expect(list).toHaveLength(1);
    expect(list.meta.pagination.total).toBe(1);

    await admin.posts.delete({ id: html.id });
    await expect(admin.posts.read({ id: html.id })).rejects.toThrow(/not found/i);
  });

  it('surfaces the API errors as the SDK expects', async () => {
    const error = await admin.posts.add({ status: 'draft' }).catch((e: any) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error.type).toBe('ValidationError');
    const stale = await admin.posts.add({ title: 'Conflict' });
    await admin.posts.edit({ id: stale.id, title: 'First', updated_at: stale.updated_at });
    const conflict = await admin.posts.edit({ id: stale.id, title: 'Second', updated_at: stale.updated_at }).catch((e: any) => e);
    expect(conflict.type).toBe('UpdateCollisionError');
  });

  it('handles pages, tags and users', async () => {
    const page = await admin.pages.add({ title: 'SDK page', status: 'published' });
    expect((await admin.pages.read({ id: page.id })).title).toBe('SDK page');
    const tag = await admin.tags.add({ name: 'SDK tag' });
    const editedTag = await admin.tags.edit({ id: tag.id, description: 'described' });
    expect(editedTag.description).toBe('described');
    expect((await admin.tags.browse({ limit: 'all' })).some((t: any) => t.id === tag.id)).toBe(true);
    await admin.tags.delete({ id: tag.id });
    const users = await admin.users.browse();
    expect(users[0].email).toBe('owner@example.com');
    expect((await admin.users.read({ id: users[0].id })).name).toBe('Owner Person');
  });

  it('sends many requests within one second, as the SDK does, without tripping single-use tokens', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => admin.posts.browse({ limit: 1 })));
    expect(results).toHaveLength(10);
  });
});

describe('@tryghost/admin-api uploads and webhooks', () => {
  it('uploads an image from a file path and the returned URL serves it', async () => {
    const { mkdtemp, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = await mkdtemp(join(tmpdir(), 'pressroom-sdk-'));
    const file = join(dir, 'pixel.png');
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    await writeFile(file, png);
    const image = await admin.images.upload({ file, ref: 'sdk-ref' });
    expect(image.ref).toBe('sdk-ref');
    expect(image.url).toMatch(new RegExp(`^${url}/content/images/\\d{4}/\\d{2}/pixel\\.png$`));
    const served = await fetch(image.url);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
  });

  it('adds, edits and deletes a webhook', async () => {
    const hook = await admin.webhooks.add({ event: 'post.published', target_url: 'https://example.com/hook', name: 'SDK hook' });
    expect(hook).toMatchObject({ event: 'post.published', target_url: 'https://example.com/hook', status: 'available' });
    const edited = await admin.webhooks.edit({ id: hook.id, event: 'post.added' });
    expect(edited.event).toBe('post.added');
    await admin.webhooks.delete({ id: hook.id });
    await expect(admin.webhooks.delete({ id: hook.id })).rejects.toThrow();
  });
});

describe('@tryghost/content-api (v3)', () => {
  it('browses and reads published content with includes and filters', async () => {
    await admin.posts.add({ title: 'Public one', status: 'published', tags: ['public-tag'] });
    const posts = await content.posts.browse({ include: 'tags,authors', filter: 'tag:public-tag', limit: 5 });
    expect(posts).toHaveLength(1);
    expect(posts[0].primary_tag.slug).toBe('public-tag');
    expect(posts.meta.pagination.total).toBe(1);
    const one = await content.posts.read({ slug: posts[0].slug });
    expect(one.id).toBe(posts[0].id);
    const tags = await content.tags.browse({ include: 'count.posts' });
    expect(tags.find((t: any) => t.slug === 'public-tag').count.posts).toBe(1);
    const authors = await content.authors.browse();
    expect(authors[0].name).toBe('Owner Person');
    const pages = await content.pages.browse();
    expect(pages.map((p: any) => p.title)).toContain('SDK page');
    const settings = await content.settings.browse();
    expect(settings.title).toBe('SDK site');
  });

  it('passes search through browse({ search }), with its headline', async () => {
    await admin.posts.add({ title: 'Searchable lighthouse', status: 'published' });
    const found = await content.posts.browse({ search: 'lighthouse', include: 'search.headline' });
    expect(found.map((p: any) => p.title)).toEqual(['Searchable lighthouse']);
    expect(found[0].search.headline).toBe('Searchable <mark>lighthouse</mark>');
    await expect(content.posts.browse({ search: '&|!' })).rejects.toThrow();
  });

  it('rejects for unknown content', async () => {
    await expect(content.posts.read({ slug: 'no-such-post' })).rejects.toThrow();
  });
});
