import { describe, expect, it } from 'vitest';
import { requestOrigin } from '../../lib/auth/csrf';
import { normaliseOrigin, resolveSessionPolicy } from '../../lib/auth/session-options';
import { readCookie, serializeCookie } from '../../lib/auth/cookies';

const req = (headers: Record<string, string>) => new Request('http://127.0.0.1/svc/api/v3/admin/', { headers });

describe('requestOrigin', () => {
  it('prefers Origin, normalised', () => {
    expect(requestOrigin(req({ origin: 'HTTPS://Admin.Example.com:443', referer: 'https://other.example/' }))).toBe('https://admin.example.com');
  });
  it('falls back to the Referer’s origin', () => {
    expect(requestOrigin(req({ referer: 'http://localhost:2368/ghost/#/signin' }))).toBe('http://localhost:2368');
  });
  it('is null for Origin: null (without looking at the Referer), for neither header, and for non-http origins', () => {
    expect(requestOrigin(req({ origin: 'null', referer: 'https://admin.example.com/' }))).toBeNull();
    expect(requestOrigin(req({}))).toBeNull();
    expect(requestOrigin(req({ origin: 'file://' }))).toBeNull();
    expect(requestOrigin(req({ referer: 'garbage' }))).toBeNull();
  });
});

describe('normaliseOrigin and the session policy', () => {
  it('normalises default ports and case, and drops paths', () => {
    expect(normaliseOrigin('http://EXAMPLE.com:80/a/b?c')).toBe('http://example.com');
    expect(normaliseOrigin('https://example.com:8443')).toBe('https://example.com:8443');
    expect(normaliseOrigin('null')).toBeNull();
  });
  it('always trusts the admin URL’s origin; defaults to 6 months and 5 failures a minute', () => {
    const policy = resolveSessionPolicy({ trustedOrigins: ['https://a.example/', 'https://a.example'] }, 'https://admin.example/blog');
    expect(policy.trustedOrigins).toEqual(['https://admin.example', 'https://a.example']);
    expect(policy.sessionLifetimeMs).toBe(183 * 24 * 3600 * 1000);
    expect(policy.loginRateLimit.perEmail).toEqual({ limit: 5, windowMs: 60_000 });
    expect(policy.loginRateLimit.perAddress).toEqual({ limit: 5, windowMs: 60_000 });
  });
  it('refuses nonsense options', () => {
    expect(() => resolveSessionPolicy({ trustedOrigins: ['*'] }, 'http://x.example')).toThrow(TypeError);
    expect(() => resolveSessionPolicy({ sessionLifetimeMs: 0 }, 'http://x.example')).toThrow(TypeError);
    expect(() => resolveSessionPolicy({ loginRateLimit: { perEmail: -1 } }, 'http://x.example')).toThrow(TypeError);
  });
});

describe('cookies', () => {
  it('reads one cookie among several', () => {
    expect(readCookie(req({ cookie: 'a=1; svc-admin-api-session=abc; b=2' }), 'svc-admin-api-session')).toBe('abc');
    expect(readCookie(req({ cookie: 'xsvc-admin-api-session=abc' }), 'svc-admin-api-session')).toBeNull();
    expect(readCookie(req({}), 'svc-admin-api-session')).toBeNull();
  });
  it('writes a credential cookie', () => {
    expect(serializeCookie('n', 'v', { path: '/svc', expires: new Date(0), secure: true })).toBe(
      'n=v; Path=/svc; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax; Secure',
    );
  });
});

describe('origin length', () => {
  it('an absurdly long origin is no origin', () => {
    expect(normaliseOrigin(`https://${'a'.repeat(1100)}.example`)).toBeNull();
  });
});
