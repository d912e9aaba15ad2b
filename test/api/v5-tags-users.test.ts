// The v5 shapes of tags and users/authors at the unversioned roots (issue 34 step 3), as the reference's
// v5 answers carry them (lib/resources/tags/fields.ts, lib/resources/users/fields.ts; README, "v5 shapes").
// Every answer is also checked against the v5 OpenAPI documents (test/helpers/openapi-check.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, body, createTestSite, type TestSite } from '../helpers/service';
import { v5Clients } from '../helpers/v5-client';
import { ORIGIN, OWNER, sessionClient } from '../users/helpers';
import { responseChecker } from '../helpers/openapi-check';

let site: TestSite;

beforeAll(async () => {
  site = await createTestSite();
});
afterAll(() => site.close());

const { admin, content } = v5Clients(() => site);

const TAG_SOCIAL = { og_image: 'https://img.example/og.png', og_title: 'OG', twitter_description: 'TW', canonical_url: 'https://example.com/t' };
const TAG_INJECTION = { codeinjection_head: '<style></style>', accent_color: '#ff0000' };

/** A published post with a tag carrying the social and injection fields; the tag's id. */
async function publishedTag(name: string): Promise<{ tagId: string; postId: string }> {
  const made = await admin('POST', 'tags/', { tags: [{ name, ...TAG_SOCIAL, ...TAG_INJECTION }] });
  expect(made.status).toBe(201);
  const tag = (await body(made)).tags[0];
  const post = await admin('POST', 'posts/?source=html', { posts: [{ title: `With ${name}`, html: '<p>x</p>', status: 'published', tags: [{ id: tag.id }] }] });
  expect(post.status).toBe(201);
  return { tagId: tag.id, postId: (await body(post)).posts[0].id };
}

describe('v5 tags', () => {
  it('on the Content API carry the social, code-injection, canonical and accent fields, without dates', async () => {
    const { tagId } = await publishedTag('Five content');
    const tag = (await body(await content(`tags/${tagId}/?include=count.posts`))).tags[0];
    expect(tag).toMatchObject({ ...TAG_SOCIAL, ...TAG_INJECTION, twitter_image: null, count: { posts: 1 } });
    expect(Object.keys(tag).sort()).toEqual(
      [
        'id',
        'name',
        'slug',
        'description',
        'feature_image',
        'visibility',
        'og_image',
        'og_title',
        'og_description',
        'twitter_image',
        'twitter_title',
        'twitter_description',
        'meta_title',
        'meta_description',
        'codeinjection_head',
        'codeinjection_foot',
        'canonical_url',
        'accent_color',
        'url',
        'count',
      ].sort(),
    );
    // v3 keeps its shape: the base fields only
    const v3 = (await body(await content(`tags/${tagId}/`, 'v3/content'))).tags[0];
    for (const key of ['og_image', 'codeinjection_head', 'accent_color', 'created_at']) expect(v3).not.toHaveProperty(key);
  });

  it('in a Content post: tags and primary_tag alike, no dates and no parent (v3 primary tags keep both)', async () => {
    const { postId } = await publishedTag('Five nested');
    const post = (await body(await content(`posts/${postId}/?include=tags`))).posts[0];
    expect(post.primary_tag).toEqual(post.tags[0]);
    expect(post.primary_tag).toMatchObject({ ...TAG_SOCIAL, ...TAG_INJECTION });
    expect(post.primary_tag).not.toHaveProperty('parent');
    expect(post.primary_tag).not.toHaveProperty('created_at');
    const v3 = (await body(await content(`posts/${postId}/?include=tags`, 'v3/content'))).posts[0];
    expect(v3.primary_tag).toMatchObject({ parent: null, accent_color: '#ff0000' });
    expect(v3.primary_tag).toHaveProperty('created_at');
    expect(v3.tags[0]).not.toHaveProperty('accent_color');
  });

  it('on the Admin API are v3 tags, and a primary tag never carries parent', async () => {
    const { tagId, postId } = await publishedTag('Five admin');
    const v5 = (await body(await admin('GET', `tags/${tagId}/`))).tags[0];
    const v3 = (await body(await site.admin.get(`tags/${tagId}/`))).tags[0];
    expect(v5).toEqual(v3);
    const post = (await body(await admin('GET', `posts/${postId}/`))).posts[0];
    expect(post.primary_tag).toEqual(post.tags[0]);
    expect(post.primary_tag).toMatchObject({ ...TAG_INJECTION, created_at: v3.created_at });
    expect(post.primary_tag).not.toHaveProperty('parent');
  });

  it('are checked against the v5 documents: a v3-shaped tag is not a v5 answer', async () => {
    const { tagId } = await publishedTag('Five checked');
    const checker = responseChecker('svc');
    const url = `${BASE}/svc/api/content/tags/${tagId}/?key=${site.contentKey}`;
    const tag = (await body(await content(`tags/${tagId}/`))).tags[0];
    const answer = (value: unknown) => new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(await checker.problem('GET', url, answer({ tags: [tag] }))).toBeNull();
    const { og_image: _og, accent_color: _accent, ...v3Shaped } = tag;
    expect(await checker.problem('GET', url, answer({ tags: [v3Shaped] }))).toMatch(/required property/);
  });

  it('are described by the v5 Content OpenAPI document', async () => {
    const doc = await body(await site.service.fetch(new Request(`${BASE}/svc/api/content/openapi.json`)));
    const tag = doc.components.schemas.Tag;
    for (const key of ['og_image', 'twitter_title', 'codeinjection_foot', 'canonical_url', 'accent_color']) expect(tag.properties).toHaveProperty(key);
    expect(tag.properties).not.toHaveProperty('created_at');
    // from v5 on a primary tag is a tag
    expect(doc.components.schemas).not.toHaveProperty('PrimaryTag');
  });
});

