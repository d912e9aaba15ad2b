import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base64url, decodeJwt, decodeProtectedHeader, type JWTPayload } from 'jose';
import { versionSegment, type Version } from '../core/context';
import { ApiError, badRequest, unauthorized } from '../core/errors';
import type { ApiKeyRow } from '../storage/rows';
import type { TokenStore } from '../storage/storage';
import { toHex } from '../util/ids';

/** How a token may be presented again (reference-behaviour §3). */
export type TokenReuse = 'grace' | 'strict' | 'lifetime';

export interface AdminTokenPolicy {
  /** Seconds an `iat` may lie in the future. */
  clockToleranceSeconds: number;
  reuse: TokenReuse;
  /** With `grace`: how long after its first use a token without `jti` may be presented again. */
  graceMs: number;
}

export interface AdminTokenDeps {
  findApiKey(id: string): Promise<ApiKeyRow | null>;
  tokens: TokenStore;
  now: Date;
  policy: AdminTokenPolicy;
}

export const TOKEN_LIFETIME_SECONDS = 300;
/** How long an Admin API key found is trusted without asking storage again (as content keys are). */
export const ADMIN_KEY_CACHE_MS = 1000;

/**
 * Admin API keys by id, remembered for {@link ADMIN_KEY_CACHE_MS}: a key refreshed or deleted on this
 * instance is forgotten at once (`forget`), on another instance sharing the database within that time.
 * Unknown ids are never remembered. The single-use record of each token is not cached: it is what
 * stops a replay on any instance.
 */
export class AdminKeys {
  private readonly known = new Map<string, { key: ApiKeyRow; until: number }>();

  async find(id: string, now: Date, load: (id: string) => Promise<ApiKeyRow | null>): Promise<ApiKeyRow | null> {
    const hit = this.known.get(id);
    if (hit && hit.until > now.getTime()) return hit.key;
    const key = await load(id);
    if (key) {
      if (this.known.size > 1000) this.known.clear();
      this.known.set(id, { key, until: now.getTime() + ADMIN_KEY_CACHE_MS });
    } else {
      this.known.delete(id);
    }
    return key;
  }

  forget(): void {
    this.known.clear();
  }
}
const MAX_TOKEN_LENGTH = 8192;
const HEX = /^(?:[0-9a-f]{2})+$/i;

function invalid(reason: string): ApiError {
  return unauthorized(`Invalid token: ${reason}`, { code: 'INVALID_JWT' });
}

function hexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

// An Admin API token is checked on every Admin API request. WebCrypto can only answer later (a
// thread-pool round trip each time: 0.05–0.4 ms of waiting per request here, more on a busy machine),
// while an HMAC-SHA256 of a few hundred bytes in JavaScript takes ~8 µs; so the check is synchronous.

type Mac = ReturnType<typeof hmac.create>;

// A key row remembered by AdminKeys is met again and again: the MAC state after the key is made once.
const keyed = new WeakMap<ApiKeyRow, Mac>();

function macOf(key: ApiKeyRow): Mac {
  let mac = keyed.get(key);
  if (!mac) {
    mac = hmac.create(sha256, hexToBytes(key.secret));
    keyed.set(key, mac);
  }
  return mac;
}

const ascii = new TextEncoder();

/**
 * The signature's bytes if `token` (three parts, already decoded once) carries the HS256 signature of
 * `key` over its first two; null otherwise.
 */
function verifiedSignature(token: string, key: ApiKeyRow): Uint8Array | null {
  const dot = token.lastIndexOf('.');
  let given: Uint8Array;
  try {
    given = base64url.decode(token.slice(dot + 1));
  } catch {
    return null;
  }
  const expected = macOf(key)
    .clone()
    .update(ascii.encode(token.slice(0, dot)))
    .digest();
  if (given.length !== expected.length) return null;
  // every byte compared whatever the first difference, so timing tells nothing of where it is
  let difference = 0;
  for (let i = 0; i < expected.length; i++) difference |= given[i] ^ expected[i];
  return difference === 0 ? given : null;
}

/** `admin`, or a versioned `v{n}/admin`: what the reference accepts at its unversioned root. */
const UNVERSIONED_ROOT_AUDIENCE = /^(?:v\d{1,6}\/)?admin$/;

