// Contract §4.5 through HTTP: every bad filter is a 400 on every browse endpoint of both APIs, and
// hostile filters never reach SQL as code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INJECTION_CORPUS } from '../nql/helpers/injection-corpus';
import { INVALID_FILTERS } from '../nql/helpers/invalid-cases';
import { BASE, body, createTestSite, snapshot, type TestSite } from '../helpers/service';

let site: TestSite;

beforeAll(async () => {
  site = await createTestSite();
  for (const [title, tags] of [
    ['One', ['news']],
    ['Two', ['news', 'tech']],
    ['Three', []],
  ] as const) {
    await site.admin.post('posts/', { posts: [{ title, status: 'published', tags }] });
  }
});
afterAll(() => site.close());

const ENDPOINTS = [
  ['admin', 'posts/'],
  ['admin', 'pages/'],
  ['admin', 'tags/'],
  ['admin', 'users/'],
  ['content', 'posts/'],
  ['content', 'pages/'],
  ['content', 'tags/'],
  ['content', 'authors/'],
] as const;

function browse(api: 'admin' | 'content', path: string, filter: string, version = 'v3') {
  const query = `filter=${encodeURIComponent(filter)}`;
  if (api === 'admin') return site.admin.get(`${path}?${query}`, version);
  return site.service.fetch(new Request(`${BASE}/svc/api/${version}/content/${path}?${query}&key=${site.contentKey}`));
}

describe('invalid filters', () => {
  it(`answers each of ${INVALID_FILTERS.length} invalid filters with 400 on every browse endpoint`, async () => {
    expect(INVALID_FILTERS.length).toBeGreaterThanOrEqual(60);
    for (const [filter, offset] of INVALID_FILTERS) {
      if (filter.trim() === '') continue; // an empty filter means no filter
      if (!filter.isWellFormed()) continue; // a lone surrogate cannot be percent-encoded, so no client can send it
      for (const [api, path] of ENDPOINTS) {
        const res = await browse(api, path, filter);
        expect(res.status, `${api} ${path} ${JSON.stringify(filter)}`).toBe(400);
        const error = (await body(res)).errors[0];
        expect(error.type).toBe('BadRequestError');
        expect(error.context).toContain(`at character ${offset}`);
      }
    }
  });
});

describe('hostile filters', () => {
  it('are refused or run as data, never as SQL, and change nothing', async () => {
    const before = await snapshot(site.driver);
    for (const filter of INJECTION_CORPUS) {
      for (const [api, path] of ENDPOINTS) {
        const res = await browse(api, path, filter);
        expect([200, 400], `${api} ${path} ${JSON.stringify(filter).slice(0, 80)}`).toContain(res.status);
      }
    }
    expect(await snapshot(site.driver)).toEqual(before);
  });
});

describe('relation semantics through the API', () => {
  const titles = async (filter: string) => (await body(await browse('content', 'posts/', filter))).posts.map((p: any) => p.title).sort();

  it('any tag matches; a negated tag matches posts without it; + needs both', async () => {
    expect(await titles('tag:news')).toEqual(['One', 'Two']);
    expect(await titles('tag:-news')).toEqual(['Three']);
    expect(await titles('tag:news+tag:tech')).toEqual(['Two']);
    expect(await titles('tags.slug:[tech,nothing]')).toEqual(['Two']);
    expect(await titles('primary_tag:news')).toEqual(['One', 'Two']);
  });
});

describe('the complexity budget', () => {
  it('refuses more than 100 comparisons or 1,000 in-group values with a 400 naming the limit', async () => {
    // slug is a property of every browse endpoint
    const terms = Array.from({ length: 800 }, (_, i) => `slug:t${i}`).join(',');
    const values = Array.from({ length: 1001 }, (_, i) => `s${i}`).join(',');
    for (const [api, path] of ENDPOINTS) {
      const tooMany = await browse(api, path, terms);
      expect(tooMany.status, `${api} ${path}`).toBe(400);
      expect((await body(tooMany)).errors[0].message).toContain('the filter has more than 100 comparisons; at most 100 are allowed');
      const tooLarge = await browse(api, path, `slug:[${values}]`);
      expect(tooLarge.status, `${api} ${path}`).toBe(400);
      expect((await body(tooLarge)).errors[0].message).toContain('at most 1000 are allowed');
    }
    // at the limits, an answer
    const hundred = [...Array.from({ length: 99 }, (_, i) => `tag:t${i}`), 'tag:news'].join(',');
    const found = await browse('content', 'posts/', hundred);
    expect(found.status).toBe(200);
    expect((await body(found)).posts.map((post: { title: string }) => post.title).sort()).toEqual(['One', 'Two']);
    const thousand = await browse('content', 'posts/', `slug:[${values.slice(0, values.lastIndexOf(','))}]`);
    expect(thousand.status).toBe(200);
  });
});
