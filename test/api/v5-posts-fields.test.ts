// Post fields v5 adds on the unversioned roots (issue 34 step 3): `feature_image_alt` and
// `feature_image_caption`, shown and writable as the reference 5.130 shows them; v2/v3 keep their shapes.
// Every answer is also checked against the v5 OpenAPI documents (test/helpers/service.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, body, createTestSite, snapshot, type TestSite } from '../helpers/service';
import { v5Clients } from '../helpers/v5-client';

let site: TestSite;

beforeAll(async () => {
  site = await createTestSite();
});
afterAll(() => site.close());

const { admin, content } = v5Clients(() => site);

const HOSTILE_CAPTION =
  '<img src=x onerror="alert(1)"><a href="javascript:alert(1)" onclick="alert(2)">x</a><script>alert(3)</script>' +
  '<em>kept</em> <span style="white-space: pre-wrap;">and</span> <a href="https://example.com/" title="t">a link</a><svg onload="alert(4)"></svg>';

describe('v5 feature image alt text and caption', () => {
  for (const resource of ['posts', 'pages'] as const) {
    it(`are written and shown on v5 ${resource}, Admin and Content, and absent from v2/v3 answers`, async () => {
      const created = await admin('POST', `${resource}/?source=html`, {
        [resource]: [
          {
            title: 'Captioned',
            html: '<p>Body</p>',
            status: 'published',
            feature_image: 'https://example.com/lake.png',
            feature_image_alt: 'A lake at dawn',
            feature_image_caption: 'Photo by <a href="https://example.com/me">me</a>',
          },
        ],
      });
      expect(created.status).toBe(201);
      const post = (await body(created))[resource][0];
      expect(post).toMatchObject({ feature_image_alt: 'A lake at dawn', feature_image_caption: 'Photo by <a href="https://example.com/me">me</a>' });

      const read = (await body(await content(`${resource}/${post.id}/`)))[resource][0];
      expect(read).toMatchObject({ feature_image_alt: 'A lake at dawn', feature_image_caption: 'Photo by <a href="https://example.com/me">me</a>' });

      for (const version of ['v2', 'v3']) {
        const v = (await body(await site.admin.get(`${resource}/${post.id}/`, version)))[resource][0];
        expect(v).not.toHaveProperty('feature_image_alt');
        expect(v).not.toHaveProperty('feature_image_caption');
        const c = (await body(await content(`${resource}/${post.id}/`, `${version}/content`)))[resource][0];
        expect(c).not.toHaveProperty('feature_image_alt');
        expect(c).not.toHaveProperty('feature_image_caption');
      }
    });
  }

  it('are null on a post written without them, and on one written through v3', async () => {
    const v5 = (await body(await admin('POST', 'posts/', { posts: [{ title: 'Plain' }] }))).posts[0];
    expect(v5).toMatchObject({ feature_image_alt: null, feature_image_caption: null });
    const v3 = (await body(await site.admin.post('posts/', { posts: [{ title: 'Old client' }] }))).posts[0];
    const shown = (await body(await admin('GET', `posts/${v3.id}/`))).posts[0];
    expect(shown).toMatchObject({ feature_image_alt: null, feature_image_caption: null });
  });

  it('are changed by an edit, cleared by null, and left alone by an edit that does not name them', async () => {
    const post = (await body(await admin('POST', 'posts/', { posts: [{ title: 'Edited', feature_image_alt: 'First', feature_image_caption: 'One' }] })))
      .posts[0];
    const edited = await admin('PUT', `posts/${post.id}/`, { posts: [{ feature_image_alt: 'Second', updated_at: post.updated_at }] });
    expect(edited.status).toBe(200);
    const after = (await body(edited)).posts[0];
    expect(after).toMatchObject({ feature_image_alt: 'Second', feature_image_caption: 'One' });
    expect(after.updated_at).not.toBe(post.updated_at);

    // a v3 edit cannot name them, and leaves them as they are
    const v3 = await site.admin.put(`posts/${post.id}/`, { posts: [{ title: 'Retitled', updated_at: after.updated_at }] });
    expect(v3.status).toBe(200);
    const kept = (await body(await admin('GET', `posts/${post.id}/`))).posts[0];
    expect(kept).toMatchObject({ title: 'Retitled', feature_image_alt: 'Second', feature_image_caption: 'One' });

    const cleared = await admin('PUT', `posts/${post.id}/`, { posts: [{ feature_image_alt: null, feature_image_caption: null, updated_at: kept.updated_at }] });
    expect((await body(cleared)).posts[0]).toMatchObject({ feature_image_alt: null, feature_image_caption: null });
  });

  it('take alt text of at most 191 characters, as the reference validates it, and refuse a longer one with nothing saved', async () => {
    const longest = 'a'.repeat(191);
    const ok = await admin('POST', 'posts/', { posts: [{ title: 'Alt 191', feature_image_alt: longest }] });
    expect(ok.status).toBe(201);
    expect((await body(ok)).posts[0].feature_image_alt).toBe(longest);

    const before = await snapshot(site.driver);
    const refused = await admin('POST', 'posts/', { posts: [{ title: 'Alt 192', feature_image_alt: `${longest}b` }] });
    expect(refused.status).toBe(422);
    const { errors } = await body(refused);
    expect(errors[0]).toMatchObject({ type: 'ValidationError', property: 'feature_image_alt' });
    expect(await snapshot(site.driver)).toEqual(before);

    for (const wrong of [12, { text: 'alt' }, ['alt']]) {
      const typed = await admin('POST', 'posts/', { posts: [{ title: 'Typed', feature_image_alt: wrong, feature_image_caption: wrong }] });
      expect(typed.status).toBe(422);
    }
    const tooLong = await admin('POST', 'posts/', { posts: [{ title: 'Caption', feature_image_caption: 'c'.repeat(65536) }] });
    expect(tooLong.status).toBe(422);
    expect((await body(tooLong)).errors[0].property).toBe('feature_image_caption');
  });

  it('keep a caption through the html allow-list: links and emphasis stay, script, handlers and javascript: URLs do not', async () => {
    const created = await admin('POST', 'posts/', { posts: [{ title: 'Hostile', status: 'published', feature_image_caption: HOSTILE_CAPTION }] });
    expect(created.status).toBe(201);
    const expected = '<a>x</a><em>kept</em> <span>and</span> <a href="https://example.com/">a link</a>';
    const post = (await body(created)).posts[0];
    expect(post.feature_image_caption).toBe(expected);
    const read = (await body(await content(`posts/${post.id}/`))).posts[0];
    expect(read.feature_image_caption).toBe(expected);
    for (const bad of ['<script', 'onerror', 'onclick', 'onload', 'javascript:', '<img', '<svg', 'alert(3)'])
      expect(read.feature_image_caption).not.toContain(bad);
  });

  it('keep alt text as plain text: a JSON string, never markup the service made', async () => {
    const alt = '"><script>alert(1)</script>';
    const post = (await body(await admin('POST', 'posts/', { posts: [{ title: 'Alt', status: 'published', feature_image_alt: alt }] }))).posts[0];
    expect(post.feature_image_alt).toBe(alt);
    expect((await body(await content(`posts/${post.id}/`))).posts[0].feature_image_alt).toBe(alt);
  });

  it('are described by the v5 OpenAPI documents, and not by the v3 ones', async () => {
    // the `Post` schema of each document (content/'s `PreviewPost` is the preview route's own shape)
    const props = async (path: string) => {
      const doc = await body(await site.service.fetch(new Request(`${BASE}/svc/api/${path}openapi.json`)));
      return Object.keys(doc.components.schemas.Post.properties);
    };
    for (const root of ['admin/', 'content/']) expect(await props(root)).toEqual(expect.arrayContaining(['feature_image_alt', 'feature_image_caption']));
    for (const root of ['v3/admin/', 'v3/content/']) expect(await props(root)).not.toContain('feature_image_alt');
  });
});

