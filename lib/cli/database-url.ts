// A PostgreSQL connection URL from --database-url or DATABASE_URL, checked before anything connects.
// Messages show the URL with its password replaced, never the password itself.

/** The URL as it may be printed: `postgres://user:***@host:5432/db`. */
export function redactedDatabaseUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.password) url.password = '***';
    return url.href;
  } catch {
    return '(not a URL)';
  }
}

/** Why `value` cannot be a PostgreSQL URL, or null if it can. */
export function databaseUrlProblem(value: string): string | null {
  if (value.trim() === '') return 'is empty';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a URL; expected postgres://user:password@host:5432/database';
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    return `must start with postgres:// or postgresql://, not ${url.protocol}//`;
  }
  if (!url.hostname && !url.searchParams.get('host')) return `names no host (${redactedDatabaseUrl(value)})`;
  if (url.port && !(Number(url.port) > 0)) return `has an invalid port (${redactedDatabaseUrl(value)})`;
  return null;
}

/** Removes the URL's password from a driver's message, in case one ever repeats it. */
export function withoutPassword(message: string, value: string): string {
  let password = '';
  try {
    password = decodeURIComponent(new URL(value).password);
  } catch {
    // not a URL: nothing to hide beyond the value itself
  }
  let safe = message.split(value).join(redactedDatabaseUrl(value));
  if (password) safe = safe.split(password).join('***');
  return safe;
}
