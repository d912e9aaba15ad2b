import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestSite, snapshot, type TestSite } from '../helpers/service';
import { adminUrl, manualClock, ORIGIN, OWNER, sessionClient } from './helpers';

let site: TestSite;
const clock = manualClock();

beforeAll(async () => {
  site = await createTestSite({ now: clock.now, auth: { sessionLifetimeMs: 60 * 60 * 1000 } });
});
afterAll(() => site.close());

describe('POST session/', () => {
  it('signs in: 201, empty body, the session cookie with every attribute', async () => {
    const client = sessionClient(site.service);
    const res = await client.login(OWNER.email, OWNER.password);
    expect(res.status).toBe(201);
    expect(await res.text()).toBe('');
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(
      /^svc-admin-api-session=[a-f0-9]{64}; Path=\/svc; Expires=[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT; HttpOnly; SameSite=Lax$/,
    );
    const expires = Date.parse(/Expires=([^;]+)/.exec(cookie)![1]);
    expect(Math.abs(expires - (clock.now().getTime() + 60 * 60 * 1000))).toBeLessThan(2000);
  });

  it('stores only a hash of the token', async () => {
    const client = sessionClient(site.service);
    await client.login(OWNER.email, OWNER.password);
    const token = client.cookie!.split('=')[1];
    const { rows } = await site.driver.query<{ token_hash: string; origin: string }>('SELECT token_hash, origin FROM sessions');
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => r.token_hash.length === 64 && r.origin === ORIGIN)).toBe(true);
  });

  it('matches the email case-insensitively', async () => {
    expect((await sessionClient(site.service).login('ADA@example.com', OWNER.password)).status).toBe(201);
  });

  it('gives unknown email and wrong password the same 401, and creates no session', async () => {
    const before = await snapshot(site.driver);
    const client = sessionClient(site.service, { address: '198.51.100.1' });
    const wrongPassword = await client.login(OWNER.email, 'not-the-password');
    const unknownEmail = await client.login('nobody@example.com', OWNER.password);
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    const a = (await body(wrongPassword)).errors[0];
    const b = (await body(unknownEmail)).errors[0];
    expect({ ...a, id: null }).toEqual({ ...b, id: null });
    expect(a.message).toBe('Your email or password is incorrect.');
    expect(wrongPassword.headers.get('set-cookie')).toBeNull();
    expect(await snapshot(site.driver)).toEqual(before);
  });

  it('refuses malformed credentials with 422 naming the field', async () => {
    const client = sessionClient(site.service, { address: '198.51.100.2' });
    for (const [payload, property] of [
      [{ password: 'x' }, 'username'],
      [{ username: 'ada@example.com' }, 'password'],
      [[], 'session'],
    ] as const) {
      const res = await site.service.fetch(
        new Request(adminUrl('session/'), {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: ORIGIN },
          body: JSON.stringify(payload),
        }),
      );
      expect(res.status).toBe(422);
      expect((await body(res)).errors[0].property).toBe(property);
    }
    const text = await site.service.fetch(new Request(adminUrl('session/'), { method: 'POST', headers: { origin: ORIGIN }, body: 'username=a' }));
    expect(text.status).toBe(415);
    expect(client.cookie).toBeNull();
  });

  it('needs an origin to sign in', async () => {
    const res = await site.service.fetch(
      new Request(adminUrl('session/'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: OWNER.email, password: OWNER.password }),
      }),
    );
    expect(res.status).toBe(400);
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});

describe('GET and DELETE session/', () => {
  it('GET returns the signed-in user, without the password hash', async () => {
    const client = sessionClient(site.service);
    await client.login(OWNER.email, OWNER.password);
    const res = await client.get('session/');
    expect(res.status).toBe(200);
    const user = (await body(res)).users[0];
    expect(user).toMatchObject({ email: OWNER.email, roles: [{ name: 'Owner' }] });
    expect(JSON.stringify(user)).not.toContain('pbkdf2');
    expect(user.last_seen).not.toBeNull();
  });

  it('DELETE ends the session server-side: the old cookie no longer works', async () => {
    const client = sessionClient(site.service);
    await client.login(OWNER.email, OWNER.password);
    const cookie = client.cookie!;
    const res = await client.del('session/');
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toMatch(/^svc-admin-api-session=; Path=\/svc; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/);
    client.cookie = cookie;
    const after = await client.get('users/me/');
    expect(after.status).toBe(401);
    expect((await body(after)).errors[0].code).toBe('INVALID_SESSION');
  });

  it('an integration token has no session', async () => {
    expect((await site.admin.get('session/')).status).toBe(403);
    expect((await site.admin.del('session/')).status).toBe(403);
  });

  it('a token wins over a cookie when both are sent', async () => {
    const res = await site.admin.request('GET', 'session/', { headers: { cookie: 'svc-admin-api-session=' + 'a'.repeat(64) } });
    expect(res.status).toBe(403);
  });

  it('a made-up or malformed cookie is 401', async () => {
    for (const value of ['a'.repeat(64), 'short', '']) {
      const client = sessionClient(site.service);
      client.cookie = `svc-admin-api-session=${value}`;
      expect((await client.get('users/me/')).status).toBe(401);
    }
  });
});

describe('session lifetime', () => {
  it('expires after the configured lifetime without use (injected clock)', async () => {
    const client = sessionClient(site.service);
    await client.login(OWNER.email, OWNER.password);
    clock.advance(60 * 60 * 1000 - 1000);
    expect((await client.get('users/me/')).status).toBe(200);
    clock.advance(60 * 60 * 1000 + 1000);
    expect((await client.get('users/me/')).status).toBe(401);
  });

  it('slides: each use moves the expiry on and re-sends the cookie with it', async () => {
    const client = sessionClient(site.service);
    await client.login(OWNER.email, OWNER.password);
    const first = client.cookie;
    for (let i = 0; i < 4; i++) {
      clock.advance(40 * 60 * 1000);
      const res = await client.get('users/me/');
      expect(res.status).toBe(200);
      const cookie = res.headers.get('set-cookie')!;
      expect(cookie).toContain(first!);
      expect(Math.abs(Date.parse(/Expires=([^;]+)/.exec(cookie)![1]) - (clock.now().getTime() + 60 * 60 * 1000))).toBeLessThan(2000);
    }
    // 2 h 40 min after sign-in, far past the 1 h lifetime: sliding kept it alive
    expect((await client.get('session/')).status).toBe(200);
  });

  it('does not write on every request: a request right after another leaves the cookie alone', async () => {
    const client = sessionClient(site.service);
    await client.login(OWNER.email, OWNER.password);
    const res = await client.get('users/me/');
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});
