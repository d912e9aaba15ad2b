import type { Headline, PostSearch, SearchTerm } from '../storage';
import type { SqlDriver } from './driver';
import { equalsAny } from './common';

// Full-text search over the `search` tsvector each post keeps (migrations/016): title and public tag
// names weigh A, custom excerpt and author names B, the body D. The reader's text never reaches
// `to_tsquery` as it was written: lib/resources/posts/search-query.ts cuts it into words of letters,
// digits and marks only, and each is quoted here, so no character of it can be an operator.

/** Where a word may match: anywhere, or (a body the Content API hides) in the title, tags, excerpt and authors only. */
type Reach = 'all' | 'head';

/** A word as a tsquery operand: quoted (it holds no quote, backslash or operator), perhaps a prefix, perhaps limited to weights. */
function operand(word: string, prefix: boolean, reach: Reach): string {
  const flags = `${prefix ? '*' : ''}${reach === 'head' ? 'AB' : ''}`;
  return `'${word}'${flags ? `:${flags}` : ''}`;
}

function termText(term: SearchTerm, reach: Reach): string {
  const last = term.words.length - 1;
  const words = term.words.map((word, i) => operand(word, term.prefix && i === last, reach));
  const phrase = words.length === 1 ? words[0] : `(${words.join(' <-> ')})`;
  return term.exclude ? `!${phrase}` : phrase;
}

/** The search as `to_tsquery` text; `positive`: its terms to find only, which an index can look up. */
export function tsqueryText(search: PostSearch, reach: Reach, positive = false): string {
  return search.terms
    .filter((term) => !positive || !term.exclude)
    .map((term) => termText(term, reach))
    .join(' & ');
}

/** The site's text search configuration, as the index was built with it (migrations/016). */
const CONFIG = 'pressroom_search_config()';

/** A tsquery from the text in parameter `$n`. */
const tsquery = (n: number) => `to_tsquery(${CONFIG}, $${n})`;

/**
 * The conditions of a search over `posts p`, with their values appended to `params`. The index finds
 * the posts every term to find matches; the rest of the search (exclusions, and, on the Content API,
 * terms limited to the title, tags, excerpt and authors of a post whose body its visibility hides) is
 * tested on those.
 */
export function searchConditions(search: PostSearch, publishedOnly: boolean, params: unknown[]): string[] {
  params.push(tsqueryText(search, 'all', true));
  const where = [`p.search @@ ${tsquery(params.length)}`];
  const excludes = search.terms.some((term) => term.exclude);
  if (!publishedOnly && !excludes) return where;
  params.push(tsqueryText(search, 'all'));
  const all = tsquery(params.length);
  if (!publishedOnly) return [...where, `p.search @@ ${all}`];
  params.push(tsqueryText(search, 'head'));
  return [...where, `p.search @@ CASE WHEN p.visibility <> 'public' THEN ${tsquery(params.length)} ELSE ${all} END`];
}

/**
 * The relevance of a post to a search (higher first), by the terms to find (ts_rank reads a negation as
 * a term of its own): on the Content API, of a post whose body is hidden, by its title, tags, excerpt and
 * authors alone. Its values go to `params`, numbered from `first`.
 */
export function searchRank(search: PostSearch, publishedOnly: boolean, params: unknown[], first: number): string {
  params.push(tsqueryText(search, 'all', true));
  const found = tsquery(first + params.length - 1);
  if (!publishedOnly) return `ts_rank(p.search, ${found})`;
  params.push(tsqueryText(search, 'head', true));
  return `ts_rank(p.search, CASE WHEN p.visibility <> 'public' THEN ${tsquery(first + params.length - 1)} ELSE ${found} END)`;
}

/** Marks ts_headline puts around a match: control characters, taken out of the text first. */
const START = '\u0002';
const STOP = '\u0003';
const HEADLINE_OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxWords=35, MinWords=15, ShortWord=3`;

/** Text with the marks in it as runs; the marks themselves never show. */
function runsOf(marked: string): Headline {
  const runs: Headline = [];
  let match = false;
  for (const piece of marked.split(/([\u0002\u0003])/)) {
    if (piece === START) match = true;
    else if (piece === STOP) match = false;
    else if (piece) runs.push({ text: piece, match });
  }
  return runs;
}

/** `PostStore.headlines`. */
export async function searchHeadlines(db: SqlDriver, ids: string[], search: PostSearch, publishedOnly: boolean): Promise<Map<string, Headline>> {
  if (ids.length === 0) return new Map();
  const params: unknown[] = [tsqueryText(search, 'all', true), HEADLINE_OPTIONS];
  const clean = (text: string) => `translate(${text}, E'\\u0002\\u0003', '')`;
  const bodyShown = publishedOnly ? `p.visibility = 'public'` : 'true';
  const { rows } = await db.query<{ id: string; body: string | null; head: string | null }>(
    `SELECT p.id, b.body, CASE WHEN position(E'\\u0002' IN coalesce(b.body, '')) = 0
         THEN ts_headline(c.config, ${clean(`concat_ws(' — ', p.title, p.custom_excerpt)`)}, q.query, $2) END AS head
     FROM posts p
     CROSS JOIN (SELECT ${CONFIG} AS config) c
     CROSS JOIN (SELECT to_tsquery(${CONFIG}, $1) AS query) q
     CROSS JOIN LATERAL (SELECT CASE WHEN ${bodyShown}
         THEN ts_headline(c.config, ${clean(`concat_ws(' — ', p.custom_excerpt, left(p.plaintext, 200000))`)}, q.query, $2) END AS body) b
     WHERE ${equalsAny('p.id', ids, params)}`,
    params,
  );
  return new Map(rows.map((row) => [row.id, runsOf(row.head ?? row.body ?? '')]));
}
