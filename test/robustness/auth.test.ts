// Credentials an attacker controls: admin JWTs mutated in every part, content keys of every wrong shape,
// session cookies tampered with or replayed after sign-out. All are refused with 400/401 (never 5xx,
// never accepted), and no response carries a secret, a hash or a stack trace.
import { createHmac, generateKeyPairSync, sign as rsaSign } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE } from '../helpers/service';
import { sessionClient } from '../users/helpers';
import { checksum, envelopeProblems, expectRefused, leakIn, scale, SEED } from './helpers';
import { INJECTIONS } from './corpus';
import { ORIGIN, robustSite, type RobustSite } from './site';

let site: RobustSite;
let kid: string;
let secret: Buffer;

beforeAll(async () => {
  site = await robustSite({ auth: { tokenReuse: 'strict' } });
  [kid] = site.adminKey.split(':');
  secret = Buffer.from(site.adminKey.split(':')[1], 'hex');
}, 60_000);
afterAll(() => site?.close());

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const part = (value: unknown) => b64(typeof value === 'string' ? value : JSON.stringify(value));

function hmac(alg: 'sha256' | 'sha384' | 'sha512', key: Buffer | string, input: string): string {
  return createHmac(alg, key).update(input).digest('base64url');
}

interface Claims {
  [key: string]: unknown;
}

function validClaims(version = 'v3'): Claims {
  const iat = Math.floor(Date.now() / 1000);
  return { iat, exp: iat + 300, aud: `/${version}/admin/` };
}

/** A correctly signed HS256 token for arbitrary header and payload parts. */
function signed(header: unknown, payload: unknown, key: Buffer | string = secret): string {
  const input = `${part(header)}.${part(payload)}`;
  return `${input}.${hmac('sha256', key, input)}`;
}

async function call(authorization: string | null, version = 'v3', path = 'posts/'): Promise<Response> {
  const headers: Record<string, string> = {};
  if (authorization !== null) headers.authorization = authorization;
  return site.service.fetch(new Request(`${BASE}/svc/api/${version}/admin/${path}`, { headers }));
}

/** A refused credential: 400 or 401, a clean envelope, no data changed, nothing secret in it. */
async function expectCredentialRefused(response: Response, what: string): Promise<void> {
  const text = await response.text();
  const context = `${what}\n→ ${response.status} ${text.slice(0, 300)}`;
  if (response.status !== 400 && response.status !== 401) throw new Error(`not 400/401: ${context}`);
  const problems = envelopeProblems(response.status, response.headers.get('content-type'), text);
  if (problems.length) throw new Error(`${problems.join('; ')}: ${context}`);
  const leak = leakIn(text, site.secrets);
  if (leak) throw new Error(`carries ${leak}: ${context}`);
}

