// The v5 shapes of posts at the unversioned roots (issue 34 step 3): the fields the reference's v5 answers
// carry that pressroom has data for, and those of features it lacks as the reference shows them with the
// features off (README, "v5 shapes"). Every answer is also checked against the v5 OpenAPI documents.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, body, createTestSite, type TestSite } from '../helpers/service';
import { v5Clients } from '../helpers/v5-client';

let site: TestSite;

beforeAll(async () => {
  site = await createTestSite();
});
afterAll(() => site.close());

const { admin, content } = v5Clients(() => site);

describe('v5 posts', () => {
  it('show frontmatter (null) on both APIs, and email_subject, access and comments on the Content API; v3 keeps its shapes', async () => {
    const created = await admin('POST', 'posts/?source=html', {
      posts: [{ title: 'Five', html: '<p>Body</p>', status: 'published', email_subject: 'Subject line' }],
    });
    expect(created.status).toBe(201);
    const post = (await body(created)).posts[0];
    expect(post.frontmatter).toBeNull();
    expect(post.email_subject).toBe('Subject line');
    expect(post).not.toHaveProperty('access');
    expect(post).not.toHaveProperty('comments');

    const read = (await body(await content(`posts/${post.id}/`))).posts[0];
    expect(read).toMatchObject({ email_subject: 'Subject line', frontmatter: null, access: true, comments: false, visibility: 'public' });

    const v3Admin = (await body(await site.admin.get(`posts/${post.id}/`))).posts[0];
    expect(v3Admin).not.toHaveProperty('frontmatter');
    const v3Content = (await body(await site.service.fetch(new Request(`${BASE}/svc/api/v3/content/posts/${post.id}/?key=${site.contentKey}`)))).posts[0];
    for (const key of ['email_subject', 'frontmatter', 'access', 'comments']) expect(v3Content).not.toHaveProperty(key);
  });

  it('answer access false for a members-only post, whose body the Content API leaves out', async () => {
    const created = await admin('POST', 'posts/?source=html', {
      posts: [{ title: 'Members', html: '<p>Secret</p>', status: 'published', visibility: 'members' }],
    });
    const { id } = (await body(created)).posts[0];
    const read = (await body(await content(`posts/${id}/`))).posts[0];
    expect(read).toMatchObject({ access: false, html: '', visibility: 'members' });
  });

  it('are described by the v5 OpenAPI documents', async () => {
    const adminDoc = await body(await site.service.fetch(new Request(`${BASE}/svc/api/admin/openapi.json`)));
    const contentDoc = await body(await site.service.fetch(new Request(`${BASE}/svc/api/content/openapi.json`)));
    const props = (doc: { components: { schemas: Record<string, { properties?: Record<string, unknown> }> } }) =>
      Object.values(doc.components.schemas).find((schema) => schema.properties && 'comment_id' in schema.properties && 'excerpt' in schema.properties)
        ?.properties ?? {};
    expect(Object.keys(props(adminDoc))).toContain('frontmatter');
    expect(Object.keys(props(contentDoc))).toEqual(expect.arrayContaining(['frontmatter', 'access', 'comments', 'email_subject']));
  });
});
