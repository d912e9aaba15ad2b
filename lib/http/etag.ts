import { toHex } from '../util/ids';

/** A strong validator: the SHA-256 of the exact bytes served. */
export async function strongEtag(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return `"${toHex(digest).slice(0, 40)}"`;
}

/** Whether `If-None-Match` names this entity (`*`, or a list that contains it; `W/` compared weakly). */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
