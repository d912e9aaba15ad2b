import type { GenerationStore } from '../storage';
import type { SqlDriver } from './driver';

export function sqlGeneration(db: SqlDriver, notifyChannel?: string): GenerationStore {
  return {
    async current() {
      const { rows } = await db.query<{ value: string | number }>('SELECT value FROM content_generation WHERE id = 1');
      return Number(rows[0]?.value ?? 0);
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
