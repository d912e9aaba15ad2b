import { afterAll, describe, it } from 'vitest';
import { createPgDriver, createPgStorage } from '../../lib/storage/pg';
import { storageConformance } from './conformance';
import { driverConformance } from './driver-conformance';
import { dropSchema, postgresAvailable, uniqueSchema, POSTGRES_URL } from '../helpers/postgres';

const available = await postgresAvailable();

if (available.ok) {
  const schema = uniqueSchema();
  storageConformance('PostgreSQL server', () => createPgStorage({ connectionString: POSTGRES_URL, schema }));
  afterAll(() => dropSchema(schema));
} else {
  describe('Storage conformance: PostgreSQL server', () => {
    it.skip(`skipped: ${available.reason}`, () => {});
  });
}

if (available.ok) {
  const schema = uniqueSchema();
  driverConformance('PostgreSQL server', () => createPgDriver({ connectionString: POSTGRES_URL, schema }));
  afterAll(() => dropSchema(schema));
} else {
  describe('SQL driver conformance: PostgreSQL server', () => {
    it.skip(`skipped: ${available.reason}`, () => {});
  });
}
