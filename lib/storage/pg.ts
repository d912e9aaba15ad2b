// PostgreSQL server storage over node-postgres: the same migrations and SQL as PGlite, for several
// instances (processes) that must behave as one site.
import type { Notification, Pool, PoolClient, PoolConfig } from 'pg';
import type { Storage } from './storage';
import { checkChannel, TransactionAbortedError, type SqlDriver } from './sql/driver';
import { migrate } from './sql/migrate';
import { createSqlStorage } from './sql/sql-storage';
import { PgFileStore } from './pg-files';

export { PgFileStore, type PgFileStoreOptions } from './pg-files';

export interface PgStorageOptions {
  /** e.g. `postgres://user@127.0.0.1:5432/site`; ignored when `pool` is given. */
  connectionString?: string;
  /** A pool the host manages; pressroom does not end it on close. */
  pool?: Pool;
  /** Extra node-postgres pool settings (max connections, ssl, …). */
  poolConfig?: PoolConfig;
  /** A schema of its own inside the database (created when missing); default `public`. */
  schema?: string;
}

// an arbitrary constant: the advisory lock every instance takes while migrating
const MIGRATION_LOCK = 741_201_337;
const SCHEMA = /^[a-z_][a-z0-9_]{0,62}$/;

type Queryable = Pick<PoolClient, 'query'> | Pool;

/** A transaction's connection goes back to the pool when it ends: `ended` keeps its driver off it. */
interface Open {
  ended: boolean;
}

function over(db: Queryable, pool: Pool, inTransaction: boolean, close: () => Promise<void>, open?: Open): SqlDriver {
  const connection = () => {
    // a statement on a connection given back to the pool could land in another caller's transaction
    if (open?.ended) throw new Error('The transaction has already ended.');
    return db;
  };
  const driver: SqlDriver = {
    async query<R>(sql: string, params?: unknown[]) {
      const result = await connection().query(sql, params as unknown[]);
      return { rows: result.rows as R[], affectedRows: result.rowCount ?? 0 };
    },
    async exec(sql: string) {
      await connection().query(sql);
    },
    async transaction<T>(work: (tx: SqlDriver) => Promise<T>): Promise<T> {
      if (inTransaction) return work(driver);
      const client = 'release' in db ? (db as PoolClient) : await pool.connect();
      const owned = client !== db;
      const open: Open = { ended: false };
      try {
        await client.query('BEGIN');
        const result = await work(over(client, pool, true, close, open));
        const { command } = await client.query('COMMIT');
        if (command === 'ROLLBACK') throw new TransactionAbortedError();
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        open.ended = true;
        if (owned) client.release();
      }
    },
    listen: (channel, listener) => listen(pool, channel, listener),
    close,
  };
  return driver;
}

/** LISTEN on a connection of its own, held until the returned function stops it. */
async function listen(pool: Pool, channel: string, listener: (payload: string) => void): Promise<() => Promise<void>> {
  checkChannel(channel);
  const client = await pool.connect();
  let broken: Error | undefined;
  const onNotification = (message: Notification) => {
    if (message.channel === channel) listener(message.payload ?? '');
  };
  // a connection that failed goes back to the pool to be discarded, not reused
  const onError = (error: Error) => (broken = error);
  client.on('notification', onNotification);
  client.on('error', onError);
  const stop = async (unlisten: boolean) => {
    client.off('notification', onNotification);
    if (unlisten && !broken) await client.query(`UNLISTEN "${channel}"`).catch((error: Error) => (broken = error));
    client.off('error', onError);
    client.release(broken);
  };
  try {
    await client.query(`LISTEN "${channel}"`);
  } catch (error) {
    broken = error as Error;
    await stop(false);
    throw error;
  }
  let stopped: Promise<void> | undefined;
  return () => (stopped ??= stop(true));
}

export interface PgDriver extends SqlDriver {
  /** The pool the driver queries through (the host's, when it passed one). */
  readonly pool: Pool;
  readonly schema: string;
}

export async function createPgDriver(options: PgStorageOptions = {}): Promise<PgDriver> {
  const { default: pg } = await import('pg');
  const schema = options.schema ?? 'public';
  if (!SCHEMA.test(schema)) throw new TypeError(`pressroom: schema must match ${SCHEMA}, got ${JSON.stringify(schema)}`);
  const config: PoolConfig = {
    connectionString: options.connectionString,
    ...options.poolConfig,
    // every connection of the pool works in the site's schema
    options: `-c search_path=${schema}`,
  };
  const ownsPool = !options.pool;
  const pool = options.pool ?? new pg.Pool(config);
  const close = async () => {
    if (ownsPool) await pool.end();
  };
  const driver = over(pool, pool, false, close);

  const client = await pool.connect();
  try {
    if (options.pool && schema !== 'public') await client.query(`SET search_path TO ${schema}`);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    // several instances starting together migrate one after another
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(over(client, pool, false, close));
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }

  return {
    ...driver,
    pool,
    schema,
  };
}

/**
 * A Storage on a PostgreSQL server; changes to public content are announced with NOTIFY. Uploaded
 * images and themes are kept in the same database (PgFileStore) unless the service is given `files`.
 */
export async function createPgStorage(options: PgStorageOptions = {}): Promise<Storage> {
  const driver = await createPgDriver(options);
  const storage = createSqlStorage(driver);
  const store = (area: string) => new PgFileStore({ pool: driver.pool, schema: driver.schema, area });
  return { ...storage, files: { images: store('images'), themes: store('themes') } };
}
