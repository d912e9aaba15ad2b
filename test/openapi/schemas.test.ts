// The zod response schemas (source of the exported types) against real responses, and the request
// schemas the documents publish against bodies the service accepts or refuses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentPost, ErrorEnvelope, Post, Tag, User } from '../../lib';
import { openApiDocument } from '../../lib';
import { ApiError, errorBody } from '../../lib/core/errors';
import { errorEnvelope } from '../../lib/http/error-schema';
import { adminPostV2, adminPostV3, contentPostV2, contentPostV3 } from '../../lib/resources/posts/response';
import { adminTagV2, adminTagV3, contentTag } from '../../lib/resources/tags/response';
import { author, role, user } from '../../lib/resources/users/response';
import { contentSettingsSchema, settingEntrySchema, siteSchema } from '../../lib/resources/settings/response';
import { webhookSchema } from '../../lib/resources/webhooks/response';
import { integrationSchema } from '../../lib/resources/integrations/response';
import { strictAjv } from '../helpers/openapi-check';
import { BASE, body, createTestSite, type TestSite } from '../helpers/service';
import { OWNER, sessionClient } from '../users/helpers';

let site: TestSite;
let postId: string;
let tagId: string;
const content = (path: string, version = 'v3') =>
  site.service.fetch(new Request(`${BASE}/svc/api/${version}/content/${path}${path.includes('?') ? '&' : '?'}key=${site.contentKey}`));

beforeAll(async () => {
  site = await createTestSite();
  const post = (await body(await site.admin.post('posts/', { posts: [{ title: 'Typed', status: 'published', tags: ['First', 'Second'] }] }))).posts[0];
  postId = post.id;
  tagId = post.tags[0].id;
});
afterAll(() => site.close());

describe('the zod response schemas parse real responses exactly', () => {
  it('posts, in both APIs and versions', async () => {
    const v3: Post = adminPostV3.parse((await body(await site.admin.get(`posts/${postId}/?formats=html,mobiledoc,plaintext`))).posts[0]);
    expect(v3.tags?.map((t: Tag) => t.name)).toEqual(['First', 'Second']);
    expect(v3.primary_tag?.name).toBe('First');
    adminPostV2.parse((await body(await site.admin.get(`posts/${postId}/`, 'v2'))).posts[0]);
    const c3: ContentPost = contentPostV3.parse((await body(await content(`posts/${postId}/?include=tags,authors`))).posts[0]);
    expect(c3.primary_tag).toMatchObject({ name: 'First', parent: null });
    contentPostV2.parse((await body(await content(`posts/${postId}/?include=tags`, 'v2'))).posts[0]);
    // zod's strict objects refuse what the serialiser does not emit
    expect(() => adminPostV2.parse({ ...v3 })).toThrow();
  });

  it('tags, users, authors, roles, site, settings', async () => {
    adminTagV3.parse((await body(await site.admin.get(`tags/${tagId}/?include=count.posts`))).tags[0]);
    adminTagV2.parse((await body(await site.admin.get(`tags/${tagId}/`, 'v2'))).tags[0]);
    contentTag.parse((await body(await content('tags/?include=count.posts'))).tags[0]);
    const users: User[] = (await body(await site.admin.get('users/'))).users.map((u: unknown) => user.parse(u));
    expect(users[0].roles[0].name).toBe('Owner');
    author.parse((await body(await content('authors/'))).authors[0]);
    siteSchema('v3').parse((await body(await site.admin.get('site/'))).site);
    siteSchema('v2').parse((await body(await site.admin.get('site/', 'v2'))).site);
    contentSettingsSchema('v3').parse((await body(await content('settings/'))).settings);
    role.parse(user.parse(users[0]).roles[0]);
    settingEntrySchema('v3').parse({ key: 'title', value: null });
  });

  it('webhooks and integrations', async () => {
    const hook = (await body(await site.admin.post('webhooks/', { webhooks: [{ event: 'post.added', target_url: 'https://hooks.example.com/a' }] })))
      .webhooks[0];
    webhookSchema('v3').parse(hook);
    const owner = sessionClient(site.service);
    expect((await owner.login(OWNER.email, OWNER.password)).status).toBe(201);
    const listed = (await body(await owner.get('integrations/?include=api_keys,webhooks'))).integrations;
    const tests = integrationSchema('v3').parse(listed.find((i: { id: string }) => i.id === site.integrationId));
    expect(tests.api_keys?.map((k) => k.type).sort()).toEqual(['admin', 'content']);
    expect(tests.webhooks?.[0]).toEqual(hook);
  });

  it('the error envelope is what errorBody builds', () => {
    const built: ErrorEnvelope = errorBody(new ApiError('NotFoundError', 'Post not found.'));
    expect(errorEnvelope.parse(built)).toEqual(built);
  });
});

