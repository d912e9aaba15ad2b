import { ByteLru } from '../../util/byte-lru';
import type { SqlDriver } from './driver';
import type { KnownGeneration } from './known-generation';

// What a public read found (a page's post ids and total, a page of tags with their counts, the post
// a slug names), kept for the generation it was read in, where the driver is the database's one
// client. There the generation is known without a statement (known-generation.ts), so a read met
// before costs none: the rows it shows then come from the memo of public rows (public-memo.ts).
//
// Rules for callers: only reads of public content outside transactions, keyed by everything that
// decides the answer (the statement and its parameters, or the query as the statement would read
// it); values are handed out frozen to every later read of the generation, so must never change.

/**
 * About how many bytes of answers are kept: a page of posts keeps only ids, but a page of tags or
 * authors keeps their rows, and `limit` is the client's to choose.
 */
const MAX_BYTES = 8 * 1024 * 1024;
/** An answer larger than this (a page of some hundreds of tags) is not kept. */
const MAX_ANSWER_BYTES = 256 * 1024;
/** What an answer costs beyond its JSON: its key, the entry, the objects. */
const OVERHEAD = 200;

interface Answer {
  value: unknown;
  size: number;
}

export class PageMemo {
  /** The generation every kept answer was read in: a newer one drops them all. */
  private generation = -1;
  private readonly answers = new ByteLru<Answer>(MAX_BYTES);

  constructor(readonly known: KnownGeneration) {}

  /**
   * The answer to `key` in the current generation: kept, or found by `read` (told the generation
   * it reads for) and kept when no commit came meanwhile. `read` must not hand out objects it keeps
   * changing: the answer is frozen.
   */
  async remember<T>(db: SqlDriver, key: string, read: (generation: number) => Promise<T>): Promise<{ value: T; generation: number }> {
    const generation = await this.known.read(db);
    const held = generation === this.generation ? this.answers.get(key) : undefined;
    if (held) return { value: held.value as T, generation };
    const value = await read(generation);
    // a commit meanwhile: what `read` found may already belong to the next generation
    if (this.known.get() === generation) this.keep(key, generation, value);
    return { value, generation };
  }

  private keep(key: string, generation: number, value: unknown): void {
    if (generation < this.generation) return;
    if (generation > this.generation) {
      // every answer kept is of an older generation: none can serve again
      this.generation = generation;
      this.answers.clear();
    }
    const size = OVERHEAD + key.length + (JSON.stringify(value)?.length ?? 0);
    if (size <= MAX_ANSWER_BYTES) this.answers.set(key, { value: deepFreeze(value), size });
  }
}

/** Freezes `value` and the arrays and plain objects inside it. */
function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  if (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype) {
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return Object.freeze(value);
}
