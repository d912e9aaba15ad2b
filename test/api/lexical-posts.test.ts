// Lexical as a post's native format (issue 34, step 4): v5 writes take it and store it as sent, every
// version serves the html lib/content/lexical renders from it, a post is in one format at a time, and
// v2/v3 clients see its html with mobiledoc null. Driven through service.fetch as a client would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, BASE, body, createTestSite, snapshot, type TestSite } from '../helpers/service';
import { excerptOf, htmlToPlaintext, parseLexical, readingTime, renderLexical } from '../../lib/content';
import { DEFAULT_SIZES } from '../../lib/files/image-options';
import { parseFragment } from 'parse5';
import { ESSAY, lexicalAt, MEDIA, TECHNICAL } from '../ghost/lexical-fixture';
import { OWNER, sessionClient } from '../users/helpers';

let site: TestSite;
beforeAll(async () => {
  site = await createTestSite();
});
afterAll(() => site.close());

/** The v5 Admin API at the unversioned root, signed for `aud` `/admin/` as the reference's SDKs from 5.0. */
async function v5(method: string, path: string, payload?: unknown): Promise<Response> {
  const token = await adminToken(site.adminKey, { aud: '/admin/' });
  const headers: Record<string, string> = { authorization: `Svc ${token}` };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return site.service.fetch(
    new Request(`${BASE}/svc/api/admin/${path}`, { method, headers, body: payload === undefined ? undefined : JSON.stringify(payload) }),
  );
}

const contentGet = (path: string) =>
  site.service.fetch(new Request(`${BASE}/svc/api/v3/content/${path}${path.includes('?') ? '&' : '?'}key=${site.contentKey}`));

/** What the service renders: its own renderer with the site's options (lib/resources/posts/body.ts, lexicalRenderOptions). */
const rendered = (lexical: string) => renderLexical(parseLexical(lexical), { siteUrl: BASE, imageWidths: DEFAULT_SIZES, canTransformImage: () => true });

// not canonical JSON on purpose: spacing, key order and escapes a client chose must come back as sent
const SENT = `{ "root" : {"type":"root","version":1, "children":[ {"type":"paragraph","children":[{"type":"text","text":"Caf\\u00e9 \\"quoted\\" <b>not bold</b>","format":1}]},
  {"type":"paragraph","children":[{"type":"text","text":"${'Many words here. '.repeat(300)}"}]} ]}}`;

async function created(resource: string, fields: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await v5('POST', `${resource}/?formats=mobiledoc,html,plaintext`, { [resource]: [{ title: 'Lexical', ...fields }] });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await body(res))[resource][0];
}

async function expectRefused(res: Response, property: string, before: Record<string, unknown[]>, text?: string) {
  expect(res.status).toBe(422);
  const error = (await body(res)).errors[0];
  expect(error.type).toBe('ValidationError');
  expect(error.property).toBe(property);
  if (text) expect(error.message).toContain(text);
  expect(await snapshot(site.driver)).toEqual(before);
}

interface Element {
  tagName: string;
  attrs: { name: string; value: string }[];
}
type Parsed = { nodeName: string; tagName?: string; attrs?: Element['attrs']; value?: string; childNodes?: Parsed[] };

function walk(html: string): Parsed[] {
  const out: Parsed[] = [];
  const visit = (node: Parsed) => {
    out.push(node);
    node.childNodes?.forEach(visit);
  };
  visit(parseFragment(html) as unknown as Parsed);
  return out;
}
const elementsOf = (html: string): Element[] => walk(html).filter((n): n is Parsed & Element => n.tagName !== undefined);
const textOf = (html: string): string =>
  walk(html)
    .filter((n) => n.nodeName === '#text')
    .map((n) => n.value)
    .join('');

