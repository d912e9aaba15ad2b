import type { RequestHead } from '../core/head';

/** The value of cookie `name` in the request's Cookie header(s), or null. The first one wins when repeated. */
export function readCookie(request: Pick<RequestHead, 'headers'>, name: string): string | null {
  const header = request.headers.get('cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    return value;
  }
  return null;
}

export interface CookieAttributes {
  path: string;
  expires: Date;
  secure: boolean;
}

/** A `Set-Cookie` value for a credential: never readable by scripts, not sent on cross-site subrequests. */
export function serializeCookie(name: string, value: string, attributes: CookieAttributes): string {
  const parts = [`${name}=${value}`, `Path=${attributes.path}`, `Expires=${attributes.expires.toUTCString()}`, 'HttpOnly', 'SameSite=Lax'];
  if (attributes.secure) parts.push('Secure');
  return parts.join('; ');
}
