// PostgreSQL server storage over node-postgres: the same migrations and SQL as PGlite, for several
// instances (processes) that must behave as one site. The database is shared infrastructure that
// fails: every connection's errors are handled here (pg-faults.ts), answered as DatabaseUnavailableError
// (503) while it is gone, and LISTEN comes back by itself (pg-listen.ts).
import type { Pool, PoolClient, PoolConfig } from 'pg';
import type { Logger } from '../logger';
import { silentLogger } from '../logger';
import type { Storage } from './storage';
import { TransactionAbortedError, type SqlDriver } from './sql/driver';
import { migrate } from './sql/migrate';
import { createSqlStorage } from './sql/sql-storage';
import { PgFileStore } from './pg-files';
import { asUnavailable, isConnectionLost, isUnavailable, PgHealth } from './pg-faults';
import { listenResiliently, type ListenConnection } from './pg-listen';

export { PgFileStore, type PgFileStoreOptions } from './pg-files';

export interface PgStorageOptions {
  /** e.g. `postgres://user@127.0.0.1:5432/site`; ignored when `pool` is given. */
  connectionString?: string;
  /** A pool the host manages; pressroom does not end it on close (but does handle its errors). */
  pool?: Pool;
  /** Extra node-postgres pool settings (max connections, ssl, …). */
  poolConfig?: PoolConfig;
  /** A schema of its own inside the database (created when missing); default `public`. */
  schema?: string;
  /**
   * A direct connection (not through a pooler such as PgBouncer in transaction mode) for LISTEN and for
   * migrations, which hold a connection across statements; default: a connection of the pool.
   */
  listenConnectionString?: string;
  /** How long to wait for a connection before answering 503, in ms; default 5,000. */
  connectTimeoutMs?: number;
  /** How long one statement may run before it is cancelled and answered 503, in ms; default 30,000 (0: no limit). */
  statementTimeoutMs?: number;
  /** Where a lost and a regained database are reported, once each; silent by default. */
  logger?: Logger;
}

// an arbitrary constant: the advisory lock every instance takes while migrating
const MIGRATION_LOCK = 741_201_337;
const SCHEMA = /^[a-z_][a-z0-9_]{0,62}$/;
const DEFAULT_CONNECT_TIMEOUT_MS = 5000;
const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;
/** The client-side bound beyond the server's statement timeout: a server that went silent (no RST) still ends a query. */
const QUERY_TIMEOUT_MARGIN_MS = 5000;

type Queryable = Pick<PoolClient, 'query'> | Pool;

/** A transaction's connection goes back to the pool when it ends: `ended` keeps its driver off it. */
interface Open {
  ended: boolean;
}

/** Only a statement that reads is sent again after a lost connection: a write's outcome is unknown. */
const READ_ONLY = /^\s*SELECT\b/i;

/** Marks checked-out connections whose errors are already listened for. */
const watched = new WeakSet<object>();

/** A connection of the pool whose errors are reported instead of thrown at the host as an unhandled 'error' event. */
async function checkout(pool: Pool, health: PgHealth): Promise<PoolClient> {
  let client: PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    if (isUnavailable(error)) health.lost(error, 'cannot be reached');
    throw asUnavailable(error);
  }
  if (!watched.has(client)) {
    watched.add(client);
    client.on('error', (error: Error) => health.lost(error, 'connection lost'));
  }
  return client;
}

/** setTimeout's largest delay: a client-side bound that never fires (node-postgres reads 0 as "the default"). */
const NO_QUERY_TIMEOUT = 2_147_483_647;

/** `unbounded`: the migrations, whose statements (an index on a large table) may take longer than the statement timeout. */
function over(db: Queryable, pool: Pool, health: PgHealth, inTransaction: boolean, close: () => Promise<void>, open?: Open, unbounded = false): SqlDriver {
  const connection = () => {
    // a statement on a connection given back to the pool could land in another caller's transaction
    if (open?.ended) throw new Error('The transaction has already ended.');
    return db;
  };
  async function run(sql: string, params?: unknown[]) {
    try {
      const result = unbounded
        ? await connection().query({ text: sql, values: params as unknown[], query_timeout: NO_QUERY_TIMEOUT } as never)
        : await connection().query(sql, params as unknown[]);
      health.ok();
      return result as { rows: unknown[]; rowCount: number | null };
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      health.lost(error, 'statement failed');
      // outside a transaction a read may go again, once, on a fresh connection (the pool discarded the broken one)
      if (db === pool && isConnectionLost(error) && READ_ONLY.test(sql)) {
        try {
          const result = await pool.query(sql, params as unknown[]);
          health.ok();
          return result;
        } catch (again) {
          throw asUnavailable(again);
        }
      }
      throw asUnavailable(error);
    }
  }
  const driver: SqlDriver = {
    async query<R>(sql: string, params?: unknown[]) {
      const result = await run(sql, params);
      return { rows: result.rows as R[], affectedRows: result.rowCount ?? 0 };
    },
    async exec(sql: string) {
      await run(sql);
    },
    async transaction<T>(work: (tx: SqlDriver) => Promise<T>): Promise<T> {
      if (inTransaction) return work(driver);
      const given = 'release' in db ? (db as PoolClient) : null;
      const client = given ?? (await checkout(pool, health));
      const open: Open = { ended: false };
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await work(over(client, pool, health, true, close, open, unbounded));
        const { command } = await client.query('COMMIT');
        if (command === 'ROLLBACK') throw new TransactionAbortedError();
        health.ok();
        return result;
      } catch (error) {
        // a connection cut mid-transaction: the server rolled it back whole; the connection is not reused
        if (isUnavailable(error)) {
          broken = error as Error;
          health.lost(error, 'transaction cut');
        }
        await client.query('ROLLBACK').catch((rollback: Error) => (broken ??= rollback));
        throw asUnavailable(error);
      } finally {
        open.ended = true;
        if (!given) client.release(broken);
      }
    },
    listen: () => Promise.reject(new Error('listen is set up by createPgDriver')),
    close,
  };
  return driver;
}

