// Lexical from hostile clients, through the v5 Admin API: nesting far past the limit, node types pressroom
// does not know wherever they hide, megabyte documents, and script in every text and URL field of every
// card. Nothing is a 5xx, every refusal is a 422 envelope naming `lexical` that changes nothing, and
// what is stored renders without a script element, an event handler or a script URL.
import { parseFragment } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, BASE, body } from '../helpers/service';
import { changedTables, checksum, expectRefused } from './helpers';
import { robustSite, type RobustSite } from './site';
import { CARD_GENERATORS } from '../content/lexical/cards.gen';
import { Generator, type Node } from '../content/lexical/generate';

let site: RobustSite;
beforeAll(async () => {
  site = await robustSite();
}, 120_000);
afterAll(() => site?.close());

async function v5Post(lexical: unknown): Promise<Response> {
  const token = await adminToken(site.adminKey, { aud: '/admin/' });
  return site.service.fetch(
    new Request(`${BASE}/svc/api/admin/posts/?formats=mobiledoc,html`, {
      method: 'POST',
      headers: { authorization: `Svc ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ posts: [{ title: 'Hostile', status: 'published', lexical }] }),
    }),
  );
}

async function refused(lexical: unknown, text: string): Promise<void> {
  const before = await checksum(site.driver);
  const error = await expectRefused(await v5Post(lexical), site.secrets, 422);
  expect(error.property).toBe('lexical');
  expect(error.message).toContain(text);
  expect(changedTables(before, await checksum(site.driver))).toEqual([]);
}

const doc = (children: unknown[]) => JSON.stringify({ root: { type: 'root', children } });
const text = (value: string) => ({ type: 'extended-text', text: value, format: 0 });
const paragraph = (...children: unknown[]) => ({ type: 'paragraph', children });

type Parsed = { nodeName: string; tagName?: string; attrs?: { name: string; value: string }[]; childNodes?: Parsed[]; content?: Parsed };

/** What a browser would find in the html: every element's name and attributes (template contents too). */
function elementsOf(html: string): { tagName: string; attrs: { name: string; value: string }[] }[] {
  const out: { tagName: string; attrs: { name: string; value: string }[] }[] = [];
  const visit = (node: Parsed) => {
    if (node.tagName) out.push({ tagName: node.tagName, attrs: node.attrs ?? [] });
    node.childNodes?.forEach(visit);
    if (node.content) visit(node.content);
  };
  visit(parseFragment(html) as unknown as Parsed);
  return out;
}

function scriptIn(html: string): string[] {
  const found: string[] = [];
  for (const element of elementsOf(html)) {
    if (element.tagName === 'script') found.push('<script>');
    for (const attr of element.attrs) {
      // the one handler the reference writes itself: a bookmark's thumbnail hides when it fails to load
      const ownHandler = element.tagName === 'img' && attr.name === 'onerror' && attr.value === "this.style.display = 'none'";
      if (/^on/i.test(attr.name) && !ownHandler) found.push(`${element.tagName} ${attr.name}`);
      if (/^\s*(javascript|vbscript):/i.test(attr.value.replace(/[\u0000-\u001f]/g, ''))) found.push(`${element.tagName} ${attr.name}=${attr.value}`);
    }
  }
  return found;
}

describe('lexical input, hostile', () => {
  it('refuses nesting far past the limit (100,000 levels) with a 422, without overflowing anything', async () => {
    const depth = 100_000;
    const deep = `{"root":{"type":"root","children":[${'{"type":"paragraph","children":['.repeat(depth)}${']}'.repeat(depth)}]}}`;
    await refused(deep, 'nested deeper');
    // nesting in JSON that is not nodes (a card's field) is refused as well or stored: never a 5xx
    const deepField = `{"root":{"type":"root","children":[{"type":"bookmark","url":"https://example.com","metadata":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}]}}`;
    const res = await v5Post(deepField);
    expect([201, 422]).toContain(res.status);
  });

  it('refuses an unknown node type wherever it is: at the top, in a list item, in a link, beside known ones', async () => {
    const mystery = { type: 'mystery', text: 'x' };
    const placements = [
      [mystery],
      [paragraph(text('fine'), mystery)],
      [{ type: 'list', listType: 'bullet', children: [{ type: 'listitem', children: [paragraph(mystery)] }] }],
      [paragraph({ type: 'link', url: 'https://example.com', children: [mystery] })],
      [{ type: 'image', src: 'https://example.com/a.png' }, mystery],
      [{ type: 'root', children: [] }],
      [{ type: 'autolink', url: 'https://example.com', children: [] }],
    ];
    for (const children of placements) await refused(doc(children), 'unknown node type');
  });

  it('takes a megabyte document and refuses one over the length or node limits, storing nothing of it', async () => {
    const paragraphs = Array.from({ length: 6000 }, (_, i) => paragraph(text(`Paragraph ${i} <&> "quoted" ${'words '.repeat(25)}`)));
    const big = doc(paragraphs);
    expect(big.length).toBeGreaterThan(1_000_000);
    const res = await v5Post(big);
    expect(res.status).toBe(201);
    const post = (await body(res)).posts[0];
    expect(post.lexical).toBe(big);
    expect(post.html.startsWith('<p>Paragraph 0 &lt;&amp;&gt; "quoted" words')).toBe(true);

    const many = doc(Array.from({ length: 200_001 }, () => ({ type: 'linebreak' })));
    await refused(many, 'more than 200000 nodes');
    const long = doc([paragraph(text('x'.repeat(8_100_000)))]);
    await refused(long, 'longer than 8000000 characters');
  }, 120_000);

  it('renders no script from script in any text or URL field of any node and card', async () => {
    const MARKUP = '"><script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">a</a>';
    const URL = 'javascript:alert(4)';
    // fields whose very job is raw html the author wrote, kept raw as for mobiledoc (README, "Content formats")
    const RAW = new Set(['html.html', 'embed.html', 'email.html', 'email-cta.html', 'markdown.markdown']);
    const poison = (value: unknown, key: string, type: string): unknown => {
      if (RAW.has(`${type}.${key}`)) return '<p>raw</p>';
      if (typeof value === 'string') return /url|src|href|icon|thumbnail|image/i.test(key) ? URL : MARKUP;
      if (Array.isArray(value)) return value.map((v) => poison(v, key, type));
      if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poison(v, k, type)]));
      return value;
    };
    const problems: Record<string, string[]> = {};
    let rendered = 0;
    for (const [type, generate] of CARD_GENERATORS) {
      for (let seed = 1; seed <= 4; seed++) {
        const card = generate(new Generator(seed)) as Node;
        const hostile = Object.fromEntries(Object.entries(card).map(([k, v]) => [k, k === 'type' ? v : poison(v, k, type)]));
        // every string field of the card, whatever the generator left out
        for (const field of ['caption', 'title', 'alt', 'href', 'url', 'src', 'buttonText', 'buttonUrl']) hostile[field] ??= poison('', field, type);
        const res = await v5Post(doc([hostile]));
        if (res.status === 422) continue; // a field of the wrong kind for this card: refused, which the tests above cover
        expect(res.status, `${type}: ${await res.clone().text()}`).toBe(201);
        rendered++;
        const found = scriptIn((await body(res)).posts[0].html);
        if (found.length) problems[`${type} #${seed}`] = found;
      }
    }
    const textNodes = doc([
      { type: 'extended-heading', tag: 'h2', children: [text(MARKUP)] },
      paragraph(text(MARKUP), { type: 'link', url: URL, title: MARKUP, rel: MARKUP, children: [text(MARKUP)] }, { type: 'tab' }),
      { type: 'extended-quote', children: [text(MARKUP)] },
      { type: 'aside', children: [text(MARKUP)] },
      { type: 'list', listType: 'check', children: [{ type: 'listitem', checked: true, children: [text(MARKUP)] }] },
    ]);
    const res = await v5Post(textNodes);
    expect(res.status).toBe(201);
    const found = scriptIn((await body(res)).posts[0].html);
    if (found.length) problems['text nodes'] = found;
    expect(problems).toEqual({});
    expect(rendered).toBeGreaterThan(CARD_GENERATORS.size);
  }, 300_000);
});

