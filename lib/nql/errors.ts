// Every error a filter can cause extends NqlError, so the HTTP layer can map them all to 400
// with one instanceof check; anything else escaping the nql modules is a bug (500).

export class NqlError extends Error {
  override name = 'NqlError';
}

/** The filter text does not follow the grammar (or is empty, too long or too deeply nested). */
export class NqlSyntaxError extends NqlError {
  override name = 'NqlSyntaxError';
  /** Character offset (UTF-16 code units) in the filter where the problem was found. */
  readonly offset: number;
  /** A short human description of what would have been valid there. */
  readonly expected: string;

  constructor(message: string, offset: number, expected: string) {
    super(message);
    this.offset = offset;
    this.expected = expected;
  }
}

/** The filter names a property the resource does not allow filtering on. */
export class NqlFieldError extends NqlError {
  override name = 'NqlFieldError';
  readonly property: string;

  constructor(property: string) {
    super(`Query Error: unknown property '${property}'`);
    this.property = property;
  }
}

/** The property exists but the value or operator does not fit its type (e.g. `reading_time:abc`). */
export class NqlValueError extends NqlError {
  override name = 'NqlValueError';
  readonly property: string;

  constructor(property: string, problem: string) {
    super(`Query Error: ${problem} for property '${property}'`);
    this.property = property;
  }
}

/** The filter is larger than the service plans: too many comparisons or in-group values. */
export class NqlLimitError extends NqlError {
  override name = 'NqlLimitError';
  /** The limit exceeded, e.g. 100. */
  readonly limit: number;

  constructor(message: string, limit: number) {
    super(`Query Error: ${message}`);
    this.limit = limit;
  }
}
