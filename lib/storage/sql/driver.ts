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
