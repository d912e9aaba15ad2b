import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body } from '../helpers/service';
import { createStaffSite, type StaffSite } from '../users/staff-site';
import { adminUrl, manualClock, sessionClient } from '../users/helpers';
import { capturingMailer } from '../mail/capture';

const HOUR = 60 * 60 * 1000;

describe('password reset', () => {
  const clock = manualClock();
  const mail = capturingMailer();
  let site: StaffSite;

  beforeAll(async () => {
    site = await createStaffSite({ mail: mail.mailer, now: clock.now, passwordReset: { rateLimit: { perEmail: 3, perAddress: 6 } } });
  });
  afterAll(() => site.close());

  function ask(email: string, address = '203.0.113.5') {
    return site.service.fetch(
      new Request(adminUrl('authentication/password_reset/'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password_reset: [{ email }] }),
      }),
      { clientAddress: address },
    );
  }
  function reset(token: string, newPassword: string, ne2Password = newPassword) {
    return site.service.fetch(
      new Request(adminUrl('authentication/password_reset/'), {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password_reset: [{ token, newPassword, ne2Password }] }),
      }),
    );
  }
  const wire = async (res: Response) => ({ status: res.status, headers: [...res.headers].sort(), bytes: new Uint8Array(await res.arrayBuffer()) });

  it('answers byte for byte the same for a known and an unknown address, and mails the known one only', async () => {
    const before = mail.sent.length;
    const known = await wire(await ask(site.emails.Author, '203.0.113.1'));
    const unknown = await wire(await ask('nobody@example.com', '203.0.113.2'));
    expect(known.status).toBe(200);
    expect(unknown).toEqual(known);
    expect(JSON.parse(new TextDecoder().decode(known.bytes))).toEqual({
      password_reset: [{ message: 'If that address belongs to a staff user, a link to reset the password has been mailed to it.' }],
    });
    expect(mail.sent.slice(before).map((m) => m.to)).toEqual([site.emails.Author]);
    const link = mail.lastLink(site.emails.Author);
    expect(link.origin + link.pathname).toBe('http://127.0.0.1:2368/svc/reset-password');
    expect(link.searchParams.get('token')).toMatch(/^[a-f0-9]{64}$/);
    const { rows } = await site.driver.query<{ token_hash: string }>('SELECT token_hash FROM password_resets');
    expect(rows.map((r) => r.token_hash)).not.toContain(link.searchParams.get('token'));
  });

  it('sets the password once and ends every session of the user', async () => {
    const other = sessionClient(site.service, { address: '192.0.2.99' });
    expect((await other.login(site.emails.Author, site.passwords.Author)).status).toBe(201);
    await ask(site.emails.Author);
    const token = mail.lastLink(site.emails.Author).searchParams.get('token')!;

    const mismatch = await reset(token, 'brand-new-words-42', 'brand-new-words-43');
    expect(mismatch.status).toBe(422);
    const weak = await reset(token, 'short');
    expect(weak.status).toBe(422);
    expect((await body(weak)).errors[0].property).toBe('newPassword');

    const done = await reset(token, 'brand-new-words-42');
    expect(done.status).toBe(200);
    expect(await body(done)).toEqual({ password_reset: [{ message: 'Password updated.' }] });
    // every session ended, the one signed in before and the fixture's
    expect((await other.get('users/me/')).status).toBe(401);
    expect((await site.as.Author.get('users/me/')).status).toBe(401);
    // the new password works, the old one does not
    expect((await sessionClient(site.service, { address: '192.0.2.98' }).login(site.emails.Author, site.passwords.Author)).status).toBe(401);
    expect((await site.as.Author.login(site.emails.Author, 'brand-new-words-42')).status).toBe(201);
    site.passwords.Author = 'brand-new-words-42';
    // single use
    const again = await reset(token, 'another-new-phrase-1');
    expect(again.status).toBe(400);
    expect((await body(again)).errors[0].code).toBe('INVALID_TOKEN');
  });

  it('a newer link replaces the older; links expire after 24 hours', async () => {
    await ask(site.emails.Contributor);
    const first = mail.lastLink(site.emails.Contributor).searchParams.get('token')!;
    await ask(site.emails.Contributor);
    const second = mail.lastLink(site.emails.Contributor).searchParams.get('token')!;
    expect(second).not.toBe(first);
    expect((await reset(first, 'contributor-new-words-1')).status).toBe(400);
    clock.advance(24 * HOUR + 1000);
    try {
      expect((await reset(second, 'contributor-new-words-1')).status).toBe(400);
      expect((await site.as.Contributor.get('users/me/')).status).toBe(200);
    } finally {
      clock.advance(-(24 * HOUR + 1000));
    }
    expect((await reset('nonsense', 'contributor-new-words-1')).status).toBe(400);
  });

  it('rate limits per email and per address; a 429 looks the same for a known and an unknown address', async () => {
    clock.advance(2 * HOUR); // fresh windows
    const known: Awaited<ReturnType<typeof wire>>[] = [];
    const unknown: Awaited<ReturnType<typeof wire>>[] = [];
    for (let i = 0; i < 4; i++) known.push(await wire(await ask(site.emails.Editor, `198.51.100.${i}`)));
    for (let i = 0; i < 4; i++) unknown.push(await wire(await ask('ghost@example.com', `198.51.100.${10 + i}`)));
    expect(known.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(unknown.slice(0, 3)).toEqual(known.slice(0, 3));
    // an error's id is each request's own: apart from it, the 429s are the same too
    const withoutId = (r: Awaited<ReturnType<typeof wire>>) => ({ ...r, bytes: new TextDecoder().decode(r.bytes).replace(/"id":"[^"]+"/, '"id":"…"') });
    expect(withoutId(unknown[3])).toEqual(withoutId(known[3]));
    // per address: six requests for six different addresses from one client address, then 429
    const fromOne: number[] = [];
    for (let i = 0; i < 7; i++) fromOne.push((await ask(`person${i}@example.com`, '198.51.100.200')).status);
    expect(fromOne).toEqual([200, 200, 200, 200, 200, 200, 429]);
    clock.advance(2 * HOUR);
    expect((await ask(site.emails.Editor, '198.51.100.201')).status).toBe(200);
  });

  it('without a mailer the answer says no mail can be sent, the same for every address', async () => {
    const bare = await createStaffSite();
    try {
      const post = (email: string) =>
        bare.service.fetch(
          new Request(adminUrl('authentication/password_reset/'), {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ password_reset: [{ email }] }),
          }),
        );
      const a = await wire(await post(bare.emails.Editor));
      const b = await wire(await post('nobody@example.com'));
      expect(a).toEqual(b);
      expect(JSON.parse(new TextDecoder().decode(a.bytes)).password_reset[0].message).toMatch(/no mailer is configured/);
    } finally {
      await bare.close();
    }
  });

  it('refuses malformed requests with 422', async () => {
    const res = await site.service.fetch(
      new Request(adminUrl('authentication/password_reset/'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":"x"}' }),
    );
    expect(res.status).toBe(422);
    const put = await site.service.fetch(
      new Request(adminUrl('authentication/password_reset/'), {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password_reset: [{ token: 'x' }] }),
      }),
    );
    expect(put.status).toBe(422);
  });
});
