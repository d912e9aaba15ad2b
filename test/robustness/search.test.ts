// Hostile searches (issue 36): every character the tsquery syntax gives a meaning to, NUL, 10 KB of
// text, the injection corpus and random strings, on both APIs. Each is answered 200 or refused 422 in
// the error envelope, never 500; none changes a table; punctuation is never read as an operator.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, body, createTestSite, type TestSite } from '../helpers/service';
import { INJECTIONS } from './corpus';
import { changedTables, checksum, envelopeProblems, SEED, scale } from './helpers';

let site: TestSite;
let before: Record<string, string>;

beforeAll(async () => {
  site = await createTestSite();
  for (const title of ['Cats and dogs', 'Fish only', 'Birds']) {
    const res = await site.admin.post('posts/', { posts: [{ title, status: 'published' }] });
    expect(res.status).toBe(201);
  }
  before = await checksum(site.driver);
});
afterAll(() => site?.close());

async function searched(text: string, api: 'content' | 'admin'): Promise<{ status: number; titles: string[] }> {
  const path = `posts/?search=${encodeURIComponent(text)}&include=search.headline`;
  const res =
    api === 'content' ? await site.service.fetch(new Request(`${BASE}/svc/api/v3/content/${path}&key=${site.contentKey}`)) : await site.admin.get(path);
  const raw = await res.text();
  const what = `${api} ${JSON.stringify(text.slice(0, 80))} → ${res.status} ${raw.slice(0, 200)}`;
  expect([200, 422], what).toContain(res.status);
  if (res.status === 422) {
    expect(envelopeProblems(res.status, res.headers.get('content-type'), raw), what).toEqual([]);
    expect(JSON.parse(raw).errors[0].property, what).toBe('search');
    return { status: 422, titles: [] };
  }
  return { status: 200, titles: (JSON.parse(raw) as { posts: { title: string }[] }).posts.map((post) => post.title) };
}

const PUNCTUATION = [...`&|!():*<>'\\"-+~@#$%^_=[]{};,.?/\``];

describe('hostile searches', () => {
  it('takes each tsquery operator character literally: alone refused, around words ignored', async () => {
    for (const api of ['content', 'admin'] as const) {
      for (const ch of PUNCTUATION) {
        expect((await searched(ch.repeat(3), api)).status, ch).toBe(422);
        // as an operator `|` would find "Fish only" too, `!` leave out the match, `:*` make a prefix…
        expect((await searched(`cats${ch}`, api)).titles, ch).toEqual(['Cats and dogs']);
        // (a leading `-` is the query language's own: it leaves the word out)
        if (ch !== '-') expect((await searched(`${ch}cats ${ch}${ch} dogs${ch}`, api)).titles, ch).toEqual(['Cats and dogs']);
      }
      expect((await searched('cats | fish', api)).titles).toEqual([]);
      expect((await searched("cats:* & !dogs) | ('fish", api)).titles).toEqual([]);
    }
  });

  it('answers NUL and other controls', async () => {
    for (const text of ['\u0000', 'cats\u0000', '\u0000cats\u0000dogs', '\u0001\u0002\u0003cats', 'cats\u0002dogs\u0003']) {
      for (const api of ['content', 'admin'] as const) await searched(text, api);
    }
  });

  it('refuses 10 KB of anything', async () => {
    for (const text of ['a'.repeat(10_240), 'cats '.repeat(2048), '&'.repeat(10_240), '"'.repeat(10_240), '\u0000'.repeat(10_240), '😀'.repeat(2560)]) {
      for (const api of ['content', 'admin'] as const) expect((await searched(text, api)).status).toBe(422);
    }
  });

  it('never runs the injection corpus', async () => {
    for (const text of INJECTIONS) for (const api of ['content', 'admin'] as const) await searched(text, api);
  });

  it('answers random strings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 260 }), async (text) => {
        await searched(text, 'content');
      }),
      { numRuns: scale(60, 400), seed: SEED },
    );
  });

  it('changed no table', async () => {
    expect(changedTables(before, await checksum(site.driver))).toEqual([]);
    expect((await body(await site.admin.get('posts/?limit=all'))).posts).toHaveLength(3);
  });
});
