import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestSite, type TestSite } from '../helpers/service';
import { add, content, search, titles } from './helpers';

// Search as a reader uses it, through the Content API (and the Admin API where staff see more): what
// matches, in which order, and how the query's words are read.

let site: TestSite;

beforeAll(async () => {
  site = await createTestSite();
  await add(site, { title: 'Publishing at scale', html: '<p>A note on tooling.</p>', tags: ['Guides'], published_at: '2024-01-01T00:00:00.000Z' });
  await add(site, {
    title: 'Weekly notes',
    html: '<p>This week we published a long piece about publishing pipelines, and ate a crème brûlée.</p>',
    published_at: '2024-01-03T00:00:00.000Z',
  });
  await add(site, { title: 'Garden diary', custom_excerpt: 'Tomatoes and publishing', html: '<p>Plants grow.</p>', published_at: '2024-01-02T00:00:00.000Z' });
  await add(site, { title: 'Database tips', html: '<p>Indexes make a database fast: 1 < 2 & 3 > 2.</p>', tags: ['Engineering'] });
  await add(site, { title: 'Cats or dogs', html: '<p>The eternal question: cats or dogs?</p>' });
  await add(site, { title: 'About publishing', html: '<p>Who we are.</p>' }, 'pages');
});
afterAll(() => site?.close());

describe('ranking', () => {
  it('puts a title or tag match above an excerpt match above a body match', async () => {
    expect(await titles(site, 'publishing')).toEqual(['Publishing at scale', 'Garden diary', 'Weekly notes']);
    // a tag name weighs as a title does
    expect(await titles(site, 'guides')).toEqual(['Publishing at scale']);
  });

  it('lets an explicit order win', async () => {
    expect(await titles(site, 'publishing', 'order=title%20asc')).toEqual(['Garden diary', 'Publishing at scale', 'Weekly notes']);
    expect(await titles(site, 'publishing', 'order=published_at%20asc')).toEqual(['Publishing at scale', 'Garden diary', 'Weekly notes']);
  });

  it('searches pages on pages/ and posts on posts/', async () => {
    expect(await titles(site, 'publishing', '', 'content', 'pages')).toEqual(['About publishing']);
    expect(await titles(site, 'who', '', 'content', 'posts')).toEqual([]);
  });
});

describe('the query language', () => {
  it('requires every word', async () => {
    expect(await titles(site, 'publishing pipelines')).toEqual(['Weekly notes']);
    expect(await titles(site, 'publishing plants')).toEqual(['Garden diary']);
    expect(await titles(site, 'publishing nowhere')).toEqual([]);
  });

  it('matches "phrases" in their order only', async () => {
    expect(await titles(site, '"publishing pipelines"')).toEqual(['Weekly notes']);
    expect(await titles(site, '"pipelines publishing"')).toEqual([]);
  });

  it('leaves out -excluded words and phrases', async () => {
    expect(await titles(site, 'publishing -tomatoes')).toEqual(['Publishing at scale', 'Weekly notes']);
    expect(await titles(site, 'publishing -"long piece"')).toEqual(['Publishing at scale', 'Garden diary']);
  });

  it('reads the last word as the start of a longer one while the reader types', async () => {
    expect(await titles(site, 'publ')).toEqual(['Publishing at scale', 'Garden diary', 'Weekly notes']);
    expect(await titles(site, 'datab')).toEqual(['Database tips']);
    expect(await titles(site, 'indexes datab')).toEqual(['Database tips']);
    // a space after it says the word is whole; only the last word is a prefix
    expect(await titles(site, 'datab ')).toEqual([]);
    expect(await titles(site, 'datab tips')).toEqual([]);
  });

  it('takes `or` and every other word literally', async () => {
    expect(await titles(site, 'cats or dogs')).toEqual(['Cats or dogs']);
    // as an operator, `or` would find the post by `cats` alone
    expect(await titles(site, 'cats or fish')).toEqual([]);
    expect(await titles(site, 'cats | fish')).toEqual([]);
    expect(await titles(site, 'cats & !dogs')).toEqual(['Cats or dogs']);
  });

  it('stems words by the site language (English by default)', async () => {
    for (const word of ['publish', 'published', 'publishes']) {
      expect(await titles(site, `${word} `), word).toEqual(['Publishing at scale', 'Garden diary', 'Weekly notes']);
    }
    expect(await titles(site, 'index ')).toEqual(['Database tips']);
  });

  it('ignores case and accents', async () => {
    for (const text of ['CREME', 'crème', 'Crème Brûlée', 'creme brulee']) expect(await titles(site, text), text).toEqual(['Weekly notes']);
  });
});