describe('the request schemas of the documents', () => {
  const ajv = strictAjv();
  const requestSchema = (api: 'admin', version: 'v2' | 'v3', path: string, method: string, media = 'application/json') => {
    const id = `urn:request:${api}:${version}`;
    if (!ajv.getSchema(id)) ajv.addSchema({ ...openApiDocument(api, version), $id: id });
    const escaped = path.replace(/~/g, '~0').replace(/\//g, '~1');
    return ajv.compile({ $ref: `${id}#/paths/${escaped}/${method}/requestBody/content/${media.replace('/', '~1')}/schema` });
  };

  it('wrap the zod input schema in the envelope, with what add and edit require', () => {
    const add = requestSchema('admin', 'v3', '/posts/', 'post');
    expect(add({ posts: [{ title: 'x', tags: ['a', { name: 'b' }], email_subject: 'Hi' }] })).toBe(true);
    expect(add({ posts: [{ tags: [] }] })).toBe(false);
    expect(add({ posts: [] })).toBe(false);
    expect(add({ posts: [{ title: 'x'.repeat(256) }] })).toBe(false);
    expect(add({ posts: [{ title: 'x', status: 'archived' }] })).toBe(false);
    const edit = requestSchema('admin', 'v3', '/posts/{id}/', 'put');
    expect(edit({ posts: [{ title: 'y' }] })).toBe(false);
    expect(edit({ posts: [{ updated_at: '2024-01-01T00:00:00.000Z' }] })).toBe(true);
  });

  it('follow the version: v2 posts have no email fields', () => {
    const schemaOf = (version: 'v2' | 'v3') =>
      openApiDocument('admin', version).paths['/posts/'].post as { requestBody: { content: Record<string, { schema: any }> } };
    expect(Object.keys(schemaOf('v3').requestBody.content['application/json'].schema.properties.posts.items.properties)).toContain('email_subject');
    expect(Object.keys(schemaOf('v2').requestBody.content['application/json'].schema.properties.posts.items.properties)).not.toContain('email_subject');
  });

  it('describe settings key by key, sessions unwrapped and uploads as multipart', () => {
    const settings = requestSchema('admin', 'v3', '/settings/', 'put');
    expect(
      settings({
        settings: [
          { key: 'title', value: 'New' },
          { key: 'navigation', value: [{ label: 'Home', url: '/' }] },
        ],
      }),
    ).toBe(true);
    expect(settings({ settings: [{ key: 'unknown', value: 'x' }] })).toBe(false);
    expect(settings({ settings: [{ key: 'title', value: 5 }] })).toBe(false);
    const session = requestSchema('admin', 'v3', '/session/', 'post');
    expect(session({ username: 'a@example.com', password: 'secret' })).toBe(true);
    expect(session({ session: [{ username: 'a@example.com', password: 'secret' }] })).toBe(false);
    const upload = requestSchema('admin', 'v3', '/images/upload/', 'post', 'multipart/form-data');
    expect(upload({ file: 'bytes', purpose: 'icon' })).toBe(true);
    expect(upload({ purpose: 'icon' })).toBe(false);
    expect(upload({ file: 'bytes', purpose: 'banner' })).toBe(false);
  });
});
