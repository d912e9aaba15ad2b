// Previews of posts and pages for headless front ends (issue 35): the uuid is the capability, the
// content key is still required, nothing is cached, and rotation ends an address at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, body, createTestSite, snapshot } from '../helpers/service';
import { createStaffSite, type StaffSite } from '../users/staff-site';

const mobiledoc = (text: string) => JSON.stringify({ version: '0.3.1', atoms: [], cards: [], markups: [], sections: [[1, 'p', [[0, [], 0, text]]]] });

let site: StaffSite;

beforeAll(async () => {
  site = await createStaffSite();
});
afterAll(() => site.close());

type Resource = 'posts' | 'pages';

/** `version` '' is the unversioned (v5) root. */
const content = (path: string, key: string | null = site.contentKey, version = 'v3') => {
  const url = new URL(`${BASE}/svc/api/${version === '' ? '' : `${version}/`}content/${path}`);
  if (key !== null) url.searchParams.set('key', key);
  return site.service.fetch(new Request(url));
};

async function add(resource: Resource, fields: Record<string, unknown> = {}) {
  const res = await site.as.Owner.post(`${resource}/`, {
    [resource]: [{ title: 'Draft title', mobiledoc: mobiledoc('Draft body'), tags: ['Preview tag'], ...fields }],
  });
  expect(res.status).toBe(201);
  return (await body(res))[resource][0];
}

function expectPrivate(res: Response) {
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  expect(res.headers.get('x-robots-tag')).toBe('noindex');
  expect(res.headers.get('cache-tag')).toBeNull();
  expect(res.headers.get('surrogate-key')).toBeNull();
  expect(res.headers.get('x-cache')).toBeNull();
  expect(res.headers.get('etag')).toBeNull();
}

for (const resource of ['posts', 'pages'] as const) {
  describe(`previews of ${resource}`, () => {
    it('show a draft by its uuid in the Content API shape, never by id or slug', async () => {
      const draft = await add(resource);
      for (const version of ['v2', 'v3']) {
        const res = await content(`${resource}/preview/${draft.uuid}/`, site.contentKey, version);
        expect(res.status).toBe(200);
        expectPrivate(res);
        const [shown] = (await body(res))[resource];
        expect(shown).toMatchObject({ id: draft.id, uuid: draft.uuid, title: 'Draft title', published_at: null, page: resource === 'pages' });
        expect(shown.html).toContain('Draft body');
        expect(shown.status).toBeUndefined();
        expect(shown.mobiledoc).toBeUndefined();
      }
      expect((await content(`${resource}/${draft.id}/`)).status).toBe(404);
      expect((await content(`${resource}/slug/${draft.slug}/`)).status).toBe(404);
    });

    it('take include, formats and fields as other Content reads do', async () => {
      const draft = await add(resource);
      const withRelations = (await body(await content(`${resource}/preview/${draft.uuid}/?include=tags,authors&formats=html,plaintext`)))[resource][0];
      expect(withRelations.tags.map((t: { name: string }) => t.name)).toEqual(['Preview tag']);
      expect(withRelations.authors[0]).toMatchObject({ id: site.ids.Owner, name: 'Ada Lovelace' });
      expect(withRelations.authors[0].email).toBeUndefined();
      expect(withRelations.plaintext).toContain('Draft body');
      const trimmed = (await body(await content(`${resource}/preview/${draft.uuid}/?fields=title,uuid`)))[resource][0];
      expect(trimmed).toEqual({ title: 'Draft title', uuid: draft.uuid });
      expect((await content(`${resource}/preview/${draft.uuid}/?formats=bogus`)).status).toBe(422);
    });

    it('show scheduled and published posts too', async () => {
      const later = new Date(Date.now() + 86_400_000).toISOString();
      const scheduled = await add(resource, { status: 'scheduled', published_at: later });
      const published = await add(resource, { status: 'published' });
      for (const post of [scheduled, published]) {
        const res = await content(`${resource}/preview/${post.uuid}/`);
        expect(res.status).toBe(200);
        expectPrivate(res);
        expect((await body(res))[resource][0].published_at).not.toBeNull();
      }
    });

    it('need the content key (401 without it) and an existing uuid (404 otherwise)', async () => {
      const draft = await add(resource);
      const keyless = await content(`${resource}/preview/${draft.uuid}/`, null);
      expect(keyless.status).toBe(401);
      expect((await content(`${resource}/preview/${draft.uuid}/`, 'f'.repeat(26))).status).toBe(401);
      expect((await content(`${resource}/preview/${crypto.randomUUID()}/`)).status).toBe(404);
      expect((await content(`${resource}/preview/not-a-uuid/`)).status).toBe(404);
      const elsewhere = resource === 'posts' ? 'pages' : 'posts';
      expect((await content(`${elsewhere}/preview/${draft.uuid}/`)).status).toBe(404);
    });

    it('are never cached: a second read after an edit shows the edit', async () => {
      for (const status of ['draft', 'published']) {
        const post = await add(resource, { status });
        const first = await content(`${resource}/preview/${post.uuid}/`);
        expect((await body(first))[resource][0].title).toBe('Draft title');
        const edited = await site.as.Owner.put(`${resource}/${post.id}/`, {
          [resource]: [{ title: 'Edited title', mobiledoc: mobiledoc('Edited body'), updated_at: post.updated_at }],
        });
        expect(edited.status).toBe(200);
        const second = (await body(await content(`${resource}/preview/${post.uuid}/`)))[resource][0];
        expect(second.title).toBe('Edited title');
        expect(second.html).toContain('Edited body');
      }
    });

    it('die at once when the uuid is rotated; the new one works', async () => {
      const draft = await add(resource);
      expect((await content(`${resource}/preview/${draft.uuid}/`)).status).toBe(200);
      const res = await site.as.Owner.request('POST', `${resource}/${draft.id}/preview/rotate/`);
      expect(res.status).toBe(200);
      const [rotated] = (await body(res))[resource];
      expect(rotated.uuid).not.toBe(draft.uuid);
      expect(rotated).toMatchObject({ id: draft.id, title: draft.title, updated_at: draft.updated_at });
      expect((await content(`${resource}/preview/${draft.uuid}/`)).status).toBe(404);
      expect((await content(`${resource}/preview/${rotated.uuid}/`)).status).toBe(200);
      // the editor may go on saving with the updated_at it holds
      const saved = await site.as.Owner.put(`${resource}/${draft.id}/`, { [resource]: [{ title: 'Saved after', updated_at: draft.updated_at }] });
      expect(saved.status).toBe(200);
    });
  });
}

