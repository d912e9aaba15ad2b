import { validation } from '../../core/errors';
import { isObjectId } from '../../util/ids';

/** A path id must look like one (reference-behaviour §2: malformed → 422, well-formed unknown → 404). */
export function requireId(id: string | undefined): string {
  if (!id || !isObjectId(id)) {
    throw validation('Validation (isId) failed for id: an id is 24 lower-case hexadecimal characters.', { property: 'id' });
  }
  return id;
}