describe('admin tokens', () => {
  it('a valid token is accepted (the baseline the mutations start from)', async () => {
    expect((await call(`Svc ${signed({ alg: 'HS256', typ: 'JWT', kid }, validClaims())}`)).status).toBe(200);
  });

  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const attackerJwk = publicKey.export({ format: 'jwk' });

  /** Ways to forge or break a token; each yields a token that must never be accepted. */
  const forgeries: Record<string, () => string> = {
    'alg none, no signature': () => `${part({ alg: 'none', typ: 'JWT', kid })}.${part(validClaims())}.`,
    'alg None, no signature': () => `${part({ alg: 'None', kid })}.${part(validClaims())}.`,
    'alg none with the real signature': () => {
      const good = signed({ alg: 'HS256', kid }, validClaims());
      return `${part({ alg: 'none', kid })}.${good.split('.')[1]}.${good.split('.')[2]}`;
    },
    'alg HS512 signed with the real secret': () => {
      const input = `${part({ alg: 'HS512', typ: 'JWT', kid })}.${part(validClaims())}`;
      return `${input}.${hmac('sha512', secret, input)}`;
    },
    'alg HS384 signed with the real secret': () => {
      const input = `${part({ alg: 'HS384', kid })}.${part(validClaims())}`;
      return `${input}.${hmac('sha384', secret, input)}`;
    },
    'alg RS256 with an embedded attacker jwk': () => {
      const input = `${part({ alg: 'RS256', kid, jwk: attackerJwk })}.${part(validClaims())}`;
      return `${input}.${rsaSign('sha256', Buffer.from(input), privateKey).toString('base64url')}`;
    },
    'HS256 keyed with the public key text (key confusion)': () =>
      signed({ alg: 'HS256', kid }, validClaims(), publicKey.export({ format: 'pem', type: 'spki' }) as string),
    'HS256 keyed with the hex text of the secret instead of its bytes': () => signed({ alg: 'HS256', kid }, validClaims(), site.adminKey.split(':')[1]),
    'HS256 keyed with the content key': () => signed({ alg: 'HS256', kid }, validClaims(), site.contentKey),
    'kid of the content key': () => signed({ alg: 'HS256', kid: site.fixtures.victim.contentKeyId }, validClaims()),
    'kid missing': () => signed({ alg: 'HS256' }, validClaims()),
    'kid as an array': () => signed({ alg: 'HS256', kid: [kid] }, validClaims()),
    'kid as a number': () => signed({ alg: 'HS256', kid: 12345 }, validClaims()),
    'kid as an object': () => signed({ alg: 'HS256', kid: { $ne: null } }, validClaims()),
    'kid upper-cased': () => signed({ alg: 'HS256', kid: kid.toUpperCase() }, validClaims()),
    'kid with a path': () => signed({ alg: 'HS256', kid: `../../${kid}` }, validClaims()),
    'kid of 1 MB': () => signed({ alg: 'HS256', kid: 'a'.repeat(1024 * 1024) }, validClaims()),
    'payload changed after signing': () => {
      const good = signed({ alg: 'HS256', kid }, validClaims()).split('.');
      return `${good[0]}.${part({ ...validClaims(), aud: '/v3/admin/', admin: true })}.${good[2]}`;
    },
    'signature of another token': () => {
      const other = signed({ alg: 'HS256', kid }, { ...validClaims(), jti: 'other' }).split('.');
      return `${signed({ alg: 'HS256', kid }, validClaims()).split('.').slice(0, 2).join('.')}.${other[2]}`;
    },
    'signature empty': () => `${signed({ alg: 'HS256', kid }, validClaims()).split('.').slice(0, 2).join('.')}.`,
    'signature truncated': () => signed({ alg: 'HS256', kid }, validClaims()).slice(0, -10),
    'signature with a middle byte flipped': () => {
      const token = signed({ alg: 'HS256', kid }, validClaims());
      const at = token.lastIndexOf('.') + 10;
      return token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
    },
    'audience of the other version': () => signed({ alg: 'HS256', kid }, { ...validClaims(), aud: '/v2/admin/' }),
    'audience of the content api': () => signed({ alg: 'HS256', kid }, { ...validClaims(), aud: '/v3/content/' }),
    'audience as an object': () => signed({ alg: 'HS256', kid }, { ...validClaims(), aud: { v: '/v3/admin/' } }),
    'no iat': () => signed({ alg: 'HS256', kid }, { aud: '/v3/admin/' }),
    'iat as a string': () => signed({ alg: 'HS256', kid }, { ...validClaims(), iat: String(Math.floor(Date.now() / 1000)) }),
    'iat an hour in the future': () => signed({ alg: 'HS256', kid }, { ...validClaims(), iat: Math.floor(Date.now() / 1000) + 3600, exp: undefined }),
    'iat ten minutes ago': () => signed({ alg: 'HS256', kid }, { aud: '/v3/admin/', iat: Math.floor(Date.now() / 1000) - 600 }),
    'iat 1e308': () => signed({ alg: 'HS256', kid }, { aud: '/v3/admin/', iat: 1e308 }),
    'iat -1e308': () => signed({ alg: 'HS256', kid }, { aud: '/v3/admin/', iat: -1e308 }),
    'exp a day after iat': () => signed({ alg: 'HS256', kid }, { ...validClaims(), exp: Math.floor(Date.now() / 1000) + 86_400 }),
    'exp passed': () => signed({ alg: 'HS256', kid }, { ...validClaims(), exp: Math.floor(Date.now() / 1000) - 1 }),
    'exp as a string': () => signed({ alg: 'HS256', kid }, { ...validClaims(), exp: 'never' }),
    'payload an array': () => signed({ alg: 'HS256', kid }, [validClaims()]),
    'payload not JSON': () => {
      const input = `${part({ alg: 'HS256', kid })}.${b64('{not json')}`;
      return `${input}.${hmac('sha256', secret, input)}`;
    },
    'header not JSON': () => {
      const input = `${b64('{"alg":"HS256",')}.${part(validClaims())}`;
      return `${input}.${hmac('sha256', secret, input)}`;
    },
    'crit header the verifier does not know': () => signed({ alg: 'HS256', kid, crit: ['exp'] }, validClaims()),
    'b64:false header (unencoded payload)': () => signed({ alg: 'HS256', kid, b64: false, crit: ['b64'] }, validClaims()),
    'four segments': () => `${signed({ alg: 'HS256', kid }, validClaims())}.extra`,
    'two segments': () => signed({ alg: 'HS256', kid }, validClaims()).split('.').slice(0, 2).join('.'),
    'header segment re-encoded with padding and +/ (signed input changed)': () => {
      const [header, payload, signature] = signed({ alg: 'HS256', kid, x: '>>>???' }, validClaims()).split('.');
      return `${Buffer.from(header, 'base64url').toString('base64')}=.${payload}.${signature}`;
    },
    'a 100 kB token': () => signed({ alg: 'HS256', kid }, { ...validClaims(), pad: 'x'.repeat(100_000) }),
    'a 7 kB valid-looking token signed with a wrong key': () => signed({ alg: 'HS256', kid }, { ...validClaims(), pad: 'x'.repeat(5_000) }, 'wrong'),
  };

  it.each(Object.keys(forgeries))('%s → 400/401', async (name) => {
    const before = await checksum(site.driver);
    await expectCredentialRefused(await call(`Svc ${forgeries[name]()}`), name);
    expect(await checksum(site.driver)).toEqual(before);
  });

  it('a token is not accepted twice (strict reuse), nor after its lifetime', async () => {
    const token = signed({ alg: 'HS256', kid }, { ...validClaims(), jti: crypto.randomUUID() });
    expect((await call(`Svc ${token}`)).status).toBe(200);
    await expectCredentialRefused(await call(`Svc ${token}`), 'replayed token');
    const noJti = signed({ alg: 'HS256', kid }, validClaims());
    expect((await call(`Svc ${noJti}`)).status).toBe(200);
    await expectCredentialRefused(await call(`Svc ${noJti}`), 'replayed token without jti');
  });

  it(`generated mutations of a valid token (${scale(200, 3000)} runs)`, async () => {
    const headerValue = fc.oneof(
      fc.constantFrom<unknown>('none', 'HS512', 'HS384', 'RS256', 'ES256', 'hs256', 'HS256 ', '', null, 0, [], {}, 'a'.repeat(10_000)),
      fc.constantFrom(...INJECTIONS),
      fc.jsonValue({ maxDepth: 2 }),
    );
    const mutation = fc.oneof(
      fc.record({
        where: fc.constant('header' as const),
        key: fc.constantFrom('alg', 'kid', 'typ', 'crit', 'jku', 'x5u', 'jwk', 'b64', 'zip', 'enc'),
        value: headerValue,
      }),
      fc.record({ where: fc.constant('payload' as const), key: fc.constantFrom('iat', 'exp', 'aud', 'nbf', 'jti', 'sub', 'iss'), value: headerValue }),
      fc.record({ where: fc.constant('signature' as const), key: fc.constant(''), value: fc.string({ unit: 'binary-ascii', maxLength: 60 }) }),
      fc.record({ where: fc.constant('raw' as const), key: fc.constant(''), value: fc.string({ unit: 'binary-ascii', maxLength: 300 }) }),
    );
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 3 }), fc.boolean(), async (mutations, resign) => {
        const header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT', kid };
        const payload: Record<string, unknown> = { ...validClaims(), jti: crypto.randomUUID() };
        let signature: string | null = null;
        let raw: string | null = null;
        for (const m of mutations) {
          if (m.where === 'header') header[m.key] = m.value;
          else if (m.where === 'payload') payload[m.key] = m.value;
          else if (m.where === 'signature') signature = String(m.value);
          else raw = String(m.value);
        }
        const input = `${part(header)}.${part(payload)}`;
        const token = raw ?? `${input}.${signature !== null && !resign ? b64(signature) : hmac('sha256', secret, input)}`;
        const response = await call(`Svc ${token}`.replace(/[\r\n\0]/g, ''));
        const what = `mutations ${JSON.stringify(mutations).slice(0, 400)} resign=${resign}`;
        if (response.status === 200) {
          // only a token that still meets every rule may pass: HS256 with the key's kid, correctly signed, sane claims
          const stillValid =
            header.alg === 'HS256' &&
            header.kid === kid &&
            raw === null &&
            (signature === null || resign) &&
            header.crit === undefined &&
            payload.aud === '/v3/admin/' &&
            typeof payload.iat === 'number' &&
            (payload.exp === undefined || typeof payload.exp === 'number');
          if (!stillValid) throw new Error(`accepted a broken token: ${what}`);
          accepted += 1;
          return;
        }
        await expectCredentialRefused(response, what);
      }),
      { numRuns: scale(200, 3000), seed: SEED, endOnFailure: true },
    );
    expect(accepted).toBeLessThan(scale(200, 3000));
  });

  it('authorization headers that are not a token', async () => {
    const headers = [
      '',
      'Svc',
      'Svc ',
      'Bearer x',
      'Basic YWRhOnB3',
      'svc',
      'SVC a.b.c',
      'Svc a b',
      `Svc ${'a'.repeat(200_000)}`,
      'Svc \t x',
      `Ghost ${signed({ alg: 'HS256', kid }, validClaims())}`,
    ];
    for (const header of headers) await expectCredentialRefused(await call(header), `authorization ${JSON.stringify(header.slice(0, 40))}`);
  });
});

