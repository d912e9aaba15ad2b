import { validation } from '../../core/errors';
import { single } from '../../http/query';
import type { RevisionIntent } from './record';

/** `?save_revision=1` (the reference's flag) makes a `PUT` an explicit save; without it, an autosave. */
export function revisionIntentOf(query: URLSearchParams): RevisionIntent {
  const value = single(query, 'save_revision');
  if (value === null || value === '0' || value === 'false') return 'autosave';
  if (value === '1' || value === 'true' || value === '') return 'explicit';
  throw validation(`Validation (isIn) failed for save_revision: '${value.slice(0, 50)}' is not one of 1, true, 0, false.`, { property: 'save_revision' });
}
