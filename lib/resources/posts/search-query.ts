import { validation } from '../../core/errors';
import type { PostSearch, SearchTerm } from '../../storage/storage';
import { single } from '../../http/query';

/** The longest search, in code points. */
export const MAX_SEARCH_LENGTH = 200;

/** A run of what a word is made of; everything else (punctuation, symbols, controls) only separates words. */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

function refused(message: string): never {
  throw validation(`Validation failed for search: ${message}`, { property: 'search' });
}

/** One piece of the text: a `"quoted phrase"` or a run of other characters, perhaps after a `-`. */
interface Piece {
  text: string;
  quoted: boolean;
  exclude: boolean;
}

function piecesOf(text: string): Piece[] {
  const pieces: Piece[] = [];
  let at = 0;
  while (at < text.length) {
    while (at < text.length && /\s/u.test(text[at])) at++;
    if (at >= text.length) break;
    let exclude = false;
    if (text[at] === '-') {
      exclude = true;
      at++;
    }
    if (text[at] === '"') {
      const close = text.indexOf('"', at + 1);
      const end = close < 0 ? text.length : close;
      pieces.push({ text: text.slice(at + 1, end), quoted: true, exclude });
      at = end + 1;
    } else {
      const start = at;
      while (at < text.length && !/\s/u.test(text[at]) && text[at] !== '"') at++;
      pieces.push({ text: text.slice(start, at), quoted: false, exclude });
    }
  }
  return pieces;
}

/**
 * A reader's search as terms (lib/storage/sql/post-search.ts turns them into a tsquery): every word
 * must match; `"a phrase"` its words in that order; `-word` or `-"a phrase"` must not match; the last
 * word, unless the text ends in a space or a quote, may be the start of a longer one (as the reader
 * types). Words are runs of letters, digits and marks: `or`, `and`, `not` are words like any other, and
 * punctuation (`&|!():*<>'\`) only separates them. A word joined to another by punctuation
 * (`e-mail`, `don't`) is a phrase of both.
 */
export function parseSearch(text: string): PostSearch {
  if ([...text].length > MAX_SEARCH_LENGTH) refused(`it may be at most ${MAX_SEARCH_LENGTH} characters long.`);
  const terms: SearchTerm[] = [];
  for (const piece of piecesOf(text)) {
    const words = piece.text.match(WORD);
    if (words) terms.push({ words, exclude: piece.exclude, prefix: false });
  }
  if (terms.length === 0) refused('it needs a word to look for.');
  if (terms.every((term) => term.exclude)) refused('it needs a word to look for besides the words to leave out.');
  const last = terms[terms.length - 1];
  const pieces = piecesOf(text);
  const lastPiece = pieces[pieces.length - 1];
  // the reader is still typing the last word: it ends the text, unquoted and not left out
  const typing = !last.exclude && !lastPiece.quoted && /[\p{L}\p{N}\p{M}]$/u.test(text);
  if (typing) last.prefix = true;
  return { terms };
}

/** The `search` query parameter, parsed; null when there is none. An empty or useless one → 422. */
export function searchParam(query: URLSearchParams): PostSearch | null {
  const text = single(query, 'search');
  if (text === null) return null;
  return parseSearch(text);
}
