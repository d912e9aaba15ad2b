import type { ChangeFeed } from '../storage';
import type { SqlDriver } from './driver';

/** The channel the database announces changes on (migrations/014-content-changes.ts), with the generation as payload. */
export const CHANGES_CHANNEL = 'pressroom_changes';

/**
 * The generation, the oldest change still recorded and the keys touched after `$1`, from one snapshot:
 * generations are taken in commit order (migrations/014), so every change up to the generation read
 * is in it.
 */
const SINCE_SQL = `SELECT g.value AS generation,
  (SELECT min(c.generation) FROM content_changes c) AS oldest,
  (SELECT array_agg(DISTINCT k) FROM content_changes c, unnest(c.keys) k WHERE c.generation > $1) AS keys
FROM content_generation g WHERE g.id = 1`;

/** A committed change as the transaction that made it read it: the generation it took, the keys it touched. */
export interface TransactionChange {
  generation: number;
  keys: string[];
}

/** The generation the current transaction took and the keys it touched, read in that transaction. */
const TRANSACTION_CHANGE_SQL = `SELECT t.generation,
  (SELECT array_agg(DISTINCT k) FROM content_changes c, unnest(c.keys) k WHERE c.generation = t.generation) AS keys
FROM (SELECT nullif(current_setting('pressroom.generation', true), '')::bigint AS generation) t`;

/**
 * The change the current transaction made to public content: the generation it took and the keys it
 * touched (the triggers of migrations/014 record both in the transaction), or null when it changed
 * none. Run inside the transaction, last: told of it after the commit, this instance learns its own
 * change without reading the feed.
 */
export async function transactionChange(tx: SqlDriver): Promise<TransactionChange | null> {
  const { rows } = await tx.query<{ generation: string | number | null; keys: string[] | null }>(TRANSACTION_CHANGE_SQL);
  const generation = rows[0]?.generation;
  return generation == null ? null : { generation: Number(generation), keys: rows[0].keys ?? [] };
}

export function sqlChanges(db: SqlDriver): ChangeFeed {
  return {
    async since(after) {
      const { rows } = await db.query<{ generation: string | number; oldest: string | number | null; keys: string[] | null }>(SINCE_SQL, [after]);
      const generation = Number(rows[0]?.generation ?? 0);
      if (generation === after) return { generation, keys: [] };
      const oldest = rows[0]?.oldest == null ? null : Number(rows[0].oldest);
      // behind what is still recorded, or ahead of the database (replaced under us): nothing is known
      if (generation < after || oldest === null || oldest > after + 1) return { generation, keys: null };
      return { generation, keys: rows[0]?.keys ?? [] };
    },
  };
}
