import { toHex } from '../util/ids';

/** What a signed body is: text as sent, or its bytes. */
export type SignedBody = string | Uint8Array | ArrayBuffer;

const encoder = new TextEncoder();

function bytesOf(body: SignedBody): Uint8Array {
  if (typeof body === 'string') return encoder.encode(body);
  return body instanceof Uint8Array ? body : new Uint8Array(body);
}

/** The signed message: the body followed by the timestamp in milliseconds, as decimal text. */
function message(body: SignedBody, t: number): Uint8Array<ArrayBuffer> {
  const head = bytesOf(body);
  const tail = encoder.encode(String(t));
  const out = new Uint8Array(head.byteLength + tail.byteLength);
  out.set(head, 0);
  out.set(tail, head.byteLength);
  return out;
}

function hmacKey(secret: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);
}

/** `sha256=<hex HMAC-SHA256(secret, body + t)>, t=<ms>` (reference-behaviour §11). */
export async function signatureHeader(body: SignedBody, secret: string, t: number): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), message(body, t));
  return `sha256=${toHex(mac)}, t=${t}`;
}

function parseHeader(header: string): { mac: Uint8Array<ArrayBuffer>; t: number } | null {
  const parts = new Map<string, string>();
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) return null;
    parts.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  const hex = parts.get('sha256');
  const t = parts.get('t');
  if (!hex || !/^[0-9a-fA-F]{64}$/.test(hex) || !t || !/^\d{1,16}$/.test(t)) return null;
  const mac = new Uint8Array(32);
  for (let i = 0; i < 32; i++) mac[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return { mac, t: Number(t) };
}

export interface VerifyOptions {
  /** How far the signature's `t` may lie from now, either way; default 5 minutes. `Infinity` disables the check. */
  toleranceMs?: number;
  /** The receiver's clock, in milliseconds; default `Date.now()`. */
  now?: number;
}

/**
 * For receivers: whether `header` (the `X-<Name>-Signature` value) signs `body` (the raw request body,
 * exactly as received) with `secret`, within the time tolerance. The MAC comparison is constant-time
 * (WebCrypto's HMAC verify), so a forger learns nothing from how long a rejection takes.
 */
export async function verifyWebhookSignature(
  body: SignedBody,
  header: string | null | undefined,
  secret: string,
  options: VerifyOptions = {},
): Promise<boolean> {
  if (!header || !secret) return false;
  const parsed = parseHeader(header);
  if (!parsed) return false;
  const tolerance = options.toleranceMs ?? 5 * 60 * 1000;
  const now = options.now ?? Date.now();
  if (!(Math.abs(now - parsed.t) <= tolerance)) return false;
  return crypto.subtle.verify('HMAC', await hmacKey(secret, 'verify'), parsed.mac, message(body, parsed.t));
}
