// The unmodified official Ghost SDKs with `version: 'v5.0'` (as the reference's documentation sets them up
// since 5.0) against pressroom named 'ghost', over a real HTTP server: they call the unversioned roots
// /ghost/api/admin/ and /ghost/api/content/ with `Accept-Version: v5.0` and admin tokens for `aud` /admin/.
// One publishing flow, step by step, as a user of the SDKs sees it (issue 34, "Done when").
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import GhostAdminAPI from '@tryghost/admin-api';
import GhostContentAPI from '@tryghost/content-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSdkSite, type SdkSite } from './sdk-site';

let site: SdkSite;
let url: string;
let contentKey: string;
let admin: any;
let content: any;

beforeAll(async () => {
  site = await startSdkSite('SDK v5 site', 'SDK v5');
  ({ url, contentKey } = site);
  admin = new GhostAdminAPI({ url, key: site.adminKey, version: 'v5.0' });
  content = new GhostContentAPI({ url, key: contentKey, version: 'v5.0' });
});

afterAll(() => site?.close());

/** The rejection of `promise`, which must reject: the SDK's Error carrying the API's error fields. */
async function rejection(promise: Promise<unknown>): Promise<any> {
  const outcome = await promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected a rejection, got ${JSON.stringify(outcome.value).slice(0, 300)}`);
  return outcome.error;
}

const LEXICAL = JSON.stringify({
  root: {
    type: 'root',
    version: 1,
    direction: 'ltr',
    format: '',
    indent: 0,
    children: [
      {
        type: 'heading',
        tag: 'h2',
        version: 1,
        direction: 'ltr',
        format: '',
        indent: 0,
        children: [{ type: 'text', text: 'Lexical heading', format: 0, detail: 0, mode: 'normal', style: '', version: 1 }],
      },
      {
        type: 'paragraph',
        version: 1,
        direction: 'ltr',
        format: '',
        indent: 0,
        children: [
          { type: 'text', text: 'Written in ', format: 0, detail: 0, mode: 'normal', style: '', version: 1 },
          { type: 'text', text: 'lexical', format: 1, detail: 0, mode: 'normal', style: '', version: 1 },
          { type: 'text', text: ' <not a tag>', format: 0, detail: 0, mode: 'normal', style: '', version: 1 },
        ],
      },
    ],
  },
});

const MOBILEDOC = JSON.stringify({
  version: '0.3.1',
  atoms: [],
  cards: [],
  markups: [['strong']],
  sections: [
    [
      1,
      'p',
      [
        [0, [], 0, 'Written in '],
        [0, [0], 1, 'mobiledoc'],
      ],
    ],
  ],
});

/** Admin v5 posts carry both formats' keys, exactly one of them non-null (the format the post is in). */
function expectFormat(post: any, format: 'lexical' | 'mobiledoc') {
  expect(post).toHaveProperty('lexical');
  expect(post).toHaveProperty('mobiledoc');
  const other = format === 'lexical' ? 'mobiledoc' : 'lexical';
  expect(typeof post[format]).toBe('string');
  expect(post[other]).toBeNull();
}

describe('@tryghost/admin-api and @tryghost/content-api with version v5.0', () => {
  // ids the later steps use
  const made: Record<string, any> = {};

  it('reads the site through the unversioned root', async () => {
    const site = await admin.site.read();
    expect(site).toMatchObject({ title: 'SDK v5 site', url: `${url}/` });
  });

  it('answers with Content-Version and Vary: Accept-Version (seen with a plain fetch: the SDKs return only bodies)', async () => {
    const res = await fetch(`${url}/ghost/api/content/settings/?key=${contentKey}`, { headers: { 'accept-version': 'v5.0' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-version')).toMatch(/^v5\.\d+$/);
    expect(res.headers.get('vary')).toMatch(/accept-version/i);
  });

  it('adds, edits, browses and deletes tags', async () => {
    const tag = await admin.tags.add({ name: 'Field notes', description: 'first' });
    expect(tag).toMatchObject({ name: 'Field notes', slug: 'field-notes', description: 'first', visibility: 'public' });
    const edited = await admin.tags.edit({ id: tag.id, description: 'Notes from the field', updated_at: tag.updated_at });
    expect(edited.description).toBe('Notes from the field');
    const spare = await admin.tags.add({ name: 'Spare' });

    const browsed = await admin.tags.browse({ limit: 'all', filter: 'slug:[field-notes,spare]', order: 'name asc' });
    expect(browsed.map((t: any) => t.slug)).toEqual(['field-notes', 'spare']);
    expect(browsed.meta.pagination).toMatchObject({ page: 1, total: 2 });

    await admin.tags.delete({ id: spare.id });
    const gone = await rejection(admin.tags.read({ id: spare.id }));
    expect(gone).toBeInstanceOf(Error);
    expect(gone.type).toBe('NotFoundError');
    expect(gone.name).toBe('NotFoundError');
    made.tag = edited;
  });

  it('adds a post from lexical: stored as sent, html rendered from it', async () => {
    const post = await admin.posts.add(
      { title: 'From lexical', lexical: LEXICAL, status: 'published', tags: [{ slug: 'field-notes' }] },
      { formats: 'html,lexical,mobiledoc' },
    );
    expectFormat(post, 'lexical');
    expect(post.lexical).toBe(LEXICAL);
    expect(post.html).toContain('<h2 id="lexical-heading">Lexical heading</h2>');
    expect(post.html).toContain('<strong>lexical</strong>');
    expect(post.html).toContain('&lt;not a tag&gt;');
    expect(post.tags.map((t: any) => t.slug)).toEqual(['field-notes']);
    expect(post.primary_author.email).toBe('owner@example.com');
    expect(post.reading_time).toBeGreaterThanOrEqual(0);
    made.lexical = post;
  });

  it('adds a post from mobiledoc', async () => {
    const post = await admin.posts.add({ title: 'From mobiledoc', mobiledoc: MOBILEDOC, status: 'published' }, { formats: 'html,lexical,mobiledoc' });
    expectFormat(post, 'mobiledoc');
    expect(JSON.parse(post.mobiledoc)).toEqual(JSON.parse(MOBILEDOC));
    expect(post.html).toBe('<p>Written in <strong>mobiledoc</strong></p>');
    made.mobiledoc = post;
  });

  it('adds a post from html with source: html, which the reference stores as lexical on v5', async () => {
    const post = await admin.posts.add(
      { title: 'From html', html: '<h2>Html heading</h2><p>Hello <em>SDK</em> &amp; friends</p>', status: 'draft', tags: ['Field notes'] },
      { source: 'html', formats: 'html,lexical,mobiledoc' },
    );
    expect(post.html).toContain('<em>SDK</em> &amp; friends');
    expect(post.html).toMatch(/<h2 id="html-heading">Html heading<\/h2>/);
    expectFormat(post, 'lexical');
    // the node types the reference's kg-html-to-lexical writes
    const doc = JSON.parse(post.lexical);
    expect(doc.root.children.map((node: any) => node.type)).toEqual(['extended-heading', 'paragraph']);
    expect(post.tags.map((t: any) => t.slug)).toEqual(['field-notes']);
    made.html = post;
  });

  it('refuses html that cannot be made lexical with a ValidationError naming html, and stores nothing', async () => {
    const deep = `${'<div>'.repeat(3000)}deep${'</div>'.repeat(3000)}`;
    const error = await rejection(admin.posts.add({ title: 'Too deep', html: deep }, { source: 'html' }));
    expect(error.type).toBe('ValidationError');
    expect(error.property).toBe('html');
    expect(error.message).toMatch(/nested deeper/);
    expect(await admin.posts.browse({ filter: "title:'Too deep'" })).toHaveLength(0);
  });

  it('uploads an image and uses it as a feature image', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pressroom-sdk-v5-'));
    const file = join(dir, 'pixel.png');
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    await writeFile(file, png);
    const image = await admin.images.upload({ file, ref: 'sdk-v5-ref' });
    expect(image.ref).toBe('sdk-v5-ref');
    expect(image.url).toMatch(new RegExp(`^${url}/content/images/\\d{4}/\\d{2}/pixel\\.png$`));
    const served = await fetch(image.url);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
    made.image = image.url;
  });

  it('edits with updated_at, and refuses a stale edit with UpdateCollisionError', async () => {
    const { lexical } = made;
    const edited = await admin.posts.edit({
      id: lexical.id,
      title: 'From lexical, edited',
      feature_image: made.image,
      updated_at: lexical.updated_at,
    });
    expect(edited).toMatchObject({ title: 'From lexical, edited', feature_image: made.image });
    expectFormat(edited, 'lexical');
    expect(edited.lexical).toBe(LEXICAL);

    const stale = await rejection(admin.posts.edit({ id: lexical.id, title: 'Lost update', updated_at: lexical.updated_at }));
    expect(stale).toBeInstanceOf(Error);
    expect(stale.type).toBe('UpdateCollisionError');
    expect(stale.name).toBe('UpdateCollisionError');
    expect(stale.message).toMatch(/someone else is editing/i);
    expect((await admin.posts.read({ id: lexical.id })).title).toBe('From lexical, edited');
    made.lexical = edited;
  });

  it('refuses a post in both formats, naming lexical, as the SDK surfaces it', async () => {
    const error = await rejection(admin.posts.add({ title: 'Both', lexical: LEXICAL, mobiledoc: MOBILEDOC }));
    expect(error.type).toBe('ValidationError');
    expect(error.property).toBe('lexical');
    const unknown = await rejection(admin.posts.add({ title: 'Unknown node', lexical: '{"root":{"type":"root","children":[{"type":"marquee"}]}}' }));
    expect(unknown.type).toBe('ValidationError');
    expect(unknown.message).toMatch(/lexical/);
  });

  it('browses posts with filters', async () => {
    const published = await admin.posts.browse({ filter: 'status:published+tag:field-notes', fields: 'title,status' });
    expect(published.map((p: any) => p.title)).toEqual(['From lexical, edited']);
    const drafts = await admin.posts.browse({ filter: 'status:draft', limit: 'all' });
    expect(drafts.map((p: any) => p.title)).toEqual(['From html']);
    const tagged = await admin.posts.browse({ filter: 'tag:field-notes', order: 'title asc', limit: 1 });
    expect(tagged).toHaveLength(1);
    expect(tagged[0].title).toBe('From html');
    expect(tagged.meta.pagination).toMatchObject({ limit: 1, total: 2, pages: 2, next: 2 });
    const bySlug = await admin.posts.read({ slug: made.mobiledoc.slug });
    expect(bySlug.id).toBe(made.mobiledoc.id);
    expectFormat(bySlug, 'mobiledoc');
  });

  it('adds, edits and reads pages', async () => {
    const page = await admin.pages.add({ title: 'About', lexical: LEXICAL, status: 'published' }, { formats: 'html,lexical' });
    expect(page.html).toContain('Lexical heading');
    expectFormat(page, 'lexical');
    const edited = await admin.pages.edit({ id: page.id, title: 'About us', updated_at: page.updated_at });
    expect(edited.title).toBe('About us');
    const stale = await rejection(admin.pages.edit({ id: page.id, title: 'Stale', updated_at: page.updated_at }));
    expect(stale.type).toBe('UpdateCollisionError');
    made.page = edited;
  });

  it('reads published content through the Content API with include tags,authors: html, no lexical or mobiledoc', async () => {
    const posts = await content.posts.browse({ include: 'tags,authors', filter: 'tag:field-notes', limit: 5 });
    expect(posts.map((p: any) => p.title)).toEqual(['From lexical, edited']);
    expect(posts.meta.pagination.total).toBe(1);
    const [post] = posts;
    expect(post).not.toHaveProperty('lexical');
    expect(post).not.toHaveProperty('mobiledoc');
    expect(post.html).toContain('<h2 id="lexical-heading">Lexical heading</h2>');
    expect(post.tags.map((t: any) => t.slug)).toEqual(['field-notes']);
    expect(post.primary_tag.name).toBe('Field notes');
    expect(post.authors.map((a: any) => a.name)).toEqual(['Owner Person']);
    expect(post.primary_author.name).toBe('Owner Person');
    expect(post.primary_author).not.toHaveProperty('email');
    expect(post).toMatchObject({ feature_image: made.image, visibility: 'public' });

    const mobiledoc = await content.posts.read({ id: made.mobiledoc.id }, { include: 'tags,authors' });
    expect(mobiledoc.html).toBe('<p>Written in <strong>mobiledoc</strong></p>');
    expect(mobiledoc).not.toHaveProperty('mobiledoc');
    expect(mobiledoc.tags).toEqual([]);

    const drafts = await rejection(content.posts.read({ id: made.html.id }));
    expect(drafts.type).toBe('NotFoundError');

    const pages = await content.pages.browse({ include: 'authors' });
    expect(pages.map((p: any) => p.title)).toEqual(['About us']);
    expect(pages[0]).not.toHaveProperty('lexical');
    expect(pages[0].html).toContain('Lexical heading');

    const tags = await content.tags.browse({ include: 'count.posts', filter: 'slug:field-notes' });
    expect(tags[0]).toMatchObject({ name: 'Field notes', description: 'Notes from the field' });
    expect(tags[0].count.posts).toBe(1);
    const authors = await content.authors.browse();
    expect(authors.map((a: any) => a.name)).toEqual(['Owner Person']);
    const settings = await content.settings.browse();
    expect(settings.title).toBe('SDK v5 site');
  });

  it('deletes posts, pages and tags', async () => {
    for (const post of [made.lexical, made.mobiledoc, made.html]) await admin.posts.delete({ id: post.id });
    await admin.pages.delete({ id: made.page.id });
    await admin.tags.delete({ id: made.tag.id });
    const post = await rejection(admin.posts.read({ id: made.lexical.id }));
    expect(post.type).toBe('NotFoundError');
    expect(await admin.posts.browse({ limit: 'all' })).toHaveLength(0);
    expect(await content.posts.browse()).toHaveLength(0);
    expect(await content.pages.browse()).toHaveLength(0);
    const again = await rejection(admin.pages.delete({ id: made.page.id }));
    expect(again.type).toBe('NotFoundError');
  });
});
