const EXCERPT_LENGTH = 500;

/**
 * `custom_excerpt` when it is a non-empty string (white space counts, as in Ghost), else the first
 * 500 characters of the plaintext. Characters are code points, so an emoji is never cut in half
 * (a lone surrogate would not survive storage or JSON round trips intact).
 */
export function excerptOf(plaintext: string, customExcerpt: string | null | undefined): string {
  if (typeof customExcerpt === 'string' && customExcerpt !== '') return customExcerpt;
  if (plaintext.length <= EXCERPT_LENGTH) return plaintext;
  let end = 0;
  for (let count = 0; count < EXCERPT_LENGTH && end < plaintext.length; count++) {
    const code = plaintext.charCodeAt(end);
    const high = code >= 0xd800 && code <= 0xdbff;
    const next = plaintext.charCodeAt(end + 1);
    end += high && next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
  }
  return plaintext.slice(0, end);
}