const SOCIAL_V5 = ['threads', 'bluesky', 'mastodon', 'tiktok', 'youtube', 'instagram', 'linkedin'];
const NOTIFICATIONS = ['comment_notifications', 'free_member_signup_notification', 'paid_subscription_started_notification', 'mention_notifications'];

describe('v5 users and authors', () => {
  it('on the Admin API add the social profile links as null, and no notification preferences', async () => {
    const v5 = (await body(await admin('GET', 'users/'))).users[0];
    const v3 = (await body(await site.admin.get('users/'))).users[0];
    expect(Object.keys(v5).sort()).toEqual([...Object.keys(v3), ...SOCIAL_V5].sort());
    for (const key of SOCIAL_V5) expect(v5[key]).toBeNull();
    for (const key of NOTIFICATIONS) expect(v5).not.toHaveProperty(key);
    expect(v5).not.toHaveProperty('password_hash');
    // the same user in a post's authors and as its primary author
    const made = await admin('POST', 'posts/', { posts: [{ title: 'Authored', status: 'published' }] });
    const post = (await body(made)).posts[0];
    expect(post.primary_author).toEqual(post.authors[0]);
    for (const key of SOCIAL_V5) expect(post.primary_author[key]).toBeNull();
    expect(post.primary_author.roles).toHaveLength(1);
  });

  it('on the Content API add them too, and nothing private', async () => {
    await admin('POST', 'posts/', { posts: [{ title: 'Authored publicly', status: 'published' }] });
    const v5 = (await body(await content('authors/?include=count.posts'))).authors[0];
    const v3 = (await body(await content('authors/?include=count.posts', 'v3/content'))).authors[0];
    expect(Object.keys(v5).sort()).toEqual([...Object.keys(v3), ...SOCIAL_V5].sort());
    for (const key of ['email', 'status', 'roles', 'last_seen', 'created_at', 'accessibility', 'tour']) expect(v5).not.toHaveProperty(key);
    for (const key of SOCIAL_V5) expect(v3).not.toHaveProperty(key);
    const post = (await body(await content('posts/?include=authors&limit=1'))).posts[0];
    expect(post.primary_author).toEqual(post.authors[0]);
    expect(post.primary_author.threads).toBeNull();
  });

  it('refuses on v5 a profile link pressroom cannot keep, and takes one sent back as null', async () => {
    // users are edited by signed-in staff (an integration may not): the Owner, at the v5 root
    const owner = sessionClient(site.service);
    expect((await owner.login(OWNER.email, OWNER.password)).status).toBe(201);
    const put = (payload: unknown) =>
      site.service.fetch(
        new Request(`${BASE}/svc/api/admin/users/${site.owner.id}/`, {
          method: 'PUT',
          headers: { cookie: owner.cookie!, origin: ORIGIN, 'content-type': 'application/json' },
          body: JSON.stringify(payload),
        }),
      );
    const me = (await body(await admin('GET', `users/${site.owner.id}/`))).users[0];
    const refused = await put({ users: [{ bio: 'Changed', bluesky: 'me.bsky.social' }] });
    expect(refused.status).toBe(422);
    expect((await body(refused)).errors[0]).toMatchObject({ property: 'bluesky', code: 'UNSUPPORTED_CONTENT_FIELD' });
    expect((await body(await admin('GET', `users/${site.owner.id}/`))).users[0].bio).toBe(me.bio);
    const echoed = await put({ users: [{ ...me, bio: 'Echoed' }] });
    expect(echoed.status).toBe(200);
    expect((await body(echoed)).users[0]).toMatchObject({ bio: 'Echoed', bluesky: null });
  });

  it('are described by the v5 OpenAPI documents', async () => {
    const adminDoc = await body(await site.service.fetch(new Request(`${BASE}/svc/api/admin/openapi.json`)));
    const contentDoc = await body(await site.service.fetch(new Request(`${BASE}/svc/api/content/openapi.json`)));
    for (const key of SOCIAL_V5) {
      expect(adminDoc.components.schemas.User.properties[key]).toEqual({ type: 'null' });
      expect(contentDoc.components.schemas.Author.properties[key]).toEqual({ type: 'null' });
    }
  });
});
