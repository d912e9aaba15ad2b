/** A lexical document the service refuses (the API answers it with 422). */
export class LexicalError extends Error {
  override name = 'LexicalError';
}
