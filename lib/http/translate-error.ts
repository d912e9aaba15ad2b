import { NqlError, NqlSyntaxError } from '../nql';
import { badRequest } from '../core/errors';

/** Errors of pure modules that mean "the client asked for something malformed", as API errors. */
export function translateError(error: unknown): unknown {
  if (error instanceof NqlError) {
    const property = 'property' in error && typeof error.property === 'string' ? error.property : null;
    const where = error instanceof NqlSyntaxError ? ` at character ${error.offset}, expected ${error.expected}` : '';
    return badRequest(`Invalid filter: ${error.message}`, { context: `${error.message}${where}`, property: property ?? 'filter', code: 'INVALID_FILTER' });
  }
  return error;
}
