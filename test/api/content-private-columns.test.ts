// The Content API neither sorts nor filters by columns it does not show (issue 24): such an `order` field
// is ignored like an unknown one, and such a filter property is a 400 like an unknown one. The Admin API
// keeps both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, body } from '../helpers/service';
import { createStaffSite, type StaffSite } from '../users/staff-site';

let site: StaffSite;

beforeAll(async () => {
  site = await createStaffSite();
  const posts = [
    { title: 'Newest', authors: [{ id: site.ids.Owner }], published_at: '2024-03-01T00:00:00.000Z' },
    { title: 'Middle', authors: [{ id: site.ids.Editor }], published_at: '2024-02-01T00:00:00.000Z', email_subject: 'Subject' },
    // 'members' sorts before 'public': ordering by visibility would put it first
    { title: 'Oldest', authors: [{ id: site.ids.Author }], published_at: '2024-01-01T00:00:00.000Z', visibility: 'members' },
  ];
  for (const post of posts) {
    const res = await site.as.Owner.post('posts/', { posts: [{ status: 'published', ...post }] });
    expect(res.status).toBe(201);
  }
});
afterAll(() => site.close());

function content(path: string): Promise<Response> {
  return site.service.fetch(new Request(`${BASE}/svc/api/v3/content/${path}&key=${site.contentKey}`));
}

const names = (list: Array<{ name?: string; title?: string }>) => list.map((item) => item.name ?? item.title);

describe('order', () => {
  it('ignores private author columns on the Content API, as unknown fields are', async () => {
    const byName = names((await body(await content('authors/?limit=all'))).authors);
    expect(byName).toEqual(['Ada Lovelace', 'Author Person', 'Editor Person']);
    for (const field of ['email', 'last_seen', 'status', 'no_such_field']) {
      const res = await content(`authors/?order=${field}%20desc`);
      expect(res.status, field).toBe(200);
      expect(names((await body(res)).authors), field).toEqual(byName);
    }
    // the Admin API still sorts by them: email descending is edi…, aut…, ada…
    const admin = names((await body(await site.as.Owner.get('users/?order=email%20desc&filter=status:active'))).users);
    expect(admin.filter((name) => byName.includes(name!))).toEqual(['Editor Person', 'Author Person', 'Ada Lovelace']);
  });

  it('ignores private post columns on the Content API', async () => {
    const byDate = ['Newest', 'Middle', 'Oldest'];
    for (const field of ['visibility', 'status', 'type', 'email_subject']) {
      const res = await content(`posts/?order=${field}%20asc`);
      expect(res.status, field).toBe(200);
      expect(names((await body(res)).posts), field).toEqual(byDate);
    }
    // the Admin API sorts by visibility
    const admin = names((await body(await site.as.Owner.get('posts/?order=visibility%20asc'))).posts);
    expect(admin[0]).toBe('Oldest');
  });
});

describe('filter', () => {
  it('refuses Admin-only post and author properties on the Content API as unknown, and keeps them on the Admin API', async () => {
    const refused = [
      ['posts/', "email_subject:'Subject'"],
      ['posts/', 'type:post'],
      ['posts/', 'authors.email:ada@example.com'],
      ['pages/', 'email_subject:null'],
      ['authors/', 'email:ada@example.com'],
      ['authors/', 'last_seen:null'],
      ['authors/', 'created_at:>2000-01-01'],
      ['authors/', 'roles.name:Owner'],
    ];
    for (const [path, filter] of refused) {
      const res = await content(`${path}?filter=${encodeURIComponent(filter)}`);
      expect(res.status, `${path} ${filter}`).toBe(400);
      const error = (await body(res)).errors[0];
      expect(error.type).toBe('BadRequestError');
      expect(error.message + error.context, filter).toContain('unknown property');
    }
    // what the Content API shows, and the relation shortcuts, stay
    for (const [path, filter, expected] of [
      ['posts/', 'visibility:members', ['Oldest']],
      ['posts/', 'page:false+reading_time:>=0', ['Newest', 'Middle', 'Oldest']],
      ['posts/', 'primary_author:ada-lovelace', ['Newest']],
      ['posts/', 'tags.slug:-x+author:ada-lovelace', ['Newest']],
      // the Content API overrides status clauses (reference-behaviour §4)
      ['posts/', 'status:draft', ['Newest', 'Middle', 'Oldest']],
    ] as const) {
      const res = await content(`${path}?filter=${encodeURIComponent(filter)}`);
      expect(res.status, filter).toBe(200);
      expect(names((await body(res)).posts), filter).toEqual(expected);
    }
    // the Admin API filters by them
    const admin = await site.as.Owner.get(`posts/?filter=${encodeURIComponent("email_subject:'Subject'")}`);
    expect(names((await body(admin)).posts)).toEqual(['Middle']);
  });
});