export interface PgDriver extends SqlDriver {
  /** The pool the driver queries through (the host's, when it passed one). */
  readonly pool: Pool;
  readonly schema: string;
  /** What this process last saw of the database (reported once per loss and return). */
  readonly health: PgHealth;
}

export async function createPgDriver(options: PgStorageOptions = {}): Promise<PgDriver> {
  const { default: pg } = await import('pg');
  const schema = options.schema ?? 'public';
  if (!SCHEMA.test(schema)) throw new TypeError(`pressroom: schema must match ${SCHEMA}, got ${JSON.stringify(schema)}`);
  const health = new PgHealth(options.logger ?? silentLogger);
  const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const bounds: PoolConfig = {
    connectionTimeoutMillis: connectTimeoutMs,
    keepAlive: true,
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS } : {}),
  };
  const config: PoolConfig = {
    connectionString: options.connectionString,
    ...bounds,
    ...options.poolConfig,
    // every connection of the pool works in the site's schema; `public` needs no startup parameter,
    // which a pooler such as PgBouncer may refuse
    ...(schema === 'public' ? {} : { options: `-c search_path=${schema}` }),
  };
  const ownsPool = !options.pool;
  const pool = options.pool ?? new pg.Pool(config);
  // an idle connection the server drops is reported here; without a listener it would end the process
  const onPoolError = (error: Error) => health.lost(error, 'idle connection lost');
  pool.on('error', onPoolError);
  const onConnect = (client: PoolClient) => {
    if (watched.has(client)) return;
    watched.add(client);
    client.on('error', (error: Error) => health.lost(error, 'connection lost'));
  };
  pool.on('connect', onConnect);

  /** A connection held across statements: direct when `listenConnectionString` says so, else one of the pool. */
  async function direct(): Promise<ListenConnection> {
    if (!options.listenConnectionString) {
      const client = await checkout(pool, health);
      return { client, done: (error) => client.release(error) };
    }
    const client = new pg.Client({
      connectionString: options.listenConnectionString,
      connectionTimeoutMillis: connectTimeoutMs,
      keepAlive: true,
      ...(schema === 'public' ? {} : { options: `-c search_path=${schema}` }),
    });
    client.on('error', (error: Error) => health.lost(error, 'direct connection lost'));
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => undefined);
      throw asUnavailable(error);
    }
    return { client, done: () => client.end().catch(() => undefined) };
  }

  const close = async () => {
    pool.off('connect', onConnect);
    if (ownsPool) await pool.end();
    // a host's pool outlives this driver; its errors are the host's again once it is closed
    else pool.off('error', onPoolError);
  };
  const driver = over(pool, pool, health, false, close);

  let held: ListenConnection;
  try {
    held = await direct();
  } catch (error) {
    await close().catch(() => undefined);
    throw asUnavailable(error);
  }
  const client = held.client as PoolClient;
  let broken: Error | undefined;
  try {
    if (schema !== 'public') await client.query(`SET search_path TO ${schema}`);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    // waiting for another instance's migrations, and a migration itself, may take longer than a request's statement
    await client.query('SET statement_timeout = 0');
    // several instances starting together migrate one after another
    await client.query({ text: 'SELECT pg_advisory_lock($1)', values: [MIGRATION_LOCK], query_timeout: NO_QUERY_TIMEOUT } as never);
    try {
      await migrate(over(client, pool, health, false, close, undefined, true));
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch((error: Error) => (broken = error));
      // the connection may go back to the pool: with the timeout it was opened with
      await client.query('RESET statement_timeout').catch((error: Error) => (broken ??= error));
    }
  } catch (error) {
    broken ??= error as Error;
    await held.done(broken);
    await close().catch(() => undefined);
    throw asUnavailable(error);
  }
  await held.done(broken);

  return {
    ...driver,
    listen: (channel, listener) => listenResiliently(direct, channel, listener, health),
    pool,
    schema,
    health,
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