describe('a v5 write with no body', () => {
  // The reference's post model gives a post written without mobiledoc or lexical a blank mobiledoc
  // document (models/post.js, whatever the editor's default format): so does pressroom, on every version.
  it('makes a mobiledoc post, as the reference does, which a later lexical edit switches to lexical', async () => {
    const created = await admin('POST', 'posts/?formats=mobiledoc,lexical,html', { posts: [{ title: 'No body yet' }] });
    expect(created.status).toBe(201);
    const post = (await body(created)).posts[0];
    expect(post.lexical).toBeNull();
    expect(JSON.parse(post.mobiledoc)).toMatchObject({ version: '0.3.1', sections: [] });
    expect(post.html ?? '').toBe('');

    // the setting the admin client writes new posts by (migrations/019) does not change what the API makes
    await site.driver.query(`UPDATE settings SET value = 'lexical' WHERE key = 'editor_default_format'`);
    expect((await site.driver.query(`SELECT value FROM settings WHERE key = 'editor_default_format'`)).rows).toEqual([{ value: 'lexical' }]);
    const again = (await body(await admin('POST', 'posts/', { posts: [{ title: 'Still mobiledoc' }] }))).posts[0];
    expect(again.lexical).toBeNull();
    expect(again.mobiledoc).not.toBeNull();

    const lexical = JSON.stringify({
      root: {
        type: 'root',
        version: 1,
        format: '',
        indent: 0,
        direction: null,
        children: [
          {
            type: 'paragraph',
            version: 1,
            format: '',
            indent: 0,
            direction: null,
            children: [{ type: 'text', version: 1, text: 'Now lexical', format: 0, style: '', mode: 'normal', detail: 0 }],
          },
        ],
      },
    });
    const edited = await admin('PUT', `posts/${post.id}/?formats=mobiledoc,lexical,html`, { posts: [{ lexical, updated_at: post.updated_at }] });
    expect(edited.status).toBe(200);
    const after = (await body(edited)).posts[0];
    expect(after).toMatchObject({ mobiledoc: null, lexical, html: '<p>Now lexical</p>' });
  });
});

