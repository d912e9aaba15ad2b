import { describe, expect, it, vi } from 'vitest';
import { createPgliteDriver } from '../../lib/storage/pglite/storage';
import { UpkeepJob, type UpkeepPolicy } from '../../lib/storage/pglite/upkeep';

describe('UpkeepJob', () => {
  it('analyses once enough rows changed, not for reads, and not more often than allowed', async () => {
    vi.useFakeTimers();
    try {
      const analyze = vi.fn(async () => {});
      const keeper = new UpkeepJob(analyze, { changedRows: 10, minIntervalMs: 60_000 });
      // a read changes no row
      keeper.noteChanges(0);
      keeper.noteChanges(9);
      await vi.advanceTimersByTimeAsync(1);
      expect(analyze).not.toHaveBeenCalled();
      keeper.noteChanges(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(analyze).toHaveBeenCalledTimes(1);
      keeper.noteChanges(100);
      await vi.advanceTimersByTimeAsync(30_000);
      expect(analyze).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(30_001);
      expect(analyze).toHaveBeenCalledTimes(2);
      keeper.noteChanges(100);
      await keeper.stop();
      await vi.advanceTimersByTimeAsync(120_000);
      expect(analyze).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('UpkeepJob, urgent', () => {
  it('starts as soon as due, without waiting for the writer to yield to timers', async () => {
    vi.useFakeTimers();
    try {
      const job = vi.fn(async () => {});
      const keeper = new UpkeepJob(job, { changedRows: 10, minIntervalMs: 0, urgent: true });
      keeper.noteChanges(10);
      await Promise.resolve();
      expect(job).toHaveBeenCalledTimes(1);
      await keeper.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('PGlite statistics upkeep', () => {
  it('gives the planner real row counts after bulk writes', async () => {
    const driver = await createPgliteDriver({ statistics: { changedRows: 100, minIntervalMs: 0 } });
    try {
      await driver.query(`INSERT INTO settings (key, value, updated_at) SELECT 'k' || g, 'v', now() FROM generate_series(1, 500) g`);
      const estimate = async () => (await driver.query<{ reltuples: number }>(`SELECT reltuples FROM pg_class WHERE relname = 'settings'`)).rows[0].reltuples;
      for (let i = 0; i < 50 && (await estimate()) < 500; i++) await new Promise((r) => setTimeout(r, 20));
      expect(await estimate()).toBeGreaterThanOrEqual(500);
    } finally {
      await driver.close();
    }
  });
});

describe('PGlite checkpoints', () => {
  it('keep the WAL of a bulk load bounded, though PostgreSQL in PGlite never checkpoints by itself', async () => {
    const MB = 1024 * 1024;
    const driver = await createPgliteDriver({ checkpoints: { changedRows: 100, minIntervalMs: 0, urgent: true, walBytes: 8 * MB } });
    const walBytes = async () => (await driver.query<{ bytes: number }>('SELECT sum(size)::float8 AS bytes FROM pg_ls_waldir()')).rows[0].bytes;
    try {
      // ~120 MB of WAL: rows of 1.5 KB of hex, under the size PostgreSQL would compress
      for (let i = 0; i < 40; i++) {
        await driver.query(
          `INSERT INTO settings (key, value, updated_at)
           SELECT 'k${i}-' || g, (SELECT string_agg(md5(g::text || x::text), '') FROM generate_series(1, 48) x), now()
           FROM generate_series(1, 2000) g`,
        );
      }
      // checkpoints run between statements, in the background
      for (let i = 0; i < 50 && (await walBytes()) > 96 * MB; i++) await new Promise((r) => setTimeout(r, 20));
      expect(await walBytes()).toBeLessThanOrEqual(96 * MB);
    } finally {
      await driver.close();
    }
  }, 60_000);
});

describe('PGlite vacuum', () => {
  /** The size of a table whose every row is edited once per round (an indexed column: no in-page reuse), every 10 rounds. */
  async function sizesUnderEdits(vacuum: UpkeepPolicy): Promise<number[]> {
    const driver = await createPgliteDriver({ vacuum });
    const size = async () => Number((await driver.query<{ bytes: string }>(`SELECT pg_total_relation_size('churn')::bigint AS bytes`)).rows[0].bytes);
    try {
      await driver.exec('CREATE TABLE churn (id int PRIMARY KEY, v int NOT NULL); CREATE INDEX churn_v ON churn (v)');
      await driver.query('INSERT INTO churn SELECT g, 0 FROM generate_series(1, 2000) g');
      const sizes: number[] = [];
      for (let round = 1; round <= 40; round++) {
        await driver.query('UPDATE churn SET v = $1', [round]);
        // the job runs once the writer yields to timers, and PostgreSQL counts dead rows with a delay
        await new Promise((resolve) => setTimeout(resolve, 30));
        if (round % 10 === 0) sizes.push(await size());
      }
      return sizes;
    } finally {
      await driver.close();
    }
  }

  it('keeps edited tables from growing with every edit, though PGlite has no autovacuum', async () => {
    const never = await sizesUnderEdits({ changedRows: Number.POSITIVE_INFINITY, minIntervalMs: 0 });
    const vacuumed = await sizesUnderEdits({ changedRows: 2000, minIntervalMs: 0 });
    // unvacuumed, each round's old row versions and index entries stay for good
    expect(never[3]).toBeGreaterThan(never[0] * 2.5);
    // vacuumed, later rounds reuse the space earlier ones freed
    expect(vacuumed[3]).toBeLessThanOrEqual(vacuumed[0] * 1.2);
    expect(vacuumed[3]).toBeLessThan(never[3] / 2);
  }, 60_000);
});

describe('PGlite vacuum of tables that only grow', () => {
  /** Rows an index-only scan of a freshly filled table still had to read from the table itself. */
  async function heapFetchesAfterFill(vacuum: UpkeepPolicy): Promise<number> {
    const driver = await createPgliteDriver({ vacuum });
    try {
      await driver.exec('CREATE TABLE grown (id int PRIMARY KEY, v int NOT NULL, pad text NOT NULL)');
      await driver.query(`INSERT INTO grown SELECT g, g % 7, repeat('x', 200) FROM generate_series(1, 5000) g`);
      // the job runs once the writer yields to timers; a statement then waits behind it
      await new Promise((resolve) => setTimeout(resolve, 30));
      const { rows } = await driver.query<{ 'QUERY PLAN': { Plan: Record<string, unknown> }[] }>(
        'EXPLAIN (ANALYZE, FORMAT JSON) SELECT id FROM grown WHERE id BETWEEN 1000 AND 3000',
      );
      const plan = rows[0]['QUERY PLAN'][0].Plan;
      expect(plan['Node Type']).toBe('Index Only Scan');
      return Number(plan['Heap Fetches']);
    } finally {
      await driver.close();
    }
  }

  it('marks their pages all-visible, so an index-only scan reads nothing from the table', async () => {
    expect(await heapFetchesAfterFill({ changedRows: Number.POSITIVE_INFINITY, minIntervalMs: 0 })).toBe(2001);
    expect(await heapFetchesAfterFill({ changedRows: 2000, minIntervalMs: 0 })).toBe(0);
  }, 60_000);
});
