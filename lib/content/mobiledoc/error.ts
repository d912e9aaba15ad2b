/** Thrown for content that is not valid mobiledoc 0.3.x; the message names the offending part. */
export class MobiledocError extends Error {
  override name = 'MobiledocError';
}
