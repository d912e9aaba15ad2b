import type { PoolConfig } from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { createPgDriver } from '../../lib/storage/pg';
import { createPgliteDriver } from '../../lib/storage/pglite/storage';
import type { SqlDriver } from '../../lib/storage/sql/driver';
import { dropSchema, POSTGRES_URL, postgresAvailable, uniqueSchema } from './postgres';

/** The database a suite of `describeOnEachDatabase` runs on, set before its first test. */
export interface SuiteDatabase {
  driver: SqlDriver;
}

/**
 * Declares the suite `body` twice: on a new in-memory PGlite, and, where a server answers, on a schema of
 * its own on the PostgreSQL server (dropped afterwards). `fill` prepares each database before the tests
 * and returns what closes what it opened (a service, which closes its storage); `poolConfig`: the
 * server's pool settings.
 */
export async function describeOnEachDatabase(
  title: string,
  fill: (driver: SqlDriver) => Promise<() => Promise<void>>,
  body: (db: SuiteDatabase) => void,
  poolConfig?: PoolConfig,
): Promise<void> {
  const declare = (name: string, open: () => Promise<SqlDriver>, dropped: () => Promise<void>) =>
    describe(`${title} (${name})`, () => {
      const db = {} as SuiteDatabase;
      let close: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        db.driver = await open();
        close = await fill(db.driver);
      }, 60_000);
      afterAll(async () => {
        await close?.();
        await dropped();
      });
      body(db);
    });
  declare(
    'PGlite',
    () => createPgliteDriver(),
    async () => {},
  );
  const postgres = await postgresAvailable();
  describe.skipIf(!postgres.ok)('on a PostgreSQL server', () => {
    const schema = uniqueSchema();
    declare(
      'PostgreSQL server',
      () => createPgDriver({ connectionString: POSTGRES_URL, schema, poolConfig }),
      () => dropSchema(schema),
    );
  });
}
