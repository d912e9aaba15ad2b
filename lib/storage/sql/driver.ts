/**
 * The little a SQL storage needs from a PostgreSQL connection. PGlite and node-postgres both fit it,
 * so every query in lib/storage/sql runs unchanged on either.
 */
export interface SqlDriver {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[]; affectedRows: number }>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `work` in one transaction on one connection; the driver passed to it is bound to that transaction. */
  transaction<T>(work: (tx: SqlDriver) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Calls `listener` with the payload of every NOTIFY on `channel` (an identifier: see `checkChannel`),
   * from this process or another, once the transaction that sent it has committed; resolves once
   * listening, with the function that stops it. Meant for outside a transaction's work.
   */
  listen(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>>;
}

/** Channel names drivers accept: lower-case SQL identifiers, the same quoted or not. */
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

/** Throws unless `channel` is a name `listen` accepts, so that it can go into LISTEN as it is. */
export function checkChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new TypeError(`pressroom: a channel name must match ${CHANNEL}, got ${JSON.stringify(channel)}`);
}

/**
 * COMMIT found the transaction already failed: a statement in it raised an error that the work caught
 * and went on from. PostgreSQL then rolls everything back and answers COMMIT with ROLLBACK, without an
 * error of its own; drivers throw this so that the work is not taken for done.
 */
export class TransactionAbortedError extends Error {
  override name = 'TransactionAbortedError';
  constructor() {
    super('The transaction was rolled back: a statement in it failed.');
  }
}

/** PostgreSQL's SQLSTATE for a unique-constraint violation. */
export const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e.code !== UNIQUE_VIOLATION) return false;
  if (!constraint) return true;
  return e.constraint === constraint || (typeof e.message === 'string' && e.message.includes(constraint));
}

/**
 * A row the transaction read was changed or removed by another transaction before this one could write
 * it. Thrown by stores instead of a plain Error, so the transaction is run again against the new state.
 */
export class ConcurrentChangeError extends Error {
  override name = 'ConcurrentChangeError';
}

/**
 * SQLSTATEs that mean "a concurrent transaction got there first" when the code checked before writing:
 * unique and foreign-key violations of a race, serialization failures and deadlocks.
 */
const CONFLICTS = new Set([UNIQUE_VIOLATION, '23503', '40001', '40P01']);

export function isConcurrencyConflict(error: unknown): boolean {
  if (error instanceof ConcurrentChangeError) return true;
  return typeof error === 'object' && error !== null && CONFLICTS.has((error as { code?: unknown }).code as string);
}

/**
 * The database could not be reached, or did not answer within its bounds: a connection refused, lost or
 * terminated, a statement cut by its timeout. Nothing about the request was wrong; the same request may
 * succeed once the database is back (the service answers 503 with `Retry-After`). A transaction it cut
 * was rolled back whole, unless the connection was lost while its COMMIT was under way.
 */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(`The database is unavailable: ${message}`, options);
  }
}
