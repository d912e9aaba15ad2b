import { digest128 } from '../util/digest';

/** A strong validator: a 128-bit digest of the exact bytes served. */
export function strongEtag(bytes: Uint8Array): string {
  return `"${digest128(bytes)}"`;
}

/** Whether `If-None-Match` names this entity (`*`, or a list that contains it; `W/` compared weakly). */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
