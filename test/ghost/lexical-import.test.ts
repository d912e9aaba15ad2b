// A Ghost 5 export with lexical posts: imported, each post stays lexical (no frozen html card) and is
// served with the html the reference's own renderer makes of it; exported, it is lexical again, as a
// Ghost 5 export writes it; that export imported into another site serves the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, body, createTestSite, type TestSite } from '../helpers/service';
import { adminUrl, ORIGIN, OWNER, sessionClient } from '../users/helpers';
import { exportBytes, ghostExport, OWNER_ID } from './fixture';
import { LEXICAL_POSTS, lexicalAt } from './lexical-fixture';
import { loadOracle, ORACLE_IMAGE_WIDTHS } from '../content/lexical/oracle';

type Site = TestSite & { cookie: string };
let a: Site;
let b: Site;
let exported: { posts: Record<string, unknown>[] };
const reference: Record<string, string> = {};

async function site(): Promise<Site> {
  // images as the oracle's site has them: copies in its widths, uploads kept at most 2000 px wide
  const s = await createTestSite({ adminUrl: ORIGIN, images: { sizes: [...ORACLE_IMAGE_WIDTHS], uploadTransform: true } });
  const client = sessionClient(s.service);
  expect((await client.login(OWNER.email, OWNER.password)).status).toBe(201);
  return Object.assign(s, { cookie: client.cookie! });
}

function importInto(s: Site, data: Uint8Array) {
  const form = new FormData();
  form.append('importfile', new File([data as Uint8Array<ArrayBuffer>], 'export.json', { type: 'application/json' }));
  return s.service.fetch(new Request(adminUrl('db/'), { method: 'POST', headers: { cookie: s.cookie, origin: ORIGIN }, body: form }));
}

const contentGet = (s: TestSite, path: string) =>
  s.service.fetch(new Request(`${BASE}/svc/api/v3/content/${path}${path.includes('?') ? '&' : '?'}key=${s.contentKey}`));

/** A Ghost 5 export's posts: lexical set, mobiledoc null, and the html the reference served (not used by the import). */
function ghost5Export() {
  const file = ghostExport({
    posts: LEXICAL_POSTS.map((post, i) => ({
      id: post.id,
      uuid: `00000000-0000-4000-8000-00000000010${i}`,
      title: `Title ${post.slug}`,
      slug: post.slug,
      mobiledoc: null,
      lexical: post.lexical,
      html: '<p>what the old site served</p>',
      plaintext: 'what the old site served',
      type: post.type,
      status: 'published',
      visibility: 'public',
      created_at: '2024-04-01 10:00:00',
      created_by: OWNER_ID,
      updated_at: '2024-04-01 10:00:00',
      updated_by: OWNER_ID,
      published_at: `2024-04-0${i + 1} 10:00:00`,
      published_by: OWNER_ID,
    })),
  }) as { db: [{ meta: Record<string, unknown>; data: Record<string, unknown> }] };
  file.db[0].meta.version = '5.130.6';
  // the fixture's links name its own posts: these posts have the Owner only
  file.db[0].data.posts_authors = LEXICAL_POSTS.map((post, i) => ({ id: `pa${i}`, post_id: post.id, author_id: OWNER_ID, sort_order: 0 }));
  file.db[0].data.posts_tags = [];
  file.db[0].data.posts_meta = [];
  return file;
}

beforeAll(async () => {
  const oracle = loadOracle(BASE);
  for (const post of LEXICAL_POSTS) reference[post.slug] = await oracle.render(lexicalAt(post.lexical, BASE));
  [a, b] = await Promise.all([site(), site()]);
  const imported = await importInto(a, exportBytes(ghost5Export()));
  expect(imported.status, await imported.clone().text()).toBe(200);
  expect((await body(imported)).imported).toMatchObject({ posts: 3, pages: 1, lexical: 4 });
  const res = await a.service.fetch(new Request(adminUrl('db/'), { headers: { cookie: a.cookie, origin: ORIGIN } }));
  expect(res.status).toBe(200);
  const text = await res.text();
  exported = JSON.parse(text).db[0].data;
  expect((await importInto(b, new TextEncoder().encode(text))).status).toBe(200);
}, 300_000);
afterAll(() => Promise.all([a?.close(), b?.close()]));

describe('a Ghost 5 export with lexical posts', () => {
  it('serves every post with the html the reference renders from its lexical', async () => {
    for (const post of LEXICAL_POSTS) {
      const resource = post.type === 'page' ? 'pages' : 'posts';
      const served = (await body(await contentGet(a, `${resource}/slug/${post.slug}/?formats=html,plaintext`)))[resource][0];
      expect(served.html, post.slug).toBe(reference[post.slug]);
      expect(served.html).not.toContain('what the old site served');
      expect(served.plaintext.length, post.slug).toBeGreaterThan(0);
    }
  });

  it('keeps each post as lexical: v3 Admin reads show mobiledoc null and the html', async () => {
    const { posts } = await body(await a.admin.get('posts/?formats=mobiledoc,html&limit=all'));
    expect(posts).toHaveLength(3);
    for (const post of posts) {
      expect(post.mobiledoc, post.slug).toBeNull();
      expect(post.html).toBe(reference[post.slug]);
    }
  });

  it('exports lexical posts as a Ghost 5 export does: the lexical as imported, mobiledoc null', () => {
    for (const post of LEXICAL_POSTS) {
      const row = exported.posts.find((p) => p.id === post.id)!;
      expect(row.mobiledoc, post.slug).toBeNull();
      expect(row.lexical, post.slug).toBe(post.lexical);
      expect(row.html).toBe(reference[post.slug].replaceAll(`${BASE}/`, '__GHOST_URL__/'));
    }
  });

  it('imports that export into another site with the same html', async () => {
    for (const post of LEXICAL_POSTS) {
      const resource = post.type === 'page' ? 'pages' : 'posts';
      const served = (await body(await contentGet(b, `${resource}/slug/${post.slug}/?formats=html`)))[resource][0];
      expect(served.html, post.slug).toBe(reference[post.slug]);
    }
  });

  it('refuses, naming the post, a lexical body with a node type pressroom does not render, importing nothing', async () => {
    const file = ghost5Export();
    const posts = file.db[0].data.posts as Record<string, unknown>[];
    posts[1].lexical = '{"root":{"type":"root","children":[{"type":"mystery-card"}]}}';
    const s = await site();
    try {
      const res = await importInto(s, exportBytes(file));
      expect(res.status).toBe(422);
      const error = (await body(res)).errors[0];
      expect(error.property).toBe('lexical');
      expect(error.message).toContain('"media"');
      expect(error.message).toContain('mystery-card');
      expect((await body(await s.admin.get('posts/'))).posts).toEqual([]);
    } finally {
      await s.close();
    }
  }, 120_000);
});
