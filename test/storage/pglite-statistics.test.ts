import { describe, expect, it, vi } from 'vitest';
import { createPgliteDriver } from '../../lib/storage/pglite';
import { StatisticsKeeper } from '../../lib/storage/pglite-statistics';

describe('StatisticsKeeper', () => {
  it('analyses once enough rows changed, not for reads, and not more often than allowed', async () => {
    vi.useFakeTimers();
    try {
      const analyze = vi.fn(async () => {});
      const keeper = new StatisticsKeeper(analyze, { changedRows: 10, minIntervalMs: 60_000 });
      keeper.noteStatement('SELECT * FROM posts', 50);
      keeper.noteStatement('insert into posts values (1)', 9);
      await vi.advanceTimersByTimeAsync(1);
      expect(analyze).not.toHaveBeenCalled();
      keeper.noteStatement('  UPDATE posts SET x = 1', 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(analyze).toHaveBeenCalledTimes(1);
      keeper.noteStatement('DELETE FROM posts', 100);
      await vi.advanceTimersByTimeAsync(30_000);
      expect(analyze).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(30_001);
      expect(analyze).toHaveBeenCalledTimes(2);
      keeper.noteStatement('DELETE FROM posts', 100);
      await keeper.stop();
      await vi.advanceTimersByTimeAsync(120_000);
      expect(analyze).toHaveBeenCalledTimes(2);
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
      const estimate = async () =>
        (await driver.query<{ reltuples: number }>(`SELECT reltuples FROM pg_class WHERE relname = 'settings'`)).rows[0].reltuples;
      for (let i = 0; i < 50 && (await estimate()) < 500; i++) await new Promise((r) => setTimeout(r, 20));
      expect(await estimate()).toBeGreaterThanOrEqual(500);
    } finally {
      await driver.close();
    }
  });
});
