import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPgliteDriver, createPgliteStorage } from '../../lib/storage/pglite/storage';
import { migrate } from '../../lib/storage/sql/migrate';
import { migrations } from '../../lib/storage/sql/migrations';
import { storageConformance } from './conformance';

storageConformance('PGlite in memory', () => createPgliteStorage());

describe('PGlite specifics', () => {
  it('applies every migration once and is idempotent', async () => {
    const driver = await createPgliteDriver();
    try {
      expect(await migrate(driver)).toEqual([]);
      const { rows } = await driver.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(rows.map((r) => r.version)).toEqual(migrations.map((m) => m.version).sort((a, b) => a - b));
    } finally {
      await driver.close();
    }
  });

  it('starts from a snapshot holding only the database it uses, built afresh when no cache is allowed', async () => {
    const driver = await createPgliteDriver({ seedCacheDir: false });
    try {
      const { rows } = await driver.query<{ datname: string }>('SELECT datname FROM pg_database ORDER BY datname');
      expect(rows.map((r) => r.datname)).toEqual(['postgres']);
      expect(await migrate(driver)).toEqual([]);
    } finally {
      await driver.close();
    }
  });

  it('keeps data on disk across close and reopen', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pressroom-disk-'));
    try {
      const first = await createPgliteStorage({ dataDir: dir });
      await first.settings.set([{ key: 'title', value: 'On disk' }], new Date());
      await first.close();
      const second = await createPgliteStorage({ dataDir: dir });
      expect(await second.settings.get('title')).toBe('On disk');
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
