import type { SqlDriver } from './driver';
import { GenerationMemo } from './count-memo';
import type { KnownGeneration } from './known-generation';

// What a public read found (a page's post ids and total, a page of tags with their counts, the post
// a slug names), kept for the generation it was read in, where the driver is the database's one
// client. There the generation is known without a statement (known-generation.ts), so a read met
// before costs none: the rows it shows then come from the memo of public rows (public-memo.ts).
//
// Rules for callers: only reads of public content outside transactions, keyed by everything that
// decides the answer (the statement and its parameters, or the query as the statement would read
// it); values are handed out frozen to every later read of the generation, so must never change.

/** How many answers are kept, each small (ids, or a page of tags or authors). */
const ENTRIES = 1000;

export class PageMemo {
  private readonly answers = new GenerationMemo<unknown>(ENTRIES);

  constructor(readonly known: KnownGeneration) {}

  /**
   * The answer to `key` in the current generation: kept, or found by `read` (told the generation
   * it reads for) and kept when no commit came meanwhile. `read` must not hand out objects it keeps
   * changing: the answer is frozen.
   */
  async remember<T>(db: SqlDriver, key: string, read: (generation: number) => Promise<T>): Promise<{ value: T; generation: number }> {
    const generation = await this.known.read(db);
    const held = this.answers.get(key, generation);
    if (held !== undefined) return { value: held as T, generation };
    const value = await read(generation);
    // a commit meanwhile: what `read` found may already belong to the next generation
    if (this.known.get() === generation) this.answers.set(key, generation, deepFreeze(value));
    return { value, generation };
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
