// Admin API tokens as an integration makes them (contract §5.2): one fresh HS256 JWT per request.
//
// Signed the way the official Admin API client does (jsonwebtoken: node:crypto's HMAC, synchronous).
// Signing with jose from the raw secret costs two WebCrypto thread-pool round trips per request
// (import the key, sign), ~0.3–0.9 ms of waiting here, which a sequential write benchmark would
// otherwise count as the server's.
import { createHmac, randomUUID } from 'node:crypto';

const json64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function adminTokens(adminKey: string, version = 'v3'): () => string {
  const [kid, secret] = adminKey.split(':');
  const key = Buffer.from(secret, 'hex');
  const header = json64({ alg: 'HS256', typ: 'JWT', kid });
  return () => {
    const iat = Math.floor(Date.now() / 1000);
    const signed = `${header}.${json64({ iat, exp: iat + 300, aud: `/${version}/admin/`, jti: randomUUID() })}`;
    return `${signed}.${createHmac('sha256', key).update(signed).digest('base64url')}`;
  };
}
