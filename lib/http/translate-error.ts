import { NqlError, NqlSyntaxError } from '../nql';
import { ApiError, badRequest } from '../core/errors';
import { DatabaseUnavailableError } from '../storage/sql/driver';

/** Seconds a client is asked to wait before trying again while the database is out of reach. */
export const RETRY_AFTER_SECONDS = 5;

/** The answer to any request the database could not serve: safe to send again (a write it cut was rolled back). */
export function serviceUnavailable(): ApiError {
  return new ApiError('ServiceUnavailableError', 'The service cannot reach its database; try again shortly.', {
    code: 'DATABASE_UNAVAILABLE',
    headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
  });
}

/** Errors of pure modules that mean "the client asked for something malformed", and a database out of reach, as API errors. */
export function translateError(error: unknown): unknown {
  if (error instanceof NqlError) {
    const property = 'property' in error && typeof error.property === 'string' ? error.property : null;
    const where = error instanceof NqlSyntaxError ? ` at character ${error.offset}, expected ${error.expected}` : '';
    return badRequest(`Invalid filter: ${error.message}`, { context: `${error.message}${where}`, property: property ?? 'filter', code: 'INVALID_FILTER' });
  }
  if (error instanceof DatabaseUnavailableError) return serviceUnavailable();
  return error;
}
