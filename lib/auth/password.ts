import { toHex } from '../util/ids';

export const MIN_PASSWORD_LENGTH = 10;
const SCHEME = 'pbkdf2-sha256';

// A short list of the passwords attackers try first; a full dictionary is a later concern.
const COMMON = new Set([
  '1234567890',
  '0123456789',
  'qwertyuiop',
  'password123',
  'password1234',
  'iloveyou123',
  'letmein1234',
  'administrator',
  'abcdefghij',
  'passw0rd123',
  '1q2w3e4r5t',
  'qwerty1234',
  'welcome123',
  'monkey12345',
]);

/** Why a password is refused, or null when it is acceptable (the reference's insecure-password rules). */
export function passwordProblem(password: string, context: { email?: string; title?: string } = {}): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `Your password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return 'Sorry, you cannot use an insecure password.';
  if (new Set(lower).size < 3) return 'Sorry, you cannot use an insecure password.';
  if (context.email && lower === context.email.toLowerCase()) return 'Sorry, you cannot use your email address as a password.';
  if (context.email && lower.includes(context.email.toLowerCase().split('@')[0]) && context.email.split('@')[0].length >= 6) {
    return 'Sorry, your password cannot contain your email address.';
  }
  if (context.title && lower === context.title.toLowerCase()) return 'Sorry, you cannot use the site title as a password.';
  return null;
}

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<ArrayBuffer> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  return crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256);
}

/** `pbkdf2-sha256$<iterations>$<salt hex>$<hash hex>`: the cost travels with the hash so it can rise later. */
export async function hashPassword(password: string, iterations: number): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return `${SCHEME}$${iterations}$${toHex(salt)}$${toHex(await derive(password, salt, iterations))}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, rounds, saltHex, hashHex] = stored.split('$');
  const iterations = Number(rounds);
  if (scheme !== SCHEME || !Number.isSafeInteger(iterations) || iterations < 1 || !saltHex || !hashHex) return false;
  const salt = new Uint8Array(saltHex.match(/../g)!.map((h) => parseInt(h, 16)));
  return timingSafeEqual(toHex(await derive(password, salt, iterations)), hashHex);
}

/** Compares without an early exit, so the time taken says nothing about where two strings differ. */
export function timingSafeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}
