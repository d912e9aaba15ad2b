import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createService } from '../../lib';
import { createPgliteDriver } from '../../lib/storage/pglite/storage';
import { createSqlStorage } from '../../lib/storage/sql/sql-storage';
import { BASE, body, createTestSite, type TestSite } from '../helpers/service';
import { checkResponses } from '../helpers/openapi-check';
import { manualClock, ORIGIN, OWNER, sessionClient } from './helpers';

let site: TestSite;
const clock = manualClock();

beforeAll(async () => {
  site = await createTestSite({ now: clock.now });
  const editor = { name: 'Eve Editor', email: 'eve@example.com', password: 'eve-password-long', roles: ['Editor'] };
  const owner = sessionClient(site.service);
  await owner.login(OWNER.email, OWNER.password);
  expect((await owner.post('users/', { users: [editor] })).status).toBe(201);
});
afterAll(() => site.close());

async function expect429(res: Response) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect((await body(res)).errors[0].type).toBe('TooManyRequestsError');
}

describe('sign-in rate limits', () => {
  it('per email: the 6th wrong password in a minute gets 429, from anywhere that has failed; after the window it works', async () => {
    const client = sessionClient(site.service, { address: '203.0.113.1' });
    expect((await client.login(OWNER.email, 'my-own-typo')).status).toBe(401);
    for (let i = 0; i < 4; i++) {
      // a different address each time: only the email's counter runs up
      const attacker = sessionClient(site.service, { address: `203.0.113.${100 + i}` });
      expect((await attacker.login(OWNER.email, `wrong-password-${i}`)).status).toBe(401);
    }
    await expect429(await sessionClient(site.service, { address: '203.0.113.100' }).login(OWNER.email, 'wrong-password-6'));
    // an address that has failed in this window is refused, even with the right password
    await expect429(await client.login(OWNER.email, OWNER.password));
    // the same email in another case is the same account
    await expect429(await client.login(OWNER.email.toUpperCase(), OWNER.password));
    // other accounts are not affected
    expect((await client.login('eve@example.com', 'eve-password-long')).status).toBe(201);

    clock.advance(61_000);
    expect((await client.login(OWNER.email, OWNER.password)).status).toBe(201);
  });

  it('strangers cannot lock a known email out: a clean address still signs in with the right password', async () => {
    for (let i = 0; i < 5; i++) {
      const stranger = sessionClient(site.service, { address: `198.18.0.${i}` });
      expect((await stranger.login(OWNER.email, `guess-${i}-password`)).status).toBe(401);
    }
    // the email is locked for every address that has failed …
    await expect429(await sessionClient(site.service, { address: '198.18.0.0' }).login(OWNER.email, OWNER.password));
    // … but its owner, from an address with no failures, gets in
    const owner = sessionClient(site.service, { address: '198.18.1.1' });
    expect((await owner.login(OWNER.email, OWNER.password)).status).toBe(201);
    expect((await owner.get('users/me/')).status).toBe(200);
    // a fresh address has one guess at a locked email: a wrong password counts, and the next try is 429
    for (let i = 0; i < 5; i++) {
      expect((await sessionClient(site.service, { address: `198.18.2.${i}` }).login(OWNER.email, 'another-guess')).status).toBe(401);
    }
    const fresh = sessionClient(site.service, { address: '198.18.3.1' });
    expect((await fresh.login(OWNER.email, 'yet-another-guess')).status).toBe(401);
    await expect429(await fresh.login(OWNER.email, OWNER.password));
    clock.advance(61_000);
  });

  it('without a client address the email limit is absolute', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const anonymous = (password: string) =>
      site.service.fetch(
        new Request(`${BASE}/svc/api/v3/admin/session/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: ORIGIN },
          body: JSON.stringify({ username: 'eve@example.com', password }),
        }),
      );
    for (let i = 0; i < 5; i++) expect((await anonymous('not-eves-password')).status).toBe(401);
    await expect429(await anonymous('eve-password-long'));
    clock.advance(61_000);
    warn.mockRestore();
  });

  it('a success forgives the email’s earlier failures', async () => {
    const client = sessionClient(site.service, { address: '203.0.113.2' });
    for (let i = 0; i < 4; i++) expect((await client.login('eve@example.com', 'nope-nope-nope')).status).toBe(401);
    clock.advance(61_000); // the address window also ends
    expect((await client.login('eve@example.com', 'eve-password-long')).status).toBe(201);
    for (let i = 0; i < 5; i++) expect((await client.login('eve@example.com', 'nope-nope-nope')).status).toBe(401);
    await expect429(await client.login('eve@example.com', 'nope-nope-nope'));
    clock.advance(61_000);
  });

  it('per address: guesses at many emails from one address are stopped too', async () => {
    const client = sessionClient(site.service, { address: '203.0.113.3' });
    for (let i = 0; i < 5; i++) expect((await client.login(`guess${i}@example.com`, 'whatever-password')).status).toBe(401);
    await expect429(await client.login('guess9@example.com', 'whatever-password'));
    await expect429(await client.login(OWNER.email, OWNER.password));
    // another address is free
    expect((await sessionClient(site.service, { address: '203.0.113.4' }).login(OWNER.email, OWNER.password)).status).toBe(201);
    clock.advance(61_000);
    expect((await client.login(OWNER.email, OWNER.password)).status).toBe(201);
  });

  it('holds across instances sharing one database', async () => {
    const driver = await createPgliteDriver();
    const options = { url: 'http://127.0.0.1:2368', now: clock.now, auth: { passwordIterations: 1000 } };
    const a = checkResponses(await createService({ ...options, storage: createSqlStorage(driver) }));
    const b = checkResponses(await createService({ ...options, storage: createSqlStorage(driver) }));
    await a.setup({ name: 'Solo', email: 'solo@example.com', password: 'solo-password-1', title: 'Shared' });
    for (let i = 0; i < 5; i++) {
      const instance = i % 2 ? a : b;
      expect((await sessionClient(instance, { address: '203.0.113.5' }).login('solo@example.com', 'bad-password-x')).status).toBe(401);
    }
    await expect429(await sessionClient(a, { address: '203.0.113.5' }).login('solo@example.com', 'solo-password-1'));
    await expect429(await sessionClient(b, { address: '203.0.113.5' }).login('solo@example.com', 'solo-password-1'));
    // and a session made on one instance works on the other
    clock.advance(61_000);
    const client = sessionClient(a, { address: '203.0.113.8' });
    expect((await client.login('solo@example.com', 'solo-password-1')).status).toBe(201);
    const onB = sessionClient(b);
    onB.cookie = client.cookie;
    expect((await onB.get('users/me/')).status).toBe(200);
    await b.close();
    await a.close().catch(() => {});
  });
});