describe('v5 Content formats', () => {
  // The reference's v5 Content API takes every format its posts have (mobiledoc, lexical, html,
  // plaintext) and strips the source formats from the answer whatever was asked: a format not asked
  // for is not shown either, so `formats=mobiledoc` alone leaves no body at all.
  it('take mobiledoc and lexical, and show neither, as the reference does; v3 Content still shows mobiledoc', async () => {
    const created = await admin('POST', 'posts/?source=html', { posts: [{ title: 'Formats', html: '<p>Words here</p>', status: 'published' }] });
    const { id } = (await body(created)).posts[0];
    const cases: [string, string[]][] = [
      ['mobiledoc', []],
      ['lexical', []],
      ['mobiledoc,lexical', []],
      ['lexical,html', ['html']],
      ['mobiledoc,plaintext', ['plaintext']],
      ['html,plaintext,mobiledoc,lexical', ['html', 'plaintext']],
    ];
    for (const [formats, shown] of cases) {
      for (const resource of [`posts/${id}/`, 'posts/']) {
        const res = await content(`${resource}?formats=${formats}`);
        expect(res.status, formats).toBe(200);
        const post = (await body(res)).posts.find((p: { id: string }) => p.id === id);
        for (const format of ['mobiledoc', 'lexical', 'html', 'plaintext'])
          expect(Object.hasOwn(post, format), `${formats}: ${format}`).toBe(shown.includes(format));
      }
    }
    expect((await body(await content(`posts/${id}/?formats=lexical,html`))).posts[0].html).toBe('<p>Words here</p>');

    const refused = await content(`posts/${id}/?formats=markdown`);
    expect(refused.status).toBe(422);
    expect((await body(refused)).errors[0].property).toBe('formats');

    // v3 keeps its shapes: mobiledoc when asked, lexical not a format there
    const v3 = (await body(await content(`posts/${id}/?formats=mobiledoc`, 'v3/content'))).posts[0];
    expect(v3).toHaveProperty('mobiledoc');
    expect((await content(`posts/${id}/?formats=lexical`, 'v3/content')).status).toBe(422);
  });
});
