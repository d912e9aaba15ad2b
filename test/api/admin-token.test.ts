import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, adminToken, body, createTestSite, type TestSite } from '../helpers/service';

let site: TestSite;
let clock = Date.now();

beforeAll(async () => {
  site = await createTestSite({ now: () => new Date(clock) });
});
afterAll(() => site.close());

const seconds = () => Math.floor(clock / 1000);

function get(authorization: string | null, version = 'v3') {
  const headers: Record<string, string> = authorization === null ? {} : { authorization };
  return site.service.fetch(new Request(`${BASE}/svc/api/${version}/admin/posts/`, { headers }));
}

async function expectError(response: Response, status: number, code: string | null, type?: string) {
  expect(response.status).toBe(status);
  const { errors } = await body(response);
  expect(errors).toHaveLength(1);
  expect(errors[0].code).toBe(code);
  if (type) expect(errors[0].type).toBe(type);
  expect(Object.keys(errors[0]).sort()).toEqual(['code', 'context', 'details', 'errorType', 'help', 'id', 'message', 'property', 'type'].sort());
  return errors[0];
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('Admin API token authentication (reference-behaviour §3)', () => {
  it('accepts a token made as the contract describes', async () => {
    const res = await get(`Svc ${await adminToken(site.adminKey, { iat: seconds() })}`);
    expect(res.status).toBe(200);
  });

  it('matches the scheme word case-insensitively', async () => {
    expect((await get(`svc ${await adminToken(site.adminKey, { iat: seconds() })}`)).status).toBe(200);
    expect((await get(`SVC ${await adminToken(site.adminKey, { iat: seconds() })}`)).status).toBe(200);
  });

  it('refuses a request with no credentials: 401 NO_CREDENTIALS', async () => {
    await expectError(await get(null), 401, 'NO_CREDENTIALS', 'UnauthorizedError');
  });

  it('refuses another scheme or a missing token: 401 INVALID_AUTH_HEADER', async () => {
    const token = await adminToken(site.adminKey, { iat: seconds() });
    await expectError(await get(`Bearer ${token}`), 401, 'INVALID_AUTH_HEADER');
    await expectError(await get('Svc'), 401, 'INVALID_AUTH_HEADER');
    await expectError(await get(`Svc ${token} extra`), 401, 'INVALID_AUTH_HEADER');
  });

  it('refuses a token that cannot be decoded: 400 INVALID_JWT', async () => {
    await expectError(await get('Svc not-a-jwt'), 400, 'INVALID_JWT', 'BadRequestError');
    await expectError(await get('Svc a.b.c'), 400, 'INVALID_JWT');
  });

  it('refuses a token without kid: 400 MISSING_ADMIN_API_KID', async () => {
    await expectError(await get(`Svc ${await adminToken(site.adminKey, { kid: null, iat: seconds() })}`), 400, 'MISSING_ADMIN_API_KID');
  });

  it('refuses an unknown kid: 401 UNKNOWN_ADMIN_API_KEY', async () => {
    const token = await adminToken(site.adminKey, { kid: 'ffffffffffffffffffffffff', iat: seconds() });
    await expectError(await get(`Svc ${token}`), 401, 'UNKNOWN_ADMIN_API_KEY');
    const injected = await adminToken(site.adminKey, { kid: "' OR 1=1 --", iat: seconds() });
    await expectError(await get(`Svc ${injected}`), 401, 'UNKNOWN_ADMIN_API_KEY');
  });

  it('refuses the content key id used as kid: 401 INVALID_API_KEY_TYPE', async () => {
    const { rows } = await site.driver.query<{ id: string }>(`SELECT id FROM api_keys WHERE type = 'content'`);
    const token = await adminToken(site.adminKey, { kid: rows[0].id, iat: seconds() });
    await expectError(await get(`Svc ${token}`), 401, 'INVALID_API_KEY_TYPE');
  });

  it('refuses alg none and algorithms other than HS256', async () => {
    const kid = site.adminKey.split(':')[0];
    const payload = base64url({ iat: seconds(), exp: seconds() + 300, aud: '/v3/admin/' });
    const none = `${base64url({ alg: 'none', typ: 'JWT', kid })}.${payload}.`;
    const err = await expectError(await get(`Svc ${none}`), 401, 'INVALID_JWT');
    expect(err.message).toMatch(/^Invalid token: /);

    const { SignJWT } = await import('jose');
    const secret = new Uint8Array(
      site.adminKey
        .split(':')[1]
        .match(/../g)!
        .map((h) => parseInt(h, 16)),
    );
    const hs512 = await new SignJWT({}).setProtectedHeader({ alg: 'HS512', kid }).setIssuedAt(seconds()).setAudience('/v3/admin/').sign(secret);
    await expectError(await get(`Svc ${hs512}`), 401, 'INVALID_JWT');
  });

  it('refuses a bad signature', async () => {
    const token = await adminToken(site.adminKey, { secret: 'ab'.repeat(32), iat: seconds() });
    const err = await expectError(await get(`Svc ${token}`), 401, 'INVALID_JWT');
    expect(err.message).toContain('signature');
  });

  it("refuses a signature that is not the key's over exactly these header and claims", async () => {
    const token = await adminToken(site.adminKey, { iat: seconds() });
    const other = await adminToken(site.adminKey, { iat: seconds() - 1 });
    const [header, payload, signature] = token.split('.');
    const raised = base64url({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), exp: seconds() + 200 });
    const forgeries = [
      `${header}.${raised}.${signature}`, // claims changed, signature kept
      `${header}.${payload}.${other.split('.')[2]}`, // another token's signature
      `${header}.${payload}.${signature.slice(0, -2)}`, // cut short
      `${header}.${payload}.`, // none
      `${header}.${payload}.${signature}AA`, // too long
      `${header}.${payload}.${signature.slice(0, -4)}!@#$`, // not base64url
      `${base64url({ ...JSON.parse(Buffer.from(header, 'base64url').toString()), typ: 'jwt' })}.${payload}.${signature}`, // header changed
    ];
    for (const forged of forgeries) {
      const err = await expectError(await get(`Svc ${forged}`), 401, 'INVALID_JWT');
      expect(err.message).toContain('signature');
    }
    expect((await get(`Svc ${token}`)).status).toBe(200);
  });

  it('checks the audience against the request version, with or without slashes', async () => {
    await expectError(await get(`Svc ${await adminToken(site.adminKey, { aud: '/v3/content/', iat: seconds() })}`), 401, 'INVALID_JWT');
    // a v2 token on a v3 URL, and the other way round
    await expectError(await get(`Svc ${await adminToken(site.adminKey, { version: 'v2', iat: seconds() })}`), 401, 'INVALID_JWT');
    await expectError(await get(`Svc ${await adminToken(site.adminKey, { version: 'v3', iat: seconds() })}`, 'v2'), 401, 'INVALID_JWT');
    expect((await get(`Svc ${await adminToken(site.adminKey, { aud: 'v3/admin', iat: seconds() })}`)).status).toBe(200);
    expect((await get(`Svc ${await adminToken(site.adminKey, { version: 'v2', iat: seconds() })}`, 'v2')).status).toBe(200);
  });

  it('refuses expired tokens, overlong lifetimes and future iat', async () => {
    const expired = await adminToken(site.adminKey, { iat: seconds() - 301, exp: null });
    expect((await expectError(await get(`Svc ${expired}`), 401, 'INVALID_JWT')).message).toContain('expired');
    const pastExp = await adminToken(site.adminKey, { iat: seconds() - 100, exp: seconds() - 1 });
    await expectError(await get(`Svc ${pastExp}`), 401, 'INVALID_JWT');
    const longLived = await adminToken(site.adminKey, { iat: seconds(), exp: seconds() + 301 });
    await expectError(await get(`Svc ${longLived}`), 401, 'INVALID_JWT');
    const future = await adminToken(site.adminKey, { iat: seconds() + 60 });
    await expectError(await get(`Svc ${future}`), 401, 'INVALID_JWT');
    const slightlyAhead = await adminToken(site.adminKey, { iat: seconds() + 3 });
    expect((await get(`Svc ${slightlyAhead}`)).status).toBe(200);
    const noIat = await adminToken(site.adminKey, { iat: seconds() });
    const [h, , s] = noIat.split('.');
    await expectError(await get(`Svc ${h}.${base64url({ aud: '/v3/admin/' })}.${s}`), 401, 'INVALID_JWT');
  });

  it('accepts a token carrying a jti once', async () => {
    const token = await adminToken(site.adminKey, { iat: seconds(), jti: 'once-only' });
    expect((await get(`Svc ${token}`)).status).toBe(200);
    const err = await expectError(await get(`Svc ${token}`), 401, 'INVALID_JWT');
    expect(err.message).toContain('already been used');
  });

  it('counts every spelling of one signature as the same token', async () => {
    // base64url leaves two spare bits in the last character of an HMAC-SHA256 signature: four spellings, one signature
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const token = await adminToken(site.adminKey, { iat: seconds(), jti: 'spelt-four-ways' });
    const last = alphabet.indexOf(token.slice(-1));
    const spellings = [1, 2, 3].map((d) => token.slice(0, -1) + alphabet[(last & ~3) | ((last + d) & 3)]);
    expect((await get(`Svc ${token}`)).status).toBe(200);
    for (const spelling of spellings) {
      expect((await expectError(await get(`Svc ${spelling}`), 401, 'INVALID_JWT')).message).toContain('already been used');
    }
  });

  it('lets a token without jti be reused only inside the grace window', async () => {
    const token = await adminToken(site.adminKey, { iat: seconds(), jti: null });
    expect((await get(`Svc ${token}`)).status).toBe(200);
    clock += 1500;
    expect((await get(`Svc ${token}`)).status).toBe(200);
    clock += 1000; // 2.5 s after first use
    await expectError(await get(`Svc ${token}`), 401, 'INVALID_JWT');
  });

  it('never leaks the secret or internals in error bodies', async () => {
    const secret = site.adminKey.split(':')[1];
    const res = await get(`Svc ${await adminToken(site.adminKey, { secret: 'cd'.repeat(32), iat: seconds() })}`);
    const text = await res.text();
    expect(text).not.toContain(secret);
    expect(text).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('tokenReuse: strict', () => {
  it('refuses any second presentation', async () => {
    const strict = await createTestSite({ auth: { tokenReuse: 'strict' } });
    try {
      const token = await adminToken(strict.adminKey, { jti: null });
      const call = () => strict.service.fetch(new Request(`${BASE}/svc/api/v3/admin/posts/`, { headers: { authorization: `Svc ${token}` } }));
      expect((await call()).status).toBe(200);
      expect((await call()).status).toBe(401);
    } finally {
      await strict.close();
    }
  });
});
