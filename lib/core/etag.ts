import { digest128 } from '../util/digest';

/** A strong validator: a 128-bit digest of the exact bytes served. */
export function strongEtag(bytes: Uint8Array): string {
  return `"${digest128(bytes)}"`;
}

const weak = (tag: string) => tag.trim().replace(/^W\//, '');

/** Whether `If-None-Match` names this entity (`*`, or a list that contains it; compared weakly, as RFC 9110 §13.1.2 says). */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  const entity = weak(etag);
  return header.split(',').some((candidate) => candidate.trim() === '*' || weak(candidate) === entity);
}
