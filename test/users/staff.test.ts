import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, snapshot } from '../helpers/service';
import { sessionClient } from './helpers';
import { createStaffSite, type Role, type StaffSite } from './staff-site';

let site: StaffSite;

beforeAll(async () => {
  site = await createStaffSite();
});
afterAll(() => site.close());

async function expectStatus(status: number, request: () => Promise<Response>, property?: string) {
  const before = await snapshot(site.driver);
  const res = await request();
  expect(res.status).toBe(status);
  if (property) expect((await body(res)).errors[0].property).toBe(property);
  expect({ ...(await snapshot(site.driver)), sessions: null }).toEqual({ ...before, sessions: null });
}

async function newUser(role: Role, by: Role = 'Owner', name = `Extra ${role}`) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`;
  const res = await site.as[by].post('users/', { users: [{ name, email, password: 'plenty-long-secret', roles: [{ name: role }] }] });
  expect(res.status).toBe(201);
  return (await body(res)).users[0];
}

describe('POST users/ (direct staff creation)', () => {
  it('validates the password, email, role and uniqueness', async () => {
    const add = (user: Record<string, unknown>) => () => site.as.Owner.post('users/', { users: [user] });
    const base = { name: 'New Person', email: 'new.person@example.com', password: 'plenty-long-secret', roles: ['Author'] };
    await expectStatus(422, add({ ...base, password: 'short' }), 'password');
    await expectStatus(422, add({ ...base, password: '1234567890' }), 'password');
    await expectStatus(422, add({ ...base, email: 'not-an-email' }), 'email');
    await expectStatus(422, add({ ...base, email: site.emails.Editor.toUpperCase() }), 'email');
    await expectStatus(422, add({ ...base, roles: ['Janitor'] }), 'roles');
    await expectStatus(422, add({ ...base, roles: undefined }), 'roles');
    await expectStatus(422, add({ ...base, name: '' }), 'name');
  });

  it('nobody may create an Owner; Editors only lower roles', async () => {
    await expectStatus(403, () =>
      site.as.Owner.post('users/', { users: [{ name: 'Second Owner', email: 'owner2@example.com', password: 'plenty-long-secret', roles: ['Owner'] }] }),
    );
    await expectStatus(403, () =>
      site.as.Editor.post('users/', { users: [{ name: 'Peer', email: 'peer@example.com', password: 'plenty-long-secret', roles: ['Editor'] }] }),
    );
    await newUser('Author', 'Editor', 'Editor Made Author');
    await newUser('Administrator', 'Administrator', 'Admin Made Admin');
  });

  it('accepts a role by id too', async () => {
    const roles = (await body(await site.as.Owner.get('roles/'))).roles;
    const editor = roles.find((r: { name: string }) => r.name === 'Editor');
    const res = await site.as.Owner.post('users/', {
      users: [{ name: 'By Id', email: 'byid@example.com', password: 'plenty-long-secret', roles: [{ id: editor.id }] }],
    });
    expect((await body(res)).users[0].roles[0].name).toBe('Editor');
  });
});

describe('PUT users/{id}/', () => {
  it('everyone edits their own profile', async () => {
    for (const role of ['Contributor', 'Author', 'Editor'] as const) {
      const res = await site.as[role].put(`users/${site.ids[role]}/`, {
        users: [{ bio: `I am the ${role}.`, website: 'https://example.org/me', location: '' }],
      });
      expect(res.status).toBe(200);
      expect((await body(res)).users[0]).toMatchObject({ bio: `I am the ${role}.`, website: 'https://example.org/me', location: null });
    }
  });

  it('validates fields and keeps emails unique', async () => {
    const me = `users/${site.ids.Author}/`;
    await expectStatus(422, () => site.as.Author.put(me, { users: [{ website: 'javascript:alert(1)' }] }), 'website');
    await expectStatus(422, () => site.as.Author.put(me, { users: [{ bio: 'b'.repeat(201) }] }), 'bio');
    await expectStatus(422, () => site.as.Author.put(me, { users: [{ email: site.emails.Owner }] }), 'email');
    await expectStatus(422, () => site.as.Author.put(me, { user: [{ name: 'No root' }] }), 'users');
    await expectStatus(404, () => site.as.Owner.put('users/5f00000000000000000000ff/', { users: [{ name: 'Nobody' }] }));
    await expectStatus(422, () => site.as.Owner.put('users/not-an-id/', { users: [{ name: 'Nobody' }] }), 'id');
  });

  it('a clashing slug becomes a free one', async () => {
    const owner = (await body(await site.as.Owner.get('users/me/'))).users[0];
    const res = await site.as.Author.put(`users/${site.ids.Author}/`, { users: [{ slug: owner.slug }] });
    expect((await body(res)).users[0].slug).toBe(`${owner.slug}-2`);
  });

  it('Authors and Contributors edit nobody else', async () => {
    await expectStatus(403, () => site.as.Author.put(`users/${site.ids.Contributor}/`, { users: [{ bio: 'hacked' }] }));
    await expectStatus(403, () => site.as.Contributor.put(`users/${site.ids.Author}/`, { users: [{ bio: 'hacked' }] }));
  });

  it('Editors edit lower roles only', async () => {
    expect((await site.as.Editor.put(`users/${site.ids.Author}/`, { users: [{ location: 'Lisbon' }] })).status).toBe(200);
    const peer = await newUser('Editor', 'Owner', 'Peer Editor');
    await expectStatus(403, () => site.as.Editor.put(`users/${peer.id}/`, { users: [{ bio: 'x' }] }));
    await expectStatus(403, () => site.as.Editor.put(`users/${site.ids.Administrator}/`, { users: [{ bio: 'x' }] }));
    await expectStatus(403, () => site.as.Editor.put(`users/${site.ids.Owner}/`, { users: [{ bio: 'x' }] }));
  });

  it('only the Owner edits the Owner', async () => {
    await expectStatus(403, () => site.as.Administrator.put(`users/${site.ids.Owner}/`, { users: [{ name: 'Demoted' }] }));
    expect((await site.as.Owner.put(`users/${site.ids.Owner}/`, { users: [{ name: 'Ada L.' }] })).status).toBe(200);
  });

  it('role changes: within what the actor may assign, never one’s own, never the Owner’s', async () => {
    const author = await newUser('Author', 'Owner', 'Promotable Author');
    const res = await site.as.Editor.put(`users/${author.id}/`, { users: [{ roles: ['Contributor'] }] });
    expect((await body(res)).users[0].roles[0].name).toBe('Contributor');
    await expectStatus(403, () => site.as.Editor.put(`users/${author.id}/`, { users: [{ roles: ['Editor'] }] }));
    await expectStatus(403, () => site.as.Editor.put(`users/${site.ids.Editor}/`, { users: [{ roles: ['Administrator'] }] }));
    await expectStatus(403, () => site.as.Administrator.put(`users/${site.ids.Administrator}/`, { users: [{ roles: ['Editor'] }] }));
    await expectStatus(403, () => site.as.Owner.put(`users/${site.ids.Owner}/`, { users: [{ roles: ['Administrator'] }] }));
    const promoted = await site.as.Administrator.put(`users/${author.id}/`, { users: [{ roles: ['Administrator'] }] });
    expect((await body(promoted)).users[0].roles[0].name).toBe('Administrator');
    // unchanged role given back is no change at all
    expect((await site.as.Author.put(`users/${site.ids.Author}/`, { users: [{ roles: ['Author'] }] })).status).toBe(200);
  });

  it('suspending a user ends their sessions and stops them signing in', async () => {
    const user = await newUser('Author', 'Owner', 'Soon Suspended');
    const client = sessionClient(site.service, { address: '192.0.2.77' });
    expect((await client.login(user.email, 'plenty-long-secret')).status).toBe(201);
    await expectStatus(403, () => site.as.Editor.put(`users/${site.ids.Editor}/`, { users: [{ status: 'inactive' }] }));
    const res = await site.as.Editor.put(`users/${user.id}/`, { users: [{ status: 'inactive' }] });
    expect((await body(res)).users[0].status).toBe('inactive');
    expect((await client.get('users/me/')).status).toBe(401);
    expect((await client.login(user.email, 'plenty-long-secret')).status).toBe(403);
    expect((await client.login(user.email, 'wrong-password-here')).status).toBe(401);
    await site.as.Editor.put(`users/${user.id}/`, { users: [{ status: 'active' }] });
    expect((await client.login(user.email, 'plenty-long-secret')).status).toBe(201);
  });
});

describe('DELETE users/{id}/', () => {
  it('moves the user’s posts to the Owner', async () => {
    const user = await newUser('Author', 'Owner', 'Leaving Author');
    const client = sessionClient(site.service, { address: '192.0.2.78' });
    await client.login(user.email, 'plenty-long-secret');
    const post = (await body(await client.post('posts/', { posts: [{ title: 'Left behind', status: 'published' }] }))).posts[0];
    const res = await site.as.Administrator.del(`users/${user.id}/`);
    expect(res.status).toBe(204);
    expect(res.headers.get('x-cache-invalidate')).toBe('/*');
    const after = (await body(await site.as.Owner.get(`posts/${post.id}/`))).posts[0];
    expect(after.authors.map((a: { id: string }) => a.id)).toEqual([site.ids.Owner]);
    expect(after.primary_author.id).toBe(site.ids.Owner);
    expect((await site.as.Owner.get(`users/${user.id}/`)).status).toBe(404);
    expect((await client.get('users/me/')).status).toBe(401);
  });

  it('the Owner cannot be deleted; Editors delete lower roles only', async () => {
    await expectStatus(403, () => site.as.Administrator.del(`users/${site.ids.Owner}/`));
    await expectStatus(403, () => site.as.Owner.del(`users/${site.ids.Owner}/`));
    await expectStatus(403, () => site.as.Editor.del(`users/${site.ids.Administrator}/`));
    const contributor = await newUser('Contributor', 'Owner', 'Removable Contributor');
    expect((await site.as.Editor.del(`users/${contributor.id}/`)).status).toBe(204);
    await expectStatus(404, () => site.as.Editor.del(`users/${contributor.id}/`));
  });
});

describe('PUT users/password/', () => {
  const change = (role: Role, password: Record<string, unknown>) => () => site.as[role].put('users/password/', { password: [password] });

  it('changing one’s own needs the current password, matching repeats, and a secure new one', async () => {
    const old = site.passwords.Contributor;
    await expectStatus(422, change('Contributor', { newPassword: 'a-new-long-secret', ne2Password: 'a-new-long-secret' }), 'oldPassword');
    await expectStatus(
      422,
      change('Contributor', { oldPassword: 'wrong-old-password', newPassword: 'a-new-long-secret', ne2Password: 'a-new-long-secret' }),
      'oldPassword',
    );
    await expectStatus(422, change('Contributor', { oldPassword: old, newPassword: 'a-new-long-secret', ne2Password: 'another-secret' }), 'ne2Password');
    await expectStatus(422, change('Contributor', { oldPassword: old, newPassword: 'short', ne2Password: 'short' }), 'newPassword');
  });

  it('is not blocked by strangers’ failed sign-ins at the same email, but wrong old passwords are limited', async () => {
    for (let i = 0; i < 6; i++) await sessionClient(site.service, { address: `198.18.9.${i}` }).login(site.emails.Editor, 'a-stranger-guess');
    const old = site.passwords.Editor;
    const res = await change('Editor', { oldPassword: old, newPassword: old, ne2Password: old })();
    expect(res.status).toBe(200);
    for (let i = 0; i < 5; i++)
      await expectStatus(
        422,
        change('Editor', { oldPassword: `wrong-old-${i}`, newPassword: 'x-long-secret-1', ne2Password: 'x-long-secret-1' }),
        'oldPassword',
      );
    expect((await change('Editor', { oldPassword: old, newPassword: old, ne2Password: old })()).status).toBe(429);
  });

  it('succeeds, keeps this session and ends the others', async () => {
    const other = sessionClient(site.service, { address: '192.0.2.79' });
    await other.login(site.emails.Contributor, site.passwords.Contributor);
    const res = await change('Contributor', { oldPassword: site.passwords.Contributor, newPassword: 'a-new-long-secret', ne2Password: 'a-new-long-secret' })();
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual({ password: [{ message: 'Password changed successfully.' }] });
    expect((await site.as.Contributor.get('users/me/')).status).toBe(200);
    expect((await other.get('users/me/')).status).toBe(401);
    expect((await other.login(site.emails.Contributor, site.passwords.Contributor)).status).toBe(401);
    expect((await other.login(site.emails.Contributor, 'a-new-long-secret')).status).toBe(201);
  });

  it('a manager sets someone else’s without their old password; others may not', async () => {
    await expectStatus(403, change('Author', { user_id: site.ids.Editor, newPassword: 'taken-over-secret', ne2Password: 'taken-over-secret' }));
    await expectStatus(403, change('Editor', { user_id: site.ids.Administrator, newPassword: 'taken-over-secret', ne2Password: 'taken-over-secret' }));
    const res = await change('Editor', { user_id: site.ids.Author, newPassword: 'reset-by-editor', ne2Password: 'reset-by-editor' })();
    expect(res.status).toBe(200);
    expect((await site.as.Author.get('users/me/')).status).toBe(401);
    expect((await site.as.Author.login(site.emails.Author, 'reset-by-editor')).status).toBe(201);
  });
});