describe('content API keys', () => {
  const url = (query: string) => `${BASE}/svc/api/v3/content/posts/?${query}`;
  const key = () => site.contentKey;

  it('the real key is accepted, every wrong shape and value refused with 400/401', async () => {
    expect((await site.service.fetch(new Request(url(`key=${key()}`)))).status).toBe(200);
    const wrong = [
      '',
      key().slice(0, -1),
      `${key()}0`,
      key().toUpperCase(),
      `%20${key()}`,
      `${key()}%20`,
      `${key()}%00`,
      `${key()}%0A`,
      '0'.repeat(26),
      'g'.repeat(26),
      key().replace(/.$/, (c) => (c === '0' ? '1' : '0')),
      'a'.repeat(1000),
      encodeURIComponent("' OR 1=1 --"),
      `${key()}&key=${key()}`,
      `${key()}%26x`,
      ...Array.from({ length: 40 }, (_, n) => 'a'.repeat(n)).filter((k) => k.length !== 26),
    ];
    for (const value of wrong) {
      const response = await site.service.fetch(new Request(url(`key=${value}`)));
      await expectCredentialRefused(response, `key=${value.slice(0, 40)}`);
    }
    await expectCredentialRefused(await site.service.fetch(new Request(url(''))), 'no key');
    await expectCredentialRefused(await site.service.fetch(new Request(url(''), { headers: { authorization: `Svc ${key()}` } })), 'key in a header');
  });

  it(`generated keys (${scale(100, 2000)} runs) are never accepted`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.stringMatching(/^[0-9a-f]{26}$/), fc.string({ unit: 'binary', maxLength: 60 })), async (value) => {
        fc.pre(value !== key());
        const response = await site.service.fetch(new Request(url(`key=${encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, ''))}`)));
        await expectCredentialRefused(response, `key ${JSON.stringify(value)}`);
      }),
      { numRuns: scale(100, 2000), seed: SEED, endOnFailure: true },
    );
  });
});