/** Whether a token's `aud` names the root it was sent to: `/<version>/admin/` on a versioned one, `/admin/` (or any `/v{n}/admin/`) on v5's. */
function audienceMatches(aud: JWTPayload['aud'], version: Version): boolean {
  const values = Array.isArray(aud) ? aud : [aud];
  return values.some((value) => {
    if (typeof value !== 'string') return false;
    const trimmed = value.replace(/^\/+|\/+$/g, '');
    return version === 'v5' ? UNVERSIONED_ROOT_AUDIENCE.test(trimmed) : trimmed === `${version}/admin`;
  });
}

const wantedAudience = (version: Version) => `/${versionSegment(version)}admin/`;

/**
 * Verifies an Admin API token in the order of reference-behaviour §3 and records its use.
 * Returns the api key it was signed with.
 */
export async function verifyAdminToken(token: string, version: Version, deps: AdminTokenDeps): Promise<ApiKeyRow> {
  if (token.length > MAX_TOKEN_LENGTH) throw badRequest('Invalid token: the token is too long.', { code: 'INVALID_JWT' });

  let header: ReturnType<typeof decodeProtectedHeader>;
  let payload: JWTPayload;
  try {
    header = decodeProtectedHeader(token);
    payload = decodeJwt(token);
  } catch {
    throw badRequest('Invalid token: the token could not be decoded.', { code: 'INVALID_JWT' });
  }

  if (typeof header.kid !== 'string' || header.kid === '') {
    throw badRequest('Invalid token: the token header has no kid (the Admin API key id).', { code: 'MISSING_ADMIN_API_KID' });
  }
  const key = /^[a-f0-9]{24}$/.test(header.kid) ? await deps.findApiKey(header.kid) : null;
  if (!key) throw unauthorized('Unknown Admin API Key', { code: 'UNKNOWN_ADMIN_API_KEY' });
  if (key.type !== 'admin') throw unauthorized('Invalid API Key type', { code: 'INVALID_API_KEY_TYPE' });

  if (header.alg !== 'HS256') throw invalid(`the algorithm ${JSON.stringify(header.alg ?? null)} is not allowed, only HS256.`);
  // an unencoded payload (RFC 7797) would have the signature cover other bytes than the claims checked below
  if (header.crit !== undefined || header.b64 !== undefined) throw invalid('critical header parameters (crit, b64) are not supported.');
  if (!HEX.test(key.secret)) throw new Error('stored admin secret is not hex');
  const signature = verifiedSignature(token, key);
  if (!signature) throw invalid('invalid signature.');

  if (!audienceMatches(payload.aud, version)) throw invalid(`the audience must be ${wantedAudience(version)}.`);

  const now = deps.now.getTime() / 1000;
  const tolerance = deps.policy.clockToleranceSeconds;
  const { iat, exp } = payload;
  if (typeof iat !== 'number' || !Number.isFinite(iat)) throw invalid('the token has no iat (issued at).');
  if (iat > now + tolerance) throw invalid('the token was issued in the future (iat).');
  if (now >= iat + TOKEN_LIFETIME_SECONDS) throw invalid('the token has expired (more than 5 minutes after iat).');
  if (exp !== undefined) {
    if (typeof exp !== 'number' || !Number.isFinite(exp)) throw invalid('exp is not a number.');
    if (now >= exp) throw invalid('the token has expired (exp).');
    if (exp - iat > TOKEN_LIFETIME_SECONDS) throw invalid('exp must be at most 5 minutes after iat.');
  }

  // what makes two presentations the same token: its signature's bytes (see checkSingleUse)
  await checkSingleUse(toHex(signature), payload, iat, deps);
  return key;
}

/**
 * `identity`: the signature's bytes, as hex. Once verified, the signature is an HMAC-SHA256 of everything
 * else in the token under the key's secret, so it identifies the token as a hash of it would. Its bytes,
 * not its text: base64url leaves spare bits in the last character, so one signature has four spellings
 * that all verify, and a record of the text would let a "single-use" token be used four times.
 */
async function checkSingleUse(identity: string, payload: JWTPayload, iat: number, deps: AdminTokenDeps): Promise<void> {
  const expiresAt = new Date((iat + TOKEN_LIFETIME_SECONDS + deps.policy.clockToleranceSeconds) * 1000);
  const firstUse = await deps.tokens.recordUse(identity, deps.now, expiresAt);
  if (firstUse === null) return;
  const { reuse, graceMs } = deps.policy;
  if (reuse === 'lifetime') return;
  const withinGrace = deps.now.getTime() - firstUse.getTime() <= graceMs;
  if (reuse === 'grace' && payload.jti === undefined && withinGrace) return;
  throw invalid('the token has already been used.');
}