// At the unversioned roots a preview is the v5 Content post shape, as the reference's preview of a post
// is its Content post shape (checked against the v5 content/ document's PreviewPost by test/helpers).
describe('previews at the v5 roots', () => {
  const v5Admin = (method: string, path: string, payload?: unknown) =>
    site.as.Owner.request(method, path, { version: 'v5', ...(payload === undefined ? {} : { body: payload }) });
  const image = { feature_image: 'https://example.com/lake.png', feature_image_alt: 'A lake', feature_image_caption: 'By <em>me</em>' };

  async function addV5(resource: Resource, fields: Record<string, unknown>) {
    const res = await v5Admin('POST', `${resource}/?source=html`, {
      [resource]: [{ title: 'Lexical draft', html: '<p>Lexical body</p>', tags: ['Preview tag'], ...image, ...fields }],
    });
    expect(res.status).toBe(201);
    return (await body(res))[resource][0];
  }

  for (const resource of ['posts', 'pages'] as const) {
    it(`show ${resource} in the v5 Content shape: the Content read's keys and values, and no source format`, async () => {
      const published = await addV5(resource, { status: 'published' });
      expect(published.lexical).toEqual(expect.any(String));
      for (const query of ['', '?include=tags,authors&formats=html,plaintext,lexical']) {
        const res = await content(`${resource}/preview/${published.uuid}/${query}`, site.contentKey, '');
        expect(res.status).toBe(200);
        expectPrivate(res);
        const preview = (await body(res))[resource][0];
        const read = (await body(await content(`${resource}/${published.id}/${query}`, site.contentKey, '')))[resource][0];
        expect(preview).toEqual(read);
        expect(preview).toMatchObject(image);
        expect(preview).not.toHaveProperty('lexical');
        expect(preview).not.toHaveProperty('mobiledoc');
      }

      const draft = await addV5(resource, {});
      const shown = (await body(await content(`${resource}/preview/${draft.uuid}/`, site.contentKey, '')))[resource][0];
      expect(shown).toMatchObject({ id: draft.id, title: 'Lexical draft', published_at: null, ...image });
      expect(shown.html).toContain('Lexical body');
      expect(Object.keys(shown).sort()).toEqual(
        Object.keys((await body(await content(`${resource}/${published.id}/`, site.contentKey, '')))[resource][0]).sort(),
      );

      // v3 previews keep the v3 shape, where formats=lexical is not a format
      const v3 = (await body(await content(`${resource}/preview/${draft.uuid}/`)))[resource][0];
      expect(v3).not.toHaveProperty('feature_image_alt');
      expect(v3.html).toContain('Lexical body');
      expect((await content(`${resource}/preview/${draft.uuid}/?formats=lexical`)).status).toBe(422);
    });
  }

  it('the admin client opens a v5 preview at the unversioned Content root', async () => {
    const draft = await addV5('posts', {});
    const [link] = (await body(await v5Admin('GET', `posts/${draft.id}/preview/`))).previews;
    expect(new URL(link.url).pathname).toBe(`/svc/api/content/posts/preview/${draft.uuid}/`);
    const opened = await site.service.fetch(new Request(link.url));
    expect(opened.status).toBe(200);
    expect((await body(opened)).posts[0]).toMatchObject({ id: draft.id, ...image });
  });

  it('are described by the v5 Content document as the v5 Content post, published_at nullable', async () => {
    const doc = await body(await site.service.fetch(new Request(`${BASE}/svc/api/content/openapi.json`)));
    const { PreviewPost, Post } = doc.components.schemas;
    expect(Object.keys(PreviewPost.properties).sort()).toEqual(Object.keys(Post.properties).sort());
    expect(PreviewPost.properties).toHaveProperty('feature_image_alt');
    expect(PreviewPost.properties).not.toHaveProperty('mobiledoc');
    const v3 = await body(await site.service.fetch(new Request(`${BASE}/svc/api/v3/content/openapi.json`)));
    expect(v3.components.schemas.PreviewPost.properties).not.toHaveProperty('feature_image_alt');
  });
});

