import type { GenerationStore } from '../storage';
import type { SqlDriver } from './driver';
import { readGeneration } from './count-memo';
import type { KnownGeneration } from './known-generation';

/** @param known The generation as the storage knows it, where its driver has no other client (known-generation.ts); never inside a transaction. */
export function sqlGeneration(db: SqlDriver, notifyChannel?: string, known?: KnownGeneration): GenerationStore {
  return {
    current() {
      return known ? known.read(db) : readGeneration(db);
    },
    async bump() {
      const { rows } = await db.query<{ value: string | number }>('UPDATE content_generation SET value = value + 1 WHERE id = 1 RETURNING value');
      const value = Number(rows[0]?.value ?? 0);
      // inside a transaction PostgreSQL delivers the notification only if and when it commits
      if (notifyChannel) await db.query('SELECT pg_notify($1, $2)', [notifyChannel, String(value)]);
      return value;
    },
  };
}