describe('v5 writes of lexical', () => {
  it('stores lexical exactly as sent and serves the html, plaintext, excerpt and reading time rendered from it', async () => {
    const post = await created('posts', { lexical: SENT, status: 'published' });
    expect(post.lexical).toBe(SENT);
    expect(post.mobiledoc).toBeNull();
    const html = rendered(SENT);
    expect(html).toContain('<strong>Café "quoted" &lt;b&gt;not bold&lt;/b&gt;</strong>');
    expect(post.html).toBe(html);
    expect(post.plaintext).toBe(htmlToPlaintext(html));
    expect(post.excerpt).toBe(excerptOf(htmlToPlaintext(html), null));
    expect(post.reading_time).toBe(readingTime({ html, featureImage: null }));
    expect(post.reading_time).toBeGreaterThan(0);

    const read = (await body(await v5('GET', `posts/${post.id}/`))).posts[0];
    expect(read.lexical).toBe(SENT);
    expect(read.mobiledoc).toBeNull();
    const published = (await body(await contentGet(`posts/${post.id}/?formats=html,plaintext`))).posts[0];
    expect(published.html).toBe(html);
    expect(published.excerpt).toBe(post.excerpt);
    expect(published.reading_time).toBe(post.reading_time);
  });

  it('renders every node and card the fixture documents hold, for posts and pages', async () => {
    for (const [resource, lexical] of [
      ['posts', ESSAY],
      ['posts', MEDIA],
      ['pages', TECHNICAL],
    ] as const) {
      const doc = lexicalAt(lexical, BASE);
      const post = await created(resource, { lexical: doc });
      expect(post.lexical).toBe(doc);
      expect(post.html).toBe(rendered(doc));
      expect(String(post.html).length).toBeGreaterThan(200);
    }
  });

  it('shows v2 and v3 readers the html of a lexical post, with mobiledoc null', async () => {
    const post = await created('posts', { lexical: ESSAY, status: 'published' });
    for (const version of ['v2', 'v3']) {
      const admin = (await body(await site.admin.get(`posts/${post.id}/?formats=mobiledoc,html`, version))).posts[0];
      expect(admin.mobiledoc, version).toBeNull();
      expect(admin.html, version).toBe(rendered(ESSAY));
      expect(admin).not.toHaveProperty('lexical');
    }
    const mobiledocFormat = (await body(await contentGet(`posts/${post.id}/?formats=mobiledoc,html`))).posts[0];
    expect(mobiledocFormat.mobiledoc).toBeNull();
    expect(mobiledocFormat.html).toBe(rendered(ESSAY));
  });

  it('refuses with 422, changing nothing: both formats, non-JSON, no root, an unknown node type, too deep, too long', async () => {
    const before = await snapshot(site.driver);
    const mobiledoc = '{"version":"0.3.1","atoms":[],"cards":[],"markups":[],"sections":[]}';
    const refuse = async (fields: Record<string, unknown>, property: string, text: string) =>
      expectRefused(await v5('POST', 'posts/', { posts: [{ title: 'Bad', ...fields }] }), property, before, text);
    await refuse({ lexical: ESSAY, mobiledoc }, 'lexical', 'lexical');
    await refuse({ lexical: '{"root":' }, 'lexical', 'not valid JSON');
    await refuse({ lexical: '{"notroot":{}}' }, 'lexical', 'no root');
    await refuse({ lexical: '{"root":{"type":"root","children":[{"type":"paragraph","children":[{"type":"mystery"}]}]}}' }, 'lexical', 'mystery');
    let deep = '{"type":"text","text":"x"}';
    for (let i = 0; i < 70; i++) deep = `{"type":"paragraph","children":[${deep}]}`;
    await refuse({ lexical: `{"root":{"type":"root","children":[${deep}]}}` }, 'lexical', 'nested deeper');
    const long = `{"root":{"type":"root","children":[{"type":"paragraph","children":[{"type":"text","text":"${'x'.repeat(8_000_001)}"}]}]}}`;
    await refuse({ lexical: long }, 'lexical', 'longer than');
    await refuse({ lexical: 42 }, 'lexical', 'lexical');
    // an escaped NUL reaches the html, which the database cannot hold
    await refuse({ lexical: '{"root":{"type":"root","children":[{"type":"paragraph","children":[{"type":"text","text":"a\\u0000b"}]}]}}' }, 'lexical', 'NUL');
  });

  it('switches a post between formats when a PUT carries the other one, leaving nothing of the old body', async () => {
    const mobiledoc = JSON.stringify({ version: '0.3.1', atoms: [], cards: [], markups: [], sections: [[1, 'p', [[0, [], 0, 'From mobiledoc']]]] });
    const post = await created('posts', { mobiledoc });
    expect(post.lexical).toBeNull();
    expect(post.html).toBe('<p>From mobiledoc</p>');

    const toLexical = await v5('PUT', `posts/${post.id}/?formats=mobiledoc,html`, { posts: [{ lexical: ESSAY, updated_at: post.updated_at }] });
    expect(toLexical.status).toBe(200);
    const lexicalPost = (await body(toLexical)).posts[0];
    expect(lexicalPost).toMatchObject({ lexical: ESSAY, mobiledoc: null, html: rendered(ESSAY) });

    // a v5 client echoing both keys, the other null, as the reference's admin does
    const back = await v5('PUT', `posts/${post.id}/?formats=mobiledoc,html`, { posts: [{ lexical: null, mobiledoc, updated_at: lexicalPost.updated_at }] });
    expect(back.status).toBe(200);
    const mobiledocPost = (await body(back)).posts[0];
    expect(mobiledocPost).toMatchObject({ lexical: null, mobiledoc, html: '<p>From mobiledoc</p>' });

    // a v3 client may write mobiledoc over a lexical post too; a title alone keeps the body as it is, and so
    // does the mobiledoc: null every read of a lexical post shows, sent back with an edit
    const again = (await body(await v5('PUT', `posts/${post.id}/`, { posts: [{ lexical: TECHNICAL, updated_at: mobiledocPost.updated_at }] }))).posts[0];
    const titled = await site.admin.put(`posts/${post.id}/?formats=mobiledoc,html`, {
      posts: [{ title: 'Renamed', mobiledoc: null, updated_at: again.updated_at }],
    });
    expect(titled.status).toBe(200);
    const renamed = (await body(titled)).posts[0];
    expect(renamed).toMatchObject({ title: 'Renamed', mobiledoc: null, html: rendered(TECHNICAL) });
    expect((await body(await v5('GET', `posts/${post.id}/`))).posts[0].lexical).toBe(TECHNICAL);
    const v3Write = await site.admin.put(`posts/${post.id}/?formats=mobiledoc`, {
      posts: [{ mobiledoc, updated_at: renamed.updated_at }],
    });
    expect(v3Write.status).toBe(200);
    const switched = (await body(await v5('GET', `posts/${post.id}/`))).posts[0];
    expect(switched).toMatchObject({ mobiledoc, lexical: null });

    // a null in the post's own format clears the body in that format
    const lexicalAgain = (await body(await v5('PUT', `posts/${post.id}/`, { posts: [{ lexical: ESSAY, updated_at: switched.updated_at }] }))).posts[0];
    const cleared = await v5('PUT', `posts/${post.id}/?formats=mobiledoc,html`, { posts: [{ lexical: null, updated_at: lexicalAgain.updated_at }] });
    expect(cleared.status).toBe(200);
    const empty = (await body(cleared)).posts[0];
    expect(empty).toMatchObject({ mobiledoc: null, html: '' });
    expect(parseLexical(empty.lexical).root.children).toHaveLength(1);
  });

  it('keeps refusing lexical on v2 and v3 writes, saying where it is taken', async () => {
    const before = await snapshot(site.driver);
    for (const version of ['v2', 'v3']) {
      const res = await site.admin.post('posts/', { posts: [{ title: 'Old client', lexical: ESSAY }] }, version);
      await expectRefused(res, 'lexical', before, '/api/admin/');
    }
  });

  it('does not render script URLs, and escapes text and attributes, from a hostile document', async () => {
    const hostile = JSON.stringify({
      root: {
        type: 'root',
        children: [
          {
            type: 'paragraph',
            children: [
              { type: 'link', url: 'javascript:alert(1)', children: [{ type: 'text', text: '<script>alert(2)</script>' }] },
              { type: 'link', url: ' JaVaScRiPt:alert(3)', children: [{ type: 'text', text: 'x' }] },
              { type: 'link', url: 'https://ok.example/"><script>alert(4)</script>', children: [{ type: 'text', text: 'y' }] },
            ],
          },
          {
            type: 'image',
            src: 'javascript:alert(5)',
            alt: '"><script>alert(6)</script>',
            caption: '<img src=x onerror=alert(7)>',
            href: 'javascript:alert(8)',
          },
          { type: 'button', buttonText: '<script>alert(9)</script>', buttonUrl: 'javascript:alert(10)' },
          { type: 'bookmark', url: 'javascript:alert(11)', metadata: { title: '<script>alert(12)</script>', icon: 'javascript:alert(13)' } },
          { type: 'extended-heading', tag: 'h2', children: [{ type: 'text', text: '"><script>alert(14)</script>' }] },
        ],
      },
    });
    const post = await created('posts', { lexical: hostile, status: 'published' });
    const html = String(post.html);
    expect(html).toBe(rendered(hostile));
    // as a browser parses it: no script element, no event handler, no script URL anywhere
    const elements = elementsOf(html);
    expect(elements.length).toBeGreaterThan(10);
    expect(elements.filter((e) => e.tagName === 'script')).toEqual([]);
    const attributes = elements.flatMap((e) => e.attrs);
    expect(attributes.filter((a) => a.name.startsWith('on'))).toEqual([]);
    expect(attributes.filter((a) => /^\s*javascript:/i.test(a.value))).toEqual([]);
    // the text that looked like markup is text
    expect(textOf(html)).toContain('<script>alert(2)</script>');
    const served = (await body(await contentGet(`posts/${post.id}/`))).posts[0].html;
    expect(served).toBe(html);
  });
});

