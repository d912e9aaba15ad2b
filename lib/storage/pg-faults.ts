// Which node-postgres failures mean "the database is out of reach" rather than "this statement is
// wrong", and the one place they are reported: once when the database is lost, once when it is back.
import type { Logger } from '../logger';
import { DatabaseUnavailableError } from './sql/driver';

/** SQLSTATEs of a server that is going away, starting up, full, or that cut a statement by its timeout. */
const UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast or immediate stop
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '57P05', // idle_session_timeout
  '53300', // too_many_connections
  '57014', // query_canceled: statement_timeout
  '55P03', // lock_not_available: lock_timeout
  '25P03', // idle_in_transaction_session_timeout
]);
/** Socket errors of a connection that could not be made or was cut. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres's own words for a connection that ended, never came, or timed out. */
const CONNECTION_MESSAGES =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Query read timeout|Connection ended|connection timeout/i;

const codeOf = (error: unknown): string => String((error as { code?: unknown } | null)?.code ?? '');

/** Whether `error` says the database is out of reach (or too slow), not that a statement was wrong. */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = codeOf(error);
  if (UNAVAILABLE_CODES.has(code) || SOCKET_CODES.has(code) || code.startsWith('08')) return true;
  if (error instanceof AggregateError) return error.errors.some(isUnavailable);
  return CONNECTION_MESSAGES.test(error.message);
}

/** Whether the connection itself is gone (so a read may be tried again on a fresh one); a timeout is not. */
export function isConnectionLost(error: unknown): boolean {
  const code = codeOf(error);
  return isUnavailable(error) && code !== '57014' && code !== '55P03' && !/timeout/i.test((error as Error).message);
}

/** `error` as a DatabaseUnavailableError when it is one in substance, else as it is. */
export function asUnavailable(error: unknown): unknown {
  if (error instanceof DatabaseUnavailableError || !isUnavailable(error)) return error;
  return new DatabaseUnavailableError(describe(error), { cause: error });
}

/** A driver's failure in words an operator can act on: its SQLSTATE or errno and message, never a connection string. */
export function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error instanceof AggregateError && error.errors.length > 0) return describe(error.errors[0]);
  const code = codeOf(error);
  // a connection string never belongs in a log line, whatever a driver puts in its message
  const message = error.message.replace(/postgres(?:ql)?:\/\/[^\s'"]*/gi, 'postgres://…');
  return code && !message.includes(code) ? `${message} (${code})` : message;
}

/**
 * The state of the database as this process last saw it, reported once per change: a warning when it is
 * lost (whatever noticed first: the pool, a checked-out connection, the LISTEN connection, a query), a
 * notice when a statement succeeds again.
 */
export class PgHealth {
  private downSince: number | null = null;

  constructor(private readonly logger: Logger) {}

  get down(): boolean {
    return this.downSince !== null;
  }

  lost(error: unknown, where: string): void {
    if (this.downSince !== null) return;
    this.downSince = Date.now();
    this.logger.warn(`PostgreSQL ${where}: ${describe(error)}; requests that need the database are answered 503 until it is back`);
  }

  ok(): void {
    if (this.downSince === null) return;
    const seconds = ((Date.now() - this.downSince) / 1000).toFixed(1);
    this.downSince = null;
    this.logger.info(`PostgreSQL is reachable again (after ${seconds} s)`);
  }
}
