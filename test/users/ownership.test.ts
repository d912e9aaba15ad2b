import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, snapshot } from '../helpers/service';
import { createStaffSite, type StaffSite } from './staff-site';

let site: StaffSite;

beforeAll(async () => {
  site = await createStaffSite();
});
afterAll(() => site.close());

async function addPost(role: keyof StaffSite['as'], post: Record<string, unknown>, resource = 'posts') {
  const res = await site.as[role].post(`${resource}/`, { [resource]: [post] });
  return { res, post: res.status === 201 ? (await body(res))[resource][0] : null };
}

async function expectDenied(request: () => Promise<Response>) {
  const before = await snapshot(site.driver);
  const res = await request();
  expect(res.status).toBe(403);
  expect((await body(res)).errors[0].type).toBe('NoPermissionError');
  expect({ ...(await snapshot(site.driver)), sessions: null }).toEqual({ ...before, sessions: null });
}

describe('Contributors: their own drafts only', () => {
  it('add a draft, authored by themselves by default', async () => {
    const { res, post } = await addPost('Contributor', { title: 'Contributed draft' });
    expect(res.status).toBe(201);
    expect(post.status).toBe('draft');
    expect(post.authors.map((a: { id: string }) => a.id)).toEqual([site.ids.Contributor]);
  });

  it('cannot add a published or scheduled post (the new tag it named is rolled back too)', async () => {
    await expectDenied(() => site.as.Contributor.post('posts/', { posts: [{ title: 'Sneaky', status: 'published', tags: ['sneaky-new-tag'] }] }));
    const later = new Date(Date.now() + 86_400_000).toISOString();
    await expectDenied(() => site.as.Contributor.post('posts/', { posts: [{ title: 'Later', status: 'scheduled', published_at: later }] }));
  });

  it('may tag with existing tags, but gets 403 naming each unknown tag, in a post or page, added or edited', async () => {
    const existing = await site.as.Editor.post('tags/', { tags: [{ name: 'Existing topic' }] });
    expect(existing.status).toBe(201);
    const tagged = await addPost('Contributor', { title: 'Tagged draft', tags: ['Existing topic', { slug: 'existing-topic' }] });
    expect(tagged.res.status).toBe(201);
    expect(tagged.post.tags.map((t: { slug: string }) => t.slug)).toEqual(['existing-topic']);

    for (const resource of ['posts', 'pages']) {
      const before = await snapshot(site.driver);
      const refused = await site.as.Contributor.post(`${resource}/`, {
        [resource]: [{ title: 'New tags', tags: ['Existing topic', 'brand-new-one', { name: 'Another new' }] }],
      });
      expect(refused.status).toBe(403);
      const error = (await body(refused)).errors[0];
      expect(error.type).toBe('NoPermissionError');
      expect(error.message).toContain('"brand-new-one"');
      expect(error.message).toContain('"Another new"');
      expect(error.message).not.toContain('Existing topic');
      expect({ ...(await snapshot(site.driver)), sessions: null }).toEqual({ ...before, sessions: null });
    }
    await expectDenied(() =>
      site.as.Contributor.put(`posts/${tagged.post.id}/`, { posts: [{ tags: [{ slug: 'new-by-slug' }], updated_at: tagged.post.updated_at }] }),
    );
    // v2 alike
    const v2 = await site.as.Contributor.request('POST', 'posts/', { body: { posts: [{ title: 'v2', tags: ['v2-new-tag'] }] }, version: 'v2' });
    expect(v2.status).toBe(403);
    // an Author still may create tags this way
    const byAuthor = await addPost('Author', { title: 'Author tags', tags: ['made-by-author'] });
    expect(byAuthor.res.status).toBe(201);
  });

  it('cannot add a post in someone else’s name', async () => {
    await expectDenied(() => site.as.Contributor.post('posts/', { posts: [{ title: 'Ghostwritten', authors: [{ id: site.ids.Author }] }] }));
  });

  it('edit their draft, but cannot publish it', async () => {
    const { post } = await addPost('Contributor', { title: 'Work in progress' });
    const edited = await site.as.Contributor.put(`posts/${post.id}/`, { posts: [{ title: 'Work in progress, v2', updated_at: post.updated_at }] });
    expect(edited.status).toBe(200);
    const current = (await body(edited)).posts[0];
    await expectDenied(() => site.as.Contributor.put(`posts/${post.id}/`, { posts: [{ status: 'published', updated_at: current.updated_at }] }));
    expect((await body(await site.as.Contributor.get(`posts/${post.id}/`))).posts[0].status).toBe('draft');
  });

  it('cannot edit or delete once an editor published it', async () => {
    const { post } = await addPost('Contributor', { title: 'Ready for review' });
    const published = await site.as.Editor.put(`posts/${post.id}/`, { posts: [{ status: 'published', updated_at: post.updated_at }] });
    expect(published.status).toBe(200);
    const current = (await body(published)).posts[0];
    await expectDenied(() => site.as.Contributor.put(`posts/${post.id}/`, { posts: [{ title: 'Changed after publishing', updated_at: current.updated_at }] }));
    // even an edit that changes nothing is refused
    await expectDenied(() => site.as.Contributor.put(`posts/${post.id}/`, { posts: [{ updated_at: current.updated_at }] }));
    await expectDenied(() => site.as.Contributor.del(`posts/${post.id}/`));
  });

  it('cannot touch someone else’s draft, but may read it (as the reference allows)', async () => {
    const { post } = await addPost('Author', { title: 'The author’s draft' });
    expect((await site.as.Contributor.get(`posts/${post.id}/`)).status).toBe(200);
    await expectDenied(() => site.as.Contributor.put(`posts/${post.id}/`, { posts: [{ title: 'Mine now', updated_at: post.updated_at }] }));
    await expectDenied(() => site.as.Contributor.del(`posts/${post.id}/`));
  });

  it('cannot remove themselves from their own draft', async () => {
    const { post } = await addPost('Contributor', { title: 'Handing over' });
    await expectDenied(() => site.as.Contributor.put(`posts/${post.id}/`, { posts: [{ authors: [{ id: site.ids.Author }], updated_at: post.updated_at }] }));
  });

  it('delete their own draft', async () => {
    const { post } = await addPost('Contributor', { title: 'Throwaway' });
    expect((await site.as.Contributor.del(`posts/${post.id}/`)).status).toBe(204);
  });

  it('the same rules hold for pages', async () => {
    const { res, post } = await addPost('Contributor', { title: 'A draft page' }, 'pages');
    expect(res.status).toBe(201);
    await expectDenied(() => site.as.Contributor.put(`pages/${post.id}/`, { pages: [{ status: 'published', updated_at: post.updated_at }] }));
  });
});