describe('revisions of lexical posts', () => {
  it('keeps each revision in lexical and restores it as lexical, from v5 and from v3', async () => {
    const post = await created('posts', { lexical: ESSAY });
    const saved = await v5('PUT', `posts/${post.id}/?save_revision=1`, { posts: [{ lexical: TECHNICAL, updated_at: post.updated_at }] });
    expect(saved.status).toBe(200);
    const { post_revisions: list } = await body(await v5('GET', `posts/${post.id}/revisions/`));
    expect(list.map((r: { reason: string }) => r.reason)).toEqual(['explicit_save', 'initial_revision']);
    const first = (await body(await v5('GET', `posts/${post.id}/revisions/${list[1].id}/`))).post_revisions[0];
    expect(first).toMatchObject({ lexical: ESSAY, mobiledoc: null, html: rendered(ESSAY) });

    const restored = await v5('POST', `posts/${post.id}/revisions/${list[1].id}/restore/`);
    expect(restored.status).toBe(200);
    expect((await body(await v5('GET', `posts/${post.id}/?formats=mobiledoc,html`))).posts[0]).toMatchObject({
      lexical: ESSAY,
      mobiledoc: null,
      html: rendered(ESSAY),
    });
    // v3 clients cannot write lexical, but restoring a lexical revision keeps it lexical
    const v3Restore = await site.admin.post(`posts/${post.id}/revisions/${list[0].id}/restore/`, {}, 'v3');
    expect(v3Restore.status).toBe(200);
    expect((await body(await v5('GET', `posts/${post.id}/`))).posts[0]).toMatchObject({ lexical: TECHNICAL, mobiledoc: null });
  });
});

describe('editor_default_format', () => {
  it('is lexical on a new site, editable in the settings API, and takes only lexical or mobiledoc', async () => {
    // the settings API is for staff sessions
    const owner = sessionClient(site.service);
    expect((await owner.login(OWNER.email, OWNER.password)).status).toBe(201);
    const value = async () => (await body(await owner.get('settings/'))).settings.find((s: { key: string }) => s.key === 'editor_default_format')?.value;
    expect(await value()).toBe('lexical');
    const put = await owner.put('settings/', { settings: [{ key: 'editor_default_format', value: 'mobiledoc' }] });
    expect(put.status).toBe(200);
    expect(await value()).toBe('mobiledoc');
    const before = await snapshot(site.driver);
    for (const bad of ['html', '', null, 1]) {
      const res = await owner.put('settings/', { settings: [{ key: 'editor_default_format', value: bad }] });
      await expectRefused(res, 'editor_default_format', before, 'lexical or mobiledoc');
    }
    expect((await owner.put('settings/', { settings: [{ key: 'editor_default_format', value: 'lexical' }] })).status).toBe(200);
    expect(await value()).toBe('lexical');
  });
});
