import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPgliteDriver } from '../../lib/storage/pglite/storage';
import { PreparedStatements } from '../../lib/storage/pglite/statements';
import { driverConformance } from './driver-conformance';

driverConformance('PGlite', () => createPgliteDriver());

describe('PGlite prepared statements', () => {
  let db: PGlite;
  const prepared = async () => (await db.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name')).rows.map((r) => r.name);

  beforeAll(async () => {
    db = await PGlite.create();
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await db.exec('DEALLOCATE ALL');
  });

  it('keeps at most its capacity of statements in the database, and runs an evicted one again', async () => {
    const statements = new PreparedStatements(db, 3);
    for (let n = 1; n <= 10; n++) {
      expect((await statements.run<{ n: number }>(`SELECT $1::int + ${n} AS n`, [1])).rows).toEqual([{ n: 1 + n }]);
    }
    // closing an evicted statement goes along with the next call
    await statements.run('SELECT 1', []);
    expect((await prepared()).length).toBeLessThanOrEqual(3);
    expect((await statements.run<{ n: number }>('SELECT $1::int + 1 AS n', [5])).rows).toEqual([{ n: 6 }]);
  });

  it('closes what it evicted even when the call carrying the close failed', async () => {
    const statements = new PreparedStatements(db, 1);
    await statements.run('SELECT 1 AS one', []);
    // preparing the second evicts the first; the call that should close it fails before its Sync
    await expect(statements.run('SELECT 1 / $1::int AS boom', [0])).rejects.toMatchObject({ code: '22012' });
    await statements.run('SELECT 1 / $1::int AS boom', [1]);
    expect(await prepared()).toHaveLength(1);
  });

  it('forgets every statement when asked (after DDL)', async () => {
    const statements = new PreparedStatements(db);
    await statements.run('SELECT 2 AS two', []);
    statements.clear();
    await statements.simple('SELECT 1');
    expect(await prepared()).toEqual([]);
  });
});
