import type { SqlDriver } from '../../lib/storage/sql/driver';

export interface ChangeCounter {
  /** Rows inserted, updated or deleted so far in every table that is not bookkeeping. */
  read(): Promise<number>;
}

const BOOKKEEPING_TABLES = ['token_uses', 'rate_limits'];
/** Columns that slide forward on use; changing only these is not a change of the site's data. */
const SLIDING: Record<string, string[]> = { sessions: ['last_seen_at', 'expires_at'] };

/**
 * A test-only row trigger on every table of the schema that counts committed row changes. Reading one
 * counter after each request is much cheaper than hashing every table, so each refused request is
 * checked on its own; the full checksum (helpers.ts) cross-checks whole batches.
 */
export async function changeCounter(driver: SqlDriver): Promise<ChangeCounter> {
  await driver.exec(`
    CREATE TABLE robustness_changes (n bigint NOT NULL);
    INSERT INTO robustness_changes VALUES (0);
    CREATE FUNCTION robustness_count() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE robustness_changes SET n = n + 1;
      RETURN NULL;
    END $$;`);
  const { rows } = await driver.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' ORDER BY c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of rows) tables.set(table, [...(tables.get(table) ?? []), column]);
  for (const [table, columns] of tables) {
    if (BOOKKEEPING_TABLES.includes(table) || table === 'robustness_changes') continue;
    const sliding = SLIDING[table];
    const update = sliding
      ? `UPDATE OF ${columns
          .filter((c) => !sliding.includes(c))
          .map((c) => `"${c}"`)
          .join(', ')}`
      : 'UPDATE';
    await driver.exec(
      `CREATE TRIGGER robustness_${table} AFTER INSERT OR DELETE OR ${update} ON "${table}" FOR EACH ROW EXECUTE FUNCTION robustness_count();
       CREATE TRIGGER robustness_${table}_truncate AFTER TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION robustness_count();`,
    );
  }
  return {
    async read() {
      const result = await driver.query<{ n: string | number }>('SELECT n FROM robustness_changes');
      return Number(result.rows[0].n);
    },
  };
}