describe('who may rotate a preview address', () => {
  it('only whoever may edit the post: others get 403 and the address keeps working', async () => {
    const draft = await add('posts');
    for (const as of [site.as.Contributor, site.as.Author]) {
      const before = await snapshot(site.driver);
      const res = await as.request('POST', `posts/${draft.id}/preview/rotate/`);
      expect(res.status).toBe(403);
      expect({ ...(await snapshot(site.driver)), sessions: null }).toEqual({ ...before, sessions: null });
    }
    expect((await content(`posts/preview/${draft.uuid}/`)).status).toBe(200);
    expect((await site.as.Editor.request('POST', `posts/${draft.id}/preview/rotate/`)).status).toBe(200);
    expect((await site.admin.request('POST', `posts/${draft.id}/preview/rotate/`)).status).toBe(200);
    expect((await content(`posts/preview/${draft.uuid}/`)).status).toBe(404);
  });
});

describe('where the admin client opens a preview', () => {
  it('the Content API preview with a content key, when no previewUrl is set; 403 for whoever may not edit the post', async () => {
    const draft = await add('posts');
    const res = await site.as.Owner.get(`posts/${draft.id}/preview/`);
    expect(res.status).toBe(200);
    const [link] = (await body(res)).previews;
    expect(link.uuid).toBe(draft.uuid);
    const url = new URL(link.url);
    expect(url.pathname).toBe(`/svc/api/v3/content/posts/preview/${draft.uuid}/`);
    // the link works as it is
    const opened = await site.service.fetch(new Request(link.url));
    expect(opened.status).toBe(200);
    expect((await body(opened)).posts[0].id).toBe(draft.id);
    expect((await site.as.Contributor.get(`posts/${draft.id}/preview/`)).status).toBe(403);
  });

  it('the previewUrl template with the uuid, when set', async () => {
    const other = await createTestSite({ previewUrl: 'https://site.example/preview/{uuid}?draft=1' });
    try {
      const created = await other.admin.post('pages/', { pages: [{ title: 'Previewed page' }] });
      const page = (await body(created)).pages[0];
      const [link] = (await body(await other.admin.get(`pages/${page.id}/preview/`))).previews;
      expect(link).toEqual({ uuid: page.uuid, url: `https://site.example/preview/${page.uuid}?draft=1` });
    } finally {
      await other.close();
    }
  });

  it('refuses a previewUrl that is not an absolute http(s) URL holding {uuid}', async () => {
    for (const previewUrl of ['https://site.example/preview/', '/preview/{uuid}', 'javascript:alert(1)//{uuid}']) {
      await expect(createTestSite({ previewUrl })).rejects.toThrow(/previewUrl/);
    }
  });
});
