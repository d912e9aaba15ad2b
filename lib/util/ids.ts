import { sha256 } from '@noble/hashes/sha2.js';

function hex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/** Random bytes as lower-case hex. */
export function randomHex(byteLength: number): string {
  return hex(crypto.getRandomValues(new Uint8Array(byteLength)));
}

// ObjectId layout: 4 bytes of seconds, 5 random bytes fixed per process, a 3-byte counter. Ids made
// by one process therefore sort by creation, which keeps `id` a meaningful tie-breaker in orderings.
let processPart: string | null = null;
let counter = -1;

/** A 24-hex id shaped like a MongoDB ObjectId. */
export function objectId(now: Date = new Date()): string {
  processPart ??= randomHex(5);
  if (counter < 0) counter = parseInt(randomHex(3), 16);
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(now.getTime() / 1000)
    .toString(16)
    .padStart(8, '0')
    .slice(-8);
  return seconds + processPart + counter.toString(16).padStart(6, '0');
}

export const OBJECT_ID = /^[a-f0-9]{24}$/;

export function isObjectId(value: string): boolean {
  return OBJECT_ID.test(value);
}

export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  return hex(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
}

/**
 * SHA-256 of the text's UTF-8, as hex. Synchronous: WebCrypto's digest answers only after a round
 * trip through the thread pool, and a session-authenticated request hashes its cookie's token.
 */
export function sha256Hex(text: string): string {
  return toHex(sha256(new TextEncoder().encode(text)));
}
