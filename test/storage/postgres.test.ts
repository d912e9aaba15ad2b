import { afterAll, describe, it } from 'vitest';
import { createPgDriver, createPgStorage } from '../../lib/storage/pg';
import { storageConformance } from './conformance';
import { driverConformance } from './driver-conformance';
import { dropSchema, postgresAvailable, uniqueSchema, POSTGRES_URL } from '../helpers/postgres';

const available = await postgresAvailable();

if (available.ok) {
  const schemas = [uniqueSchema(), uniqueSchema()];
  storageConformance('PostgreSQL server', () => createPgStorage({ connectionString: POSTGRES_URL, schema: schemas[0] }));
  driverConformance('PostgreSQL server', () => createPgDriver({ connectionString: POSTGRES_URL, schema: schemas[1] }));
  afterAll(() => Promise.all(schemas.map(dropSchema)));
} else {
  describe('Storage and SQL driver conformance: PostgreSQL server', () => {
    it.skip(`skipped: ${available.reason}`, () => {});
  });
}