describe('Authors: their own posts, publishing allowed', () => {
  it('add and publish their own post', async () => {
    const { res, post } = await addPost('Author', { title: 'Straight to print', status: 'published' });
    expect(res.status).toBe(201);
    expect(post.status).toBe('published');
    const edited = await site.as.Author.put(`posts/${post.id}/`, { posts: [{ title: 'Straight to print (corrected)', updated_at: post.updated_at }] });
    expect(edited.status).toBe(200);
    expect((await site.as.Author.del(`posts/${post.id}/`)).status).toBe(204);
  });

  it('may co-author with others as long as they stay an author', async () => {
    const { res } = await addPost('Author', { title: 'Joint work', authors: [{ id: site.ids.Author }, { id: site.ids.Editor }] });
    expect(res.status).toBe(201);
  });

  it('cannot edit, delete or take over someone else’s post', async () => {
    const { post } = await addPost('Owner', { title: 'The owner’s post', status: 'published' });
    await expectDenied(() => site.as.Author.put(`posts/${post.id}/`, { posts: [{ title: 'Defaced', updated_at: post.updated_at }] }));
    await expectDenied(() => site.as.Author.put(`posts/${post.id}/`, { posts: [{ authors: [{ id: site.ids.Author }], updated_at: post.updated_at }] }));
    await expectDenied(() => site.as.Author.del(`posts/${post.id}/`));
  });

  it('may create tags but not edit them', async () => {
    const res = await site.as.Author.post('tags/', { tags: [{ name: 'Author tag' }] });
    expect(res.status).toBe(201);
    const tag = (await body(res)).tags[0];
    await expectDenied(() => site.as.Author.put(`tags/${tag.id}/`, { tags: [{ name: 'Renamed' }] }));
  });
});

describe('Editors and above: every post', () => {
  it('edit and delete anyone’s posts', async () => {
    const { post } = await addPost('Author', { title: 'Needs an edit' });
    const edited = await site.as.Editor.put(`posts/${post.id}/`, { posts: [{ title: 'Edited by the editor', updated_at: post.updated_at }] });
    expect(edited.status).toBe(200);
    expect((await site.as.Administrator.del(`posts/${post.id}/`)).status).toBe(204);
  });

  it('a post added by a user is authored by that user, not the Owner', async () => {
    const { post } = await addPost('Editor', { title: 'By the editor' });
    expect(post.authors.map((a: { id: string }) => a.id)).toEqual([site.ids.Editor]);
  });
});
