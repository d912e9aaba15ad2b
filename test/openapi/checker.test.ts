// The response checker every shared test helper uses: it must catch what the documents forbid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, body, createTestSite, type TestSite } from '../helpers/service';
import { CHECKED, checkResponses, OpenApiMismatch, responseChecker } from '../helpers/openapi-check';

let site: TestSite;
let post: Record<string, unknown>;
const checker = responseChecker('svc');
const url = (path: string) => `${BASE}/svc/api/v3/admin/${path}`;
const jsonResponse = (status: number, value: unknown) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

beforeAll(async () => {
  site = await createTestSite();
  post = (await body(await site.admin.post('posts/', { posts: [{ title: 'Checked', tags: ['one'] }] }))).posts[0];
});
afterAll(() => site.close());

describe('the response checker', () => {
  it('accepts a real response', async () => {
    expect(await checker.problem('GET', url(`posts/${post.id}/`), jsonResponse(200, { posts: [post] }))).toBeNull();
  });

  it('finds a missing key, an extra key and a wrong type', async () => {
    const { excerpt: _excerpt, ...missing } = post;
    expect(await checker.problem('GET', url(`posts/${post.id}/`), jsonResponse(200, { posts: [missing] }))).toMatch(/must have required property 'excerpt'/);
    expect(await checker.problem('GET', url(`posts/${post.id}/`), jsonResponse(200, { posts: [{ ...post, secret: 1 }] }))).toMatch(/additional/);
    expect(await checker.problem('GET', url(`posts/${post.id}/`), jsonResponse(200, { posts: [{ ...post, featured: 'yes' }] }))).toMatch(/boolean/);
    // a v2 tag has no v3 fields
    expect(await checker.problem('GET', `${BASE}/svc/api/v2/admin/posts/${post.id}/`, jsonResponse(200, { posts: [post] }))).toMatch(/additional/);
  });

  it('with fields, accepts records that lack keys but not records with unknown ones', async () => {
    const path = url(`posts/${post.id}/?fields=title`);
    expect(await checker.problem('GET', path, jsonResponse(200, { posts: [{ title: 'Checked' }] }))).toBeNull();
    expect(await checker.problem('GET', path, jsonResponse(200, { posts: [{ title: 'Checked', bogus: true }] }))).toMatch(/additional/);
  });

  it('finds an undocumented status, a body where none belongs and a non-JSON body', async () => {
    expect(await checker.problem('GET', url('posts/'), jsonResponse(418, {}))).toMatch(/418 is not documented/);
    expect(await checker.problem('POST', url('session/'), new Response('x', { status: 201 }))).toMatch(/without a body/);
    expect(await checker.problem('GET', url('site/'), new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } }))).toMatch(
      /should be JSON/,
    );
  });

  it('holds errors to the envelope and the type to its status', async () => {
    const envelope = (type: string) => ({
      errors: [{ message: 'm', context: null, type, errorType: type, details: null, property: null, help: null, code: null, id: crypto.randomUUID() }],
    });
    expect(await checker.problem('GET', url(`posts/${post.id}/`), jsonResponse(404, envelope('NotFoundError')))).toBeNull();
    expect(await checker.problem('GET', url(`posts/${post.id}/`), jsonResponse(404, envelope('ValidationError')))).toMatch(/type/);
    expect(await checker.problem('GET', url(`posts/${post.id}/`), jsonResponse(404, { error: 'nope' }))).toMatch(/errors/);
    // no route at all: still the envelope
    expect(await checker.problem('GET', url('nothing-here/'), jsonResponse(404, envelope('NotFoundError')))).toBeNull();
    expect(await checker.problem('GET', url('nothing-here/'), jsonResponse(404, { message: 'gone' }))).toMatch(/errors/);
  });

  it('rejects the fetch of a wrapped service when an answer does not match', async () => {
    // answers in the document's shape, but with a status this operation does not have
    const fake = checkResponses({ fetch: async (_request: Request) => jsonResponse(202, { posts: [post] }) }, 'svc', { log: false });
    await expect(fake.fetch(new Request(url('posts/')))).rejects.toThrow(OpenApiMismatch);
    await expect(fake.fetch(new Request(url('posts/')))).rejects.toThrow(/202 is not documented for GET \/posts\//);
  });

  it('is on in createTestSite', () => {
    expect(CHECKED in site.service.fetch).toBe(true);
  });
});