/** A write at the unversioned Admin root (v5), as the reference's SDKs from 5.0 send it. */
async function v5Write(method: 'POST' | 'PUT', path: string, payload: unknown): Promise<Response> {
  const token = await adminToken(site.adminKey, { aud: '/admin/' });
  return site.service.fetch(
    new Request(`${BASE}/svc/api/admin/${path}`, {
      method,
      headers: { authorization: `Svc ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    }),
  );
}

const v5Content = async (path: string) =>
  (await body(await site.service.fetch(new Request(`${BASE}/svc/api/content/${path}${path.includes('?') ? '&' : '?'}key=${site.contentKey}`)))) as Record<
    string,
    Record<string, string>[]
  >;

describe('the v5 roots, hostile', () => {
  it('refuse deep nesting, unknown node types and oversized documents on pages and on edits too, changing nothing', async () => {
    const deep = `{"root":{"type":"root","children":[${'{"type":"paragraph","children":['.repeat(50_000)}${']}'.repeat(50_000)}]}}`;
    const unknown = doc([paragraph(text('fine'), { type: 'mystery' })]);
    const oversized = doc(Array.from({ length: 200_001 }, () => ({ type: 'linebreak' })));
    for (const resource of ['posts', 'pages'] as const) {
      const made = await v5Write('POST', `${resource}/`, { [resource]: [{ title: 'Target', lexical: doc([paragraph(text('Kept'))]) }] });
      expect(made.status).toBe(201);
      const target = (await body(made))[resource][0];
      for (const lexical of [deep, unknown, oversized, '{"root":', '{"nope":{}}']) {
        for (const [method, path, item] of [
          ['POST', `${resource}/`, { title: 'New', lexical }],
          ['PUT', `${resource}/${target.id}/`, { lexical, updated_at: target.updated_at }],
        ] as const) {
          const before = await checksum(site.driver);
          const error = await expectRefused(await v5Write(method, path, { [resource]: [item] }), site.secrets, 422);
          expect(error.property, `${method} ${resource} ${lexical.slice(0, 40)}`).toBe('lexical');
          expect(changedTables(before, await checksum(site.driver))).toEqual([]);
        }
      }
    }
  }, 120_000);

  it('take a megabyte document as an edit, and serve it through the v5 Content API', async () => {
    const made = await v5Write('POST', 'pages/', { pages: [{ title: 'Big page', status: 'published', lexical: doc([paragraph(text('small'))]) }] });
    const page = (await body(made)).pages[0];
    const big = doc(Array.from({ length: 6000 }, (_, i) => paragraph(text(`Line ${i} <b>not bold</b> ${'words '.repeat(25)}`))));
    expect(big.length).toBeGreaterThan(1_000_000);
    const edited = await v5Write('PUT', `pages/${page.id}/?formats=lexical`, { pages: [{ lexical: big, updated_at: page.updated_at }] });
    expect(edited.status).toBe(200);
    expect((await body(edited)).pages[0].lexical).toBe(big);
    const read = (await v5Content(`pages/${page.id}/`)).pages[0];
    expect(read.html.startsWith('<p>Line 0 &lt;b&gt;not bold&lt;/b&gt; words')).toBe(true);
    expect(read).not.toHaveProperty('lexical');
  }, 120_000);

  it('serve no script through either v5 API from script in html sent with ?source=html, or in any text or URL field of a post', async () => {
    const MARKUP = '"><script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">a</a><svg onload=alert(4)>';
    const URL = 'javascript:alert(5)';
    const html = `<p>${MARKUP}</p><h2 onclick="alert(6)">${MARKUP}</h2><a href="${URL}">link</a><img src="${URL}" alt="${MARKUP}"><figure><img src="https://example.com/a.png"><figcaption>${MARKUP}</figcaption></figure><blockquote>${MARKUP}</blockquote><iframe src="${URL}"></iframe>`;
    const made = await v5Write('POST', 'posts/?source=html&formats=html,lexical', {
      posts: [
        {
          title: MARKUP,
          status: 'published',
          html,
          custom_excerpt: MARKUP,
          feature_image: 'https://example.com/f.png',
          feature_image_alt: MARKUP,
          feature_image_caption: MARKUP,
          og_title: MARKUP,
          og_description: MARKUP,
          twitter_title: MARKUP,
          meta_title: MARKUP,
          meta_description: MARKUP,
          email_subject: MARKUP,
          tags: [{ name: MARKUP.slice(0, 150) }],
        },
      ],
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const post = (await body(made)).posts[0];
    expect(JSON.parse(post.lexical).root.type).toBe('root');
    const read = (await v5Content(`posts/${post.id}/?include=tags&formats=html,plaintext`)).posts[0];
    const answers = { admin: post, content: read };
    for (const [api, answer] of Object.entries(answers)) {
      // the rendered html and the caption are html a theme prints as it is: no script may survive in them
      expect(scriptIn(answer.html), `${api} html`).toEqual([]);
      expect(scriptIn(answer.feature_image_caption), `${api} caption`).toEqual([]);
      expect(answer.feature_image_caption).not.toContain('<img');
      // text fields are text, served as sent in JSON for a theme to escape (the reference does the same)
      expect(answer.title).toBe(MARKUP);
      expect(answer.feature_image_alt).toBe(MARKUP);
    }
    // v5 Content answers are JSON, never html a browser would run as a page
    const res = await site.service.fetch(new Request(`${BASE}/svc/api/content/posts/${post.id}/?key=${site.contentKey}`));
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
