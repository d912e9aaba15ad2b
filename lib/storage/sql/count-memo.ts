import type { SqlDriver } from './driver';

// Counts over public content (pagination totals, a tag's published posts) cost a scan that grows
// with the site, while the content changes only when the content generation moves: every change
// the Content API could show bumps it inside the writing transaction. A count taken in a snapshot
// whose generation is g therefore holds for every snapshot of generation g, on any instance sharing
// the database, and is served again only to a request that read generation g itself.
//
// Rules for callers: only counts over what the Content API shows (what the generation covers), and
// never counts read inside a transaction (they may include its own uncommitted writes).

/** The current generation, as its own statement. */
export const GENERATION_SQL = 'SELECT value FROM content_generation WHERE id = 1';
/** The generation as a column of another statement, so that it comes from that statement's snapshot. */
export const GENERATION_COLUMN = `(${GENERATION_SQL}) AS generation_`;

export async function readGeneration(db: SqlDriver): Promise<number> {
  const { rows } = await db.query<{ value: string | number }>(GENERATION_SQL);
  return Number(rows[0]?.value ?? 0);
}

/** Counts of one generation, by key (the statement and its parameters). Bounded; a newer generation drops them all. */
export class CountMemo {
  private generation = -1;
  private readonly counts = new Map<string, number>();

  constructor(private readonly maxEntries = 1000) {}

  get(key: string, generation: number): number | undefined {
    return generation === this.generation ? this.counts.get(key) : undefined;
  }

  set(key: string, generation: number, count: number): void {
    // counted in an older snapshot than the counts kept: useless to anyone reading the newer generation
    if (generation < this.generation) return;
    if (generation > this.generation) {
      this.generation = generation;
      this.counts.clear();
    }
    // a Map iterates in insertion order: re-inserting makes this the newest count
    this.counts.delete(key);
    if (this.counts.size >= this.maxEntries) {
      // filters with relative dates (`now-1d`) give a new key per request: drop the oldest
      this.counts.delete(this.counts.keys().next().value as string);
    }
    this.counts.set(key, count);
  }
}

/** Where a read may take counts from: the memo and the generation this request read. */
export interface Totals {
  memo: CountMemo;
  generation: number;
}

/** `SELECT count(*) <body>`: `body` is `FROM … WHERE …` with its `$n` in `params`. */
export async function count(db: SqlDriver, body: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<{ total: number }>(`SELECT count(*)::int AS total ${body}`, params);
  return rows[0]?.total ?? 0;
}

const countKey = (body: string, params: unknown[]) => `count ${body}\u0000${JSON.stringify(params)}`;

/** The count `memoisedCount` would give, if the memo already holds it for this request's generation. */
export function memoisedTotal(totals: Totals, body: string, params: unknown[]): number | undefined {
  return totals.memo.get(countKey(body, params), totals.generation);
}

/**
 * `count` through the memo. On a miss the count statement also returns the generation of its own
 * snapshot, and that is what the count is stored under.
 */
export async function memoisedCount(db: SqlDriver, totals: Totals, body: string, params: unknown[]): Promise<number> {
  const key = countKey(body, params);
  const known = totals.memo.get(key, totals.generation);
  if (known !== undefined) return known;
  const { rows } = await db.query<{ total: number; generation_: string | number }>(`SELECT count(*)::int AS total, ${GENERATION_COLUMN} ${body}`, params);
  const total = rows[0]?.total ?? 0;
  totals.memo.set(key, Number(rows[0]?.generation_ ?? 0), total);
  return total;
}
