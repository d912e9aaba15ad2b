import type { SqlDriver } from './driver';
import { readGeneration } from './count-memo';

// On a database that has no client but this process's driver (PGlite), nothing changes it unless
// the driver commits a change, and the driver counts those (`SqlDriver.commits`). The generation
// read while the count stood still is then current until the count moves: reads need no statement
// to learn it. Every storage over the driver has its own, and any commit, whichever storage or
// host made it, makes all of them ask again: most commits change no public content, and asking
// costs one small statement.

export class KnownGeneration {
  private value: number | undefined;
  /** The driver's count of commits when `value` was read. */
  private readAt = -1;

  /** `commits`: the driver's count (`SqlDriver.commits`). */
  constructor(private readonly commits: () => number) {}

  /** The generation, where known without a statement. */
  get(): number | undefined {
    return this.readAt === this.commits() ? this.value : undefined;
  }

  /** The generation: known, or read and then known until the next commit. */
  async read(db: SqlDriver): Promise<number> {
    const known = this.get();
    if (known !== undefined) return known;
    const asked = this.commits();
    const value = await readGeneration(db);
    // a commit between the question and the answer: the statement may have run before or after it
    if (this.commits() === asked) {
      this.value = value;
      this.readAt = asked;
    }
    return value;
  }
}
