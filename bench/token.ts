// Admin API tokens as an integration makes them (contract §5.2): one fresh HS256 JWT per request.
import { SignJWT } from 'jose';

function hexBytes(hex: string): Uint8Array {
  return new Uint8Array(hex.match(/../g)!.map((h) => parseInt(h, 16)));
}

export function adminTokens(adminKey: string, version = 'v3'): () => Promise<string> {
  const [kid, secret] = adminKey.split(':');
  const key = hexBytes(secret);
  return () => {
    const iat = Math.floor(Date.now() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid })
      .setIssuedAt(iat)
      .setExpirationTime(iat + 300)
      .setAudience(`/${version}/admin/`)
      .setJti(crypto.randomUUID())
      .sign(key);
  };
}
