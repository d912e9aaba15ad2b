/**
 * Where the service reports what an operator may want to know: startup notices, failures it
 * recovered from. Messages never hold a key, token, cookie or password. The library is silent unless
 * given one; `pressroom serve` writes them to stdout and stderr.
 */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  /** `error`: the failure itself, for a stack trace. */
  error(message: string, error?: unknown): void;
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
