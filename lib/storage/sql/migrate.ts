import type { SqlDriver } from './driver';
import { migrations, type Migration } from './migrations';

const LEDGER = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version integer PRIMARY KEY,
  name varchar(191) NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;

/** Applies every migration the database has not seen yet; returns the versions applied. */
export async function migrate(driver: SqlDriver, list: Migration[] = migrations): Promise<number[]> {
  await driver.exec(LEDGER);
  const { rows } = await driver.query<{ version: number }>('SELECT version FROM schema_migrations');
  const done = new Set(rows.map((r) => Number(r.version)));
  const applied: number[] = [];
  for (const migration of list) {
    if (done.has(migration.version)) continue;
    await driver.transaction(async (tx) => {
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
    });
    applied.push(migration.version);
  }
  return applied;
}

/** Identifies the schema the migrations produce; seed snapshots are keyed by it. */
export async function schemaFingerprint(list: Migration[] = migrations): Promise<string> {
  const text = list.map((m) => `${m.version}:${m.name}:${m.sql}`).join('\n');
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, 16);
}
