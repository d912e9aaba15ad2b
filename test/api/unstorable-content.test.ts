// A write carrying content pressroom cannot store is refused with 422 naming it, never accepted with
// that content dropped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestSite, snapshot, type TestSite } from '../helpers/service';

let site: TestSite;

beforeAll(async () => {
  site = await createTestSite();
});
afterAll(() => site.close());

const LEXICAL = JSON.stringify({
  root: { type: 'root', version: 1, children: [{ type: 'paragraph', version: 1, children: [{ type: 'text', text: 'Written in lexical', version: 1 }] }] },
});

async function expectRefused(response: Response, field: string, before: Record<string, unknown[]>) {
  expect(response.status).toBe(422);
  const error = (await body(response)).errors[0];
  expect(error.type).toBe('ValidationError');
  expect(error.property).toBe(field);
  expect(error.message).toContain(field);
  expect(await snapshot(site.driver)).toEqual(before);
}

describe('content fields pressroom cannot store', () => {
  for (const version of ['v2', 'v3']) {
    for (const resource of ['posts', 'pages']) {
      it(`${version} ${resource}: a lexical body is refused on add and on edit, changing nothing`, async () => {
        const before = await snapshot(site.driver);
        await expectRefused(await site.admin.post(`${resource}/`, { [resource]: [{ title: 'Lexical', lexical: LEXICAL }] }, version), 'lexical', before);

        const created = await site.admin.post(`${resource}/`, { [resource]: [{ title: 'Kept', lexical: null }] }, version);
        expect(created.status).toBe(201);
        const post = (await body(created))[resource][0];
        const current = await snapshot(site.driver);
        const edit = await site.admin.put(
          `${resource}/${post.id}/`,
          { [resource]: [{ lexical: LEXICAL, title: 'Changed', updated_at: post.updated_at }] },
          version,
        );
        await expectRefused(edit, 'lexical', current);
      });
    }
  }

  it('refuses feature image alt text and captions, which it has no column for', async () => {
    for (const field of ['feature_image_alt', 'feature_image_caption']) {
      const before = await snapshot(site.driver);
      await expectRefused(
        await site.admin.post('posts/', { posts: [{ title: 'Captioned', feature_image: 'https://example.com/a.png', [field]: 'A lake' }] }),
        field,
        before,
      );
    }
  });

  it('takes html without ?source=html as the reference does: ignored, so a client may send back what it read', async () => {
    const converted = await site.admin.request('POST', 'posts/?source=html', { body: { posts: [{ title: 'Html', html: '<p>Kept words</p>' }] } });
    expect(converted.status).toBe(201);
    const created = (await body(converted)).posts[0];
    const read = (await body(await site.admin.get(`posts/${created.id}/?formats=html,mobiledoc`))).posts[0];
    expect(read.html).toContain('Kept words');
    const echoed = await site.admin.put(`posts/${created.id}/`, { posts: [{ ...read, html: '<p>Other words</p>', title: 'Retitled' }] });
    expect(echoed.status).toBe(200);
    const after = (await body(await site.admin.get(`posts/${created.id}/?formats=html,mobiledoc`))).posts[0];
    expect(after.title).toBe('Retitled');
    expect(after.html).toBe(read.html);
    expect(after.mobiledoc).toBe(read.mobiledoc);
  });
});
