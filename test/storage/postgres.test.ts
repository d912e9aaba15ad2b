import { afterAll, describe, it } from 'vitest';
import { createPgStorage } from '../../lib/storage/pg';
import { storageConformance } from './conformance';
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
