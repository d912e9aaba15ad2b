import type { Headline, PostSearch, SearchTerm } from '../storage';
import type { SqlDriver } from './driver';
import { equalsAny } from './common';

// Full-text search over the `search` tsvector each post keeps in `post_search s` (migrations/016 and
// 020): title and public tag names weigh A, custom excerpt and author names B, the body D; `head` holds
// the A and B part.
// The reader's text never reaches `to_tsquery` as it was written: lib/resources/posts/search-query.ts
// cuts it into words of letters, digits and marks only, and each is quoted here, so no character of it
// can be an operator.

/** A word as a tsquery operand: quoted (it holds no quote, backslash or operator), perhaps a prefix. */
function operand(word: string, prefix: boolean): string {
  return `'${word}'${prefix ? ':*' : ''}`;
}

/** A term as a tsquery: a word, or its words in order. */
function termText(term: SearchTerm): string {
  const last = term.words.length - 1;
  const words = term.words.map((word, i) => operand(word, term.prefix && i === last));
  return words.length === 1 ? words[0] : `(${words.join(' <-> ')})`;
}

/** The terms to find, all of them (`&`); or the terms to leave out, any of them (`|`). */
export function tsqueryText(search: PostSearch, which: 'found' | 'excluded'): string {
  return search.terms
    .filter((term) => term.exclude === (which === 'excluded'))
    .map(termText)
    .join(which === 'found' ? ' & ' : ' | ');
}

/** The site's text search configuration, as the index was built with it. */
const CONFIG = 'pressroom_search_config()';

/**
 * A search's queries as the site's configuration makes them (stemmed, stop words left out), as tsquery
 * text. The statements of a search take them as `$n::tsquery` values, which PostgreSQL plans as
 * constants: it then knows how many posts the words are in (the index's statistics) and walks or looks
 * up accordingly, and a search's total can be estimated before it is counted (search-browse.ts). Made
 * in place, as `to_tsquery(pressroom_search_config(), $n)`, they would be made again for every row
 * tested, and for every estimate while planning (~0.2 ms each in PGlite).
 */
export interface SearchQueries {
  found: string;
  /** Null when no term is left out. */
  excluded: string | null;
}

export async function searchQueries(db: SqlDriver, search: PostSearch): Promise<SearchQueries> {
  const excluded = tsqueryText(search, 'excluded');
  const { rows } = await db.query<SearchQueries>(
    `SELECT to_tsquery(c.config, $1)::text AS found, CASE WHEN $2::text IS NOT NULL THEN to_tsquery(c.config, $2)::text END AS excluded
     FROM (SELECT ${CONFIG} AS config) c`,
    [tsqueryText(search, 'found'), excluded === '' ? null : excluded],
  );
  return { found: rows[0]?.found ?? '', excluded: rows[0]?.excluded ?? null };
}

/** What ranks a match: whether its title, tags, excerpt and authors (`head`) hold every term, and how well. */
export interface SearchRelevance {
  head: string;
  rank: string;
  /** The condition of `where` that `head` implies (a post whose head holds every term matches): left out where `head` is tested. */
  match: string;
}

/**
 * The conditions of a search over `post_search s`, with their values appended to `params`, and what
 * ranks a match. The index finds the posts every term to find matches; the exclusions are tested on
 * those. On the Content API a post whose body its visibility hides is matched by `head` (title, tags,
 * excerpt, authors) alone.
 *
 * Relevance is in two tiers: the posts whose `head` holds every term, by `ts_rank` of it (title and tags
 * weigh A, excerpt and authors B), then the posts that match in the body, in the list's own order.
 * Either tier can be read alone, the second by walking the list's order (search-browse.ts).
 */
export function searchConditions(queries: SearchQueries, publishedOnly: boolean, params: unknown[]): { where: string[]; relevance: SearchRelevance } {
  const query = (text: string) => {
    params.push(text);
    return `$${params.length}::tsquery`;
  };
  const found = query(queries.found);
  const match = `s.search @@ ${found}`;
  const where = [match];
  if (publishedOnly) where.push(`(s.visibility = 'public' OR s.head @@ ${found})`);
  if (queries.excluded !== null) {
    const shown = publishedOnly ? `CASE WHEN s.visibility = 'public' THEN s.search ELSE s.head END` : 's.search';
    where.push(`NOT (${shown}) @@ ${query(queries.excluded)}`);
  }
  return { where, relevance: { head: `s.head @@ ${found}`, rank: `ts_rank(s.head, ${found})`, match } };
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
  const params: unknown[] = [tsqueryText(search, 'found'), HEADLINE_OPTIONS];
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
