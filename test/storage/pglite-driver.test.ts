import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDriver } from '../../lib/storage/pglite/storage';
import type { SqlDriver } from '../../lib/storage/sql/driver';
import { driverConformance } from './driver-conformance';

driverConformance('PGlite', () => createPgliteDriver());

describe('PGlite notifications', () => {
  let driver: SqlDriver;
  beforeAll(async () => {
    driver = await createPgliteDriver();
  });
  afterAll(() => driver.close());

  it('have reached the listener, once, when the transaction or statement that sent them has resolved, and not before', async () => {
    const heard: string[] = [];
    const stop = await driver.listen('pglite_now', (payload) => heard.push(payload));
    try {
      await driver.transaction(async (tx) => {
        await tx.query('SELECT pg_notify($1, $2)', ['pglite_now', 'in the transaction']);
        await new Promise((resolve) => setTimeout(resolve, 0));
        expect(heard).toEqual([]);
      });
      expect(heard).toEqual(['in the transaction']);
      await driver.query('SELECT pg_notify($1, $2)', ['pglite_now', 'outside one']);
      expect(heard).toEqual(['in the transaction', 'outside one']);
    } finally {
      await stop();
    }
  });
});
