import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body } from '../helpers/service';
import { createStaffSite, type StaffSite } from '../users/staff-site';
import { adminUrl, manualClock, sessionClient, ORIGIN } from '../users/helpers';
import { capturingMailer } from '../mail/capture';

const DAY = 24 * 60 * 60 * 1000;

describe('invitations', () => {
  const clock = manualClock();
  const mail = capturingMailer();
  let site: StaffSite;
  let roles: Record<string, string>;

  beforeAll(async () => {
    site = await createStaffSite({ mail: mail.mailer, now: clock.now });
    const list = await body(await site.as.Owner.get('roles/'));
    roles = Object.fromEntries(list.roles.map((r: { name: string; id: string }) => [r.name, r.id]));
  });
  afterAll(() => site.close());

  const invite = (as: keyof StaffSite['as'], email: string, role: string) => site.as[as].post('invites/', { invites: [{ email, role_id: roles[role] }] });

  async function accept(token: string, email: string, extra: Record<string, unknown> = {}) {
    return site.service.fetch(
      new Request(adminUrl('authentication/invitation/'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify({ invitation: [{ token, email, name: 'New Person', password: 'a-fresh-password-7', ...extra }] }),
      }),
      { clientAddress: '198.51.100.7' },
    );
  }

  it('mails a link to the admin client with the token; the answer never shows it', async () => {
    const res = await invite('Owner', 'grace@example.com', 'Author');
    expect(res.status).toBe(201);
    const json = await body(res);
    expect(json.invites[0]).toMatchObject({ email: 'grace@example.com', role_id: roles.Author, status: 'sent', created_by: site.ids.Owner });
    expect(json.meta.mail).toEqual({ sent: true });
    expect(res.headers.get('location')).toMatch(new RegExp(`/invites/${json.invites[0].id}/$`));
    const link = mail.lastLink('grace@example.com');
    expect(link.origin + link.pathname).toBe('http://127.0.0.1:2368/svc/signup');
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[a-f0-9]{64}$/);
    expect(link.searchParams.get('email')).toBe('grace@example.com');
    const sent = mail.sent.at(-1)!;
    expect(sent.subject).toBe('Ada Lovelace has invited you to join Test site');
    expect(sent.html).toContain(`href="${link.href.replace(/&/g, '&amp;')}"`);
    // no answer shows the token or its hash
    const listed = JSON.stringify(await body(await site.as.Owner.get('invites/')));
    expect(listed).not.toContain(token);
    expect(listed).not.toContain('token');
    expect(JSON.stringify(json)).not.toContain(token);
    // stored hashed
    const { rows } = await site.driver.query<{ token_hash: string }>('SELECT token_hash FROM invites');
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it('accepting creates the user once with the invited role and signs them in', async () => {
    const token = mail.lastLink('grace@example.com').searchParams.get('token')!;
    const check = await site.service.fetch(new Request(adminUrl('authentication/invitation/?email=grace%40example.com')));
    expect(await body(check)).toEqual({ invitation: [{ valid: true }] });

    const res = await accept(token, 'Grace@Example.com');
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual({ invitation: [{ message: 'Invitation accepted.' }] });
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^svc-admin-api-session=[a-f0-9]{64};/);
    const me = await site.service.fetch(new Request(adminUrl('users/me/'), { headers: { cookie: cookie.split(';')[0], origin: ORIGIN } }));
    expect(me.status).toBe(200);
    const user = (await body(me)).users[0];
    expect(user).toMatchObject({ email: 'grace@example.com', name: 'New Person', status: 'active' });
    expect(user.roles[0].name).toBe('Author');
    // the new user can sign in with the password chosen
    expect((await sessionClient(site.service).login('grace@example.com', 'a-fresh-password-7')).status).toBe(201);

    // single use
    const again = await accept(token, 'grace@example.com');
    expect(again.status).toBe(404);
    expect(again.headers.get('set-cookie')).toBeNull();
    expect((await body(await site.service.fetch(new Request(adminUrl('authentication/invitation/?email=grace%40example.com'))))).invitation[0].valid).toBe(
      false,
    );
    expect((await body(await site.as.Owner.get('invites/'))).invites.map((i: { email: string }) => i.email)).not.toContain('grace@example.com');
  });

  it('refuses a wrong token, a wrong email and a weak password without creating anyone', async () => {
    await invite('Owner', 'hedy@example.com', 'Contributor');
    const token = mail.lastLink('hedy@example.com').searchParams.get('token')!;
    expect((await accept('f'.repeat(64), 'hedy@example.com')).status).toBe(404);
    expect((await accept(token, 'someone-else@example.com')).status).toBe(404);
    const weak = await accept(token, 'hedy@example.com', { password: 'short' });
    expect(weak.status).toBe(422);
    expect((await body(weak)).errors[0].property).toBe('password');
    const noOrigin = await site.service.fetch(
      new Request(adminUrl('authentication/invitation/'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ invitation: [{ token, email: 'hedy@example.com', name: 'Hedy', password: 'a-fresh-password-7' }] }),
      }),
    );
    expect(noOrigin.status).toBe(400);
    const { rows } = await site.driver.query("SELECT id FROM users WHERE email = 'hedy@example.com'");
    expect(rows).toHaveLength(0);
    // still usable after all those
    expect((await accept(token, 'hedy@example.com')).status).toBe(200);
  });

  it('expires after invites.expiryMs (7 days by default)', async () => {
    await invite('Owner', 'ida@example.com', 'Editor');
    const token = mail.lastLink('ida@example.com').searchParams.get('token')!;
    const listed = (await body(await site.as.Owner.get('invites/'))).invites.find((i: { email: string }) => i.email === 'ida@example.com');
    expect(listed.expires - clock.now().getTime()).toBeGreaterThan(7 * DAY - 60_000);
    expect(listed.expires - clock.now().getTime()).toBeLessThanOrEqual(7 * DAY);
    clock.advance(7 * DAY + 1000);
    try {
      expect((await body(await site.service.fetch(new Request(adminUrl('authentication/invitation/?email=ida%40example.com'))))).invitation[0].valid).toBe(
        false,
      );
      expect((await accept(token, 'ida@example.com')).status).toBe(404);
    } finally {
      clock.advance(-(7 * DAY + 1000));
    }
  });

  it('a deleted invitation is dead; a re-invitation replaces the earlier link', async () => {
    const first = await body(await invite('Owner', 'joan@example.com', 'Author'));
    const oldToken = mail.lastLink('joan@example.com').searchParams.get('token')!;
    const second = await body(await invite('Owner', 'joan@example.com', 'Editor'));
    expect(second.invites[0].id).not.toBe(first.invites[0].id);
    expect((await accept(oldToken, 'joan@example.com')).status).toBe(404);
    const newToken = mail.lastLink('joan@example.com').searchParams.get('token')!;
    const del = await site.as.Owner.del(`invites/${second.invites[0].id}/`);
    expect(del.status).toBe(204);
    expect((await site.as.Owner.del(`invites/${second.invites[0].id}/`)).status).toBe(404);
    expect((await accept(newToken, 'joan@example.com')).status).toBe(404);
  });

  it('role rules: Owner and Administrator any role but Owner; Editor Authors and Contributors; others none', async () => {
    expect((await invite('Owner', 'o1@example.com', 'Owner')).status).toBe(403);
    expect((await invite('Administrator', 'a1@example.com', 'Administrator')).status).toBe(201);
    expect((await invite('Administrator', 'a2@example.com', 'Owner')).status).toBe(403);
    expect((await invite('Editor', 'e1@example.com', 'Author')).status).toBe(201);
    expect((await invite('Editor', 'e2@example.com', 'Contributor')).status).toBe(201);
    expect((await invite('Editor', 'e3@example.com', 'Editor')).status).toBe(403);
    expect((await invite('Editor', 'e4@example.com', 'Administrator')).status).toBe(403);
    expect((await invite('Author', 'u1@example.com', 'Contributor')).status).toBe(403);
    expect((await invite('Contributor', 'c1@example.com', 'Contributor')).status).toBe(403);
    expect((await site.as.Author.get('invites/')).status).toBe(403);
    expect((await site.as.Contributor.get('invites/')).status).toBe(403);
    expect((await site.as.Editor.get('invites/')).status).toBe(200);
    // an Editor may not revoke an Administrator's invitation
    const adminInvite = (await body(await site.as.Owner.get('invites/'))).invites.find((i: { email: string }) => i.email === 'a1@example.com');
    expect((await site.as.Editor.del(`invites/${adminInvite.id}/`)).status).toBe(403);
    expect((await site.as.Author.del(`invites/${adminInvite.id}/`)).status).toBe(403);
    // integrations: staff business (the reference answers 501)
    const byKey = await site.admin.post('invites/', { invites: [{ email: 'k@example.com', role_id: roles.Author }] });
    expect(byKey.status).toBe(501);
    expect((await body(byKey)).errors[0].type).toBe('NotImplementedError');
    expect((await site.admin.get('invites/')).status).toBe(501);
  });

  it('validates input: an existing user, a bad email, an unknown role, a missing envelope', async () => {
    const existing = await invite('Owner', site.emails.Editor, 'Author');
    expect(existing.status).toBe(422);
    expect((await body(existing)).errors[0].property).toBe('email');
    expect((await invite('Owner', 'not-an-email', 'Author')).status).toBe(422);
    expect((await site.as.Owner.post('invites/', { invites: [{ email: 'x@example.com', role_id: 'f'.repeat(24) }] })).status).toBe(422);
    expect((await site.as.Owner.post('invites/', { email: 'x@example.com' })).status).toBe(422);
    expect((await site.as.Owner.del('invites/nope/')).status).toBe(422);
  });

  it('without a mailer the invitation works and the answer says no mail went out; a failing mailer likewise', async () => {
    mail.fail();
    try {
      const res = await invite('Owner', 'kay@example.com', 'Author');
      expect(res.status).toBe(201);
      const json = await body(res);
      expect(json.invites[0].status).toBe('pending');
      expect(json.meta.mail.sent).toBe(false);
      expect(json.meta.mail.reason).not.toContain('ECONNREFUSED');
    } finally {
      mail.fail(false);
    }
  });
});

describe('invitations without a mailer', () => {
  it('answers 201 with meta.mail.sent false', async () => {
    const site = await createStaffSite();
    try {
      const roles = await body(await site.as.Owner.get('roles/'));
      const author = roles.roles.find((r: { name: string }) => r.name === 'Author').id;
      const res = await site.as.Owner.post('invites/', { invites: [{ email: 'lin@example.com', role_id: author }] });
      expect(res.status).toBe(201);
      const json = await body(res);
      expect(json.meta.mail).toEqual({ sent: false, reason: 'No mailer is configured, so no mail was sent.' });
      expect(json.invites[0].status).toBe('pending');
    } finally {
      await site.close();
    }
  });
});