describe('with the other query parameters', () => {
  it('combines with filter', async () => {
    expect(await titles(site, 'publishing', 'filter=tag:guides')).toEqual(['Publishing at scale']);
    expect(await titles(site, 'publishing', 'filter=tag:-guides')).toEqual(['Garden diary', 'Weekly notes']);
  });

  it('pages through the ranked list with a total', async () => {
    const first = await search(site, 'publishing', 'limit=2');
    const second = await search(site, 'publishing', 'limit=2&page=2');
    expect(first.posts.map((p) => p.title)).toEqual(['Publishing at scale', 'Garden diary']);
    expect(second.posts.map((p) => p.title)).toEqual(['Weekly notes']);
    expect(second.meta.pagination).toMatchObject({ page: 2, limit: 2, pages: 2, total: 3, next: null, prev: 1 });
  });

  it('shows the fields and relations asked for', async () => {
    const { posts } = await search(site, 'guides', 'fields=title,slug&include=tags,authors');
    expect(posts).toHaveLength(1);
    expect(Object.keys(posts[0]).sort()).toEqual(['authors', 'primary_author', 'primary_tag', 'slug', 'tags', 'title']);
    expect((posts[0].tags as { name: string }[]).map((t) => t.name)).toEqual(['Guides']);
  });

  it('adds a headline with the matches marked and everything else escaped', async () => {
    const { posts } = await search(site, 'database fast', 'include=search.headline&fields=title');
    expect(posts[0].search!.headline).toBe('Indexes make a <mark>database</mark> <mark>fast</mark>: 1 &lt; 2 &amp; 3 &gt; 2.');
    const weekly = (await search(site, 'creme', 'include=search.headline')).posts[0];
    expect(weekly.search!.headline).toContain('<mark>crème</mark>');
    // a match in the title alone: the headline is the title, marked
    const scale = (await search(site, 'scale', 'include=search.headline')).posts[0];
    expect(scale.search!.headline).toBe('Publishing at <mark>scale</mark>');
    // only with include=search.headline
    expect((await search(site, 'scale')).posts[0].search).toBeUndefined();
  });

  it('gives the same headlines on the Admin API', async () => {
    const { posts } = await search(site, 'database fast', 'include=search.headline', 'admin');
    expect(posts[0].search!.headline).toBe('Indexes make a <mark>database</mark> <mark>fast</mark>: 1 &lt; 2 &amp; 3 &gt; 2.');
  });
});

describe('queries that cannot be searched', () => {
  const refused = async (text: string) => {
    const res = await content(site, `posts/?search=${encodeURIComponent(text)}`);
    const json = await body(res);
    expect(res.status, text).toBe(422);
    expect(json.errors[0].property, text).toBe('search');
    expect(json.errors[0].message, text).toMatch(/search/);
  };

  it('refuses an empty query, whitespace, operators only, or exclusions only with 422 naming search', async () => {
    for (const text of ['', '   ', '\t\n', '""', '- - -', "&|!():*<>'\\", '-publishing']) await refused(text);
  });

  it('counts the 200 characters allowed in code points', async () => {
    await refused('a'.repeat(201));
    expect(await titles(site, 'a'.repeat(200))).toEqual([]);
    // 150 letters outside the BMP: 300 UTF-16 units, 150 code points
    expect(await titles(site, '𝒜'.repeat(150))).toEqual([]);
    await refused('𝒜'.repeat(201));
  });
});