describe('session cookies', () => {
  const cookieName = 'svc-admin-api-session';

  async function withCookie(cookie: string, origin: string | null = ORIGIN): Promise<Response> {
    const headers: Record<string, string> = { cookie };
    if (origin) headers.origin = origin;
    return site.service.fetch(new Request(site.adminUrl('users/me/'), { headers }));
  }

  it('tampered cookies are refused', async () => {
    const client = sessionClient(site.service, { origin: ORIGIN });
    expect((await client.login('ada@example.com', 'a-long-password-1')).status).toBe(201);
    const token = client.cookie!.split('=')[1];
    expect((await withCookie(`${cookieName}=${token}`)).status).toBe(200);
    const flip = (s: string, at: number) => s.slice(0, at) + (s[at] === 'a' ? 'b' : 'a') + s.slice(at + 1);
    const tampered = [
      flip(token, 0),
      flip(token, 31),
      flip(token, 63),
      token.slice(0, -1),
      `${token}0`,
      token.toUpperCase(),
      `"${token}`,
      `${token}"`,
      `${token}%3B`,
      `${token}%00`,
      'a'.repeat(64),
      '',
      'a'.repeat(100_000),
      encodeURIComponent("' OR 1=1 --"),
      `${token.slice(0, 32)}${'0'.repeat(32)}`,
    ];
    for (const value of tampered) await expectCredentialRefused(await withCookie(`${cookieName}=${value}`), `cookie ${value.slice(0, 30)}`);
    // the real session from another origin is a CSRF attempt, and without an origin it is refused too
    await expectCredentialRefused(await withCookie(`${cookieName}=${token}`, 'https://evil.example'), 'foreign origin');
    await expectCredentialRefused(await withCookie(`${cookieName}=${token}`, null), 'no origin');
    // a cookie of another service name is not this service's session
    await expectCredentialRefused(await withCookie(`ghost-admin-api-session=${token}`), 'other cookie name');
  });

  it('a cookie replayed after sign-out is refused', async () => {
    const client = sessionClient(site.service, { origin: ORIGIN });
    expect((await client.login('ada@example.com', 'a-long-password-1')).status).toBe(201);
    const cookie = client.cookie!;
    expect((await withCookie(cookie)).status).toBe(200);
    expect((await client.del('session/')).status).toBe(204);
    for (let i = 0; i < 3; i++) {
      const response = await withCookie(cookie);
      await expectCredentialRefused(response, 'replayed cookie');
      expect(response.status).toBe(401);
    }
    const write = await site.service.fetch(
      new Request(site.adminUrl('tags/'), {
        method: 'POST',
        headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ tags: [{ name: 'Replayed' }] }),
      }),
    );
    await expectCredentialRefused(write, 'replayed cookie write');
  });

  it('failed sign-ins say nothing about which part was wrong, and carry no hash', async () => {
    const client = sessionClient(site.service, { origin: ORIGIN });
    const unknown = await expectRefused(await client.login('nobody@example.com', 'a-long-password-1'), site.secrets, 401);
    const wrong = await expectRefused(await client.login('ada@example.com', 'wrong-password-123'), site.secrets, 401);
    expect(unknown.message).toBe(wrong.message);
  });
});

describe('nothing secret in any response', () => {
  it('reads of users, the session and settings carry no password hash, session token or admin secret', async () => {
    const texts = await Promise.all(
      ['users/', `users/${site.owner.id}/`, 'users/me/', 'session/', 'settings/', 'roles/'].map(async (path) => (await site.session.get(path)).text()),
    );
    texts.push(await (await site.admin.get('users/?include=roles,count.posts')).text());
    texts.push(await (await site.service.fetch(new Request(`${BASE}/svc/api/v3/content/authors/?key=${site.contentKey}&fields=password_hash,email`))).text());
    for (const text of texts) {
      expect(leakIn(text)).toBeNull();
      expect(text).not.toContain(site.secrets[2]); // the session token
      expect(text).not.toContain(site.secrets[0]); // the admin secret
    }
  });
});
