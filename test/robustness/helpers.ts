import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler, type FetchHandler } from '../../lib/adapters/node';
import { expect } from 'vitest';
import { errorStatus, type ErrorType } from '../../lib/core/errors';
import type { SqlDriver } from '../../lib/storage/sql/driver';

/**
 * The full run: `npm run test:robustness` (npm names the script in npm_lifecycle_event, on every platform)
 * or `ROBUSTNESS=full npx vitest run test/robustness`. `npm test` runs the fast, seeded subset.
 */
export const FULL = process.env.ROBUSTNESS === 'full' || process.env.npm_lifecycle_event === 'test:robustness';

/** The fast-check seed: `FC_SEED` reproduces a failing run, otherwise a fresh one (fast-check prints it on failure). */
export const SEED = process.env.FC_SEED !== undefined ? Number(process.env.FC_SEED) : Math.floor(Math.random() * 2 ** 31);

export function scale(fast: number, full: number): number {
  return FULL ? full : fast;
}

/**
 * Tables and columns that legitimately change while requests are refused: single-use token records,
 * rate-limit counters (failed attempts are counted, by design) and the sliding expiry of sessions.
 * Everything else in the schema must be byte-identical before and after a rejected request.
 */
const BOOKKEEPING_TABLES = new Set(['token_uses', 'rate_limits']);
const BOOKKEEPING_COLUMNS: Record<string, Set<string>> = { sessions: new Set(['last_seen_at', 'expires_at']) };

const checksumSql = new WeakMap<SqlDriver, Promise<string>>();

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function buildChecksumSql(driver: SqlDriver): Promise<string> {
  const { rows } = await driver.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
      ORDER BY c.table_name, c.ordinal_position`,
  );
  const columns = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of rows) {
    if (BOOKKEEPING_TABLES.has(table) || BOOKKEEPING_COLUMNS[table]?.has(column)) continue;
    columns.set(table, [...(columns.get(table) ?? []), column]);
  }
  if (!columns.has('posts') || !columns.has('webhook_deliveries')) throw new Error('checksum: the schema was not found');
  const parts = [...columns].map(([table, cols]) => {
    const row = `ROW(${cols.map((c) => `t.${quote(c)}`).join(', ')})::text`;
    return `'${table}', (SELECT md5(coalesce(string_agg(x, '|' ORDER BY x), '')) FROM (SELECT ${row} AS x FROM ${quote(table)} t) s)`;
  });
  return `SELECT json_build_object(${parts.join(', ')}) AS sums`;
}

/** One md5 per table of the schema (bookkeeping left out), computed in a single statement. */
export async function checksum(driver: SqlDriver): Promise<Record<string, string>> {
  let sql = checksumSql.get(driver);
  if (!sql) {
    sql = buildChecksumSql(driver);
    checksumSql.set(driver, sql);
  }
  const { rows } = await driver.query<{ sums: Record<string, string> | string }>(await sql);
  const sums = rows[0].sums;
  return typeof sums === 'string' ? JSON.parse(sums) : sums;
}

export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
}

const ENVELOPE_KEYS = ['code', 'context', 'details', 'errorType', 'help', 'id', 'message', 'property', 'type'];

/** Things no response may carry: stack frames, source paths, SQL error text, password hashes. */
const LEAKS: [string, RegExp][] = [
  ['a stack frame', /\n\s+at [^\n]+[:(]/],
  ['a source path', /\/(lib|node_modules)\/[\w./-]+\.(ts|js|mjs|cjs)\b/],
  ['a password hash', /pbkdf2-sha256\$/],
  ['SQL error text', /syntax error at or near|violates (foreign key|unique|not-null|check) constraint|relation "\w+" does not exist/i],
  ['an internal error class', /\b(TypeError|RangeError|ReferenceError|SyntaxError): /],
];

/** The problem with a response text, or null: nothing secret or internal may be in it. */
export function leakIn(text: string, secrets: string[] = []): string | null {
  for (const [what, pattern] of LEAKS) if (pattern.test(text)) return what;
  for (const secret of secrets) if (secret && text.includes(secret)) return `the secret ${secret.slice(0, 6)}…`;
  return null;
}

/** Problems with an error response (empty when it is a well-formed envelope whose type matches the status). */
export function envelopeProblems(status: number, contentType: string | null, text: string): string[] {
  const problems: string[] = [];
  if (!/^application\/json/.test(contentType ?? '')) problems.push(`content-type ${contentType}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [...problems, `body is not JSON: ${text.slice(0, 200)}`];
  }
  const errors = (parsed as { errors?: unknown }).errors;
  if (!Array.isArray(errors) || errors.length === 0) return [...problems, `no errors array: ${text.slice(0, 200)}`];
  for (const error of errors as Record<string, unknown>[]) {
    const keys = Object.keys(error).sort();
    if (keys.join() !== ENVELOPE_KEYS.join()) problems.push(`keys ${keys.join()}`);
    if (error.type !== error.errorType) problems.push('type and errorType differ');
    if (errorStatus[error.type as ErrorType] !== status) problems.push(`type ${String(error.type)} with status ${status}`);
    if (typeof error.message !== 'string' || error.message === '') problems.push('empty message');
    if (typeof error.id !== 'string' || !/^[0-9a-f-]{36}$/.test(error.id)) problems.push('id is not a UUID');
  }
  return problems;
}

/** A refused request: 4xx, a well-formed envelope and nothing internal in it. */
export async function expectRefused(response: Response, secrets: string[] = [], status?: number): Promise<Record<string, any>> {
  const text = await response.text();
  if (status !== undefined) expect(response.status, text).toBe(status);
  expect(response.status, text).toBeGreaterThanOrEqual(400);
  expect(response.status, text).toBeLessThan(500);
  expect(envelopeProblems(response.status, response.headers.get('content-type'), text)).toEqual([]);
  expect(leakIn(text, secrets)).toBeNull();
  return JSON.parse(text).errors[0];
}

/** A body that produces `total` bytes lazily, counting how many were pulled. */
export function countingStream(total: number, chunk = 64 * 1024): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let sent = 0;
  const block = new Uint8Array(chunk).fill(0x61);
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent >= total) {
          controller.close();
          return;
        }
        const size = Math.min(chunk, total - sent);
        sent += size;
        controller.enqueue(size === chunk ? block.slice() : block.slice(0, size));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => sent };
}

/** The service behind the Node adapter on a free loopback port; `close` also drops idle keep-alive connections. */
export async function nodeServer(service: FetchHandler): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer(toNodeHandler(service));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close() {
      // idle keep-alive connections would hold close() open for seconds
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
