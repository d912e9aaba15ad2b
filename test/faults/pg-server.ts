// A PostgreSQL server of the fault suite's own, beside the machine's shared one: initdb + pg_ctl in a
// temp folder on a free port of 127.0.0.1, which the tests stop, start and cut connections of. As root
// the server runs as the `postgres` user (PostgreSQL refuses to run as root).
import { execFile } from 'node:child_process';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface FaultServer {
  port: number;
  /** The server's temp folder (owned by the user the server runs as), for files of helpers beside it. */
  dir: string;
  /** A URL of the site database; `password` (ignored by trust auth) lets tests prove no log repeats it. */
  url(password?: string): string;
  start(): Promise<void>;
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  /** Terminates every other connection to the site database (pg_terminate_backend); how many. */
  terminateAll(): Promise<number>;
  /** A statement as the superuser on the site database, on a connection of its own. */
  sql<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
  destroy(): Promise<void>;
}

/** A port no one listens on now, of 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function binariesPresent(): Promise<string | null> {
  for (const binary of ['initdb', 'pg_ctl']) {
    try {
      await run('sh', ['-c', `command -v ${binary}`]);
    } catch {
      return `${binary} is not on PATH`;
    }
  }
  return null;
}

/**
 * Starts the server, or says why it cannot: on CI, or wherever the binaries are installed, a server
 * that cannot start is a failure (thrown); without the binaries outside CI the suite is skipped with
 * the reason.
 */
export async function startFaultServer(): Promise<FaultServer | { skipped: string }> {
  const missing = await binariesPresent();
  if (missing) {
    if (process.env.CI) throw new Error(`the fault suite needs its own PostgreSQL server: ${missing}`);
    console.warn(`fault suite skipped: ${missing}`);
    return { skipped: missing };
  }
  const asRoot = process.getuid?.() === 0;
  const dir = await mkdtemp(join(tmpdir(), 'pressroom-faults-'));
  const data = join(dir, 'data');
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  // as root, each command runs as the postgres user; otherwise as the user running the tests
  const as = (command: string, args: string[], timeout = 60_000) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args], { timeout }) : run(command, args, { timeout });
  const port = await freePort();
  try {
    await as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  } catch (error) {
    throw new Error(`initdb failed in ${dir}: ${(error as { stderr?: string }).stderr ?? (error as Error).message}`, { cause: error });
  }
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c full_page_writes=off`;
  const start = async () => {
    try {
      await as('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '30', 'start'], 40_000);
    } catch (error) {
      throw new Error(`pg_ctl start failed: ${(error as { stderr?: string }).stderr ?? (error as Error).message}`, { cause: error });
    }
  };
  await start();

  const { default: pg } = await import('pg');
  const url = (password?: string, database = 'site') => `postgres://postgres${password ? `:${password}` : ''}@127.0.0.1:${port}/${database}`;
  const sql = async <R>(text: string, params?: unknown[], database = 'site'): Promise<R[]> => {
    const client = new pg.Client({ connectionString: url(undefined, database), connectionTimeoutMillis: 5000 });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return (await client.query(text, params)).rows as R[];
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  await sql('CREATE DATABASE site', [], 'postgres');

  return {
    port,
    dir,
    url: (password) => url(password),
    start,
    async stop(mode) {
      await as('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '30', 'stop'], 40_000);
    },
    async terminateAll() {
      const rows = await sql<{ ok: boolean }>(
        `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = 'site' AND pid <> pg_backend_pid()`,
      );
      return rows.filter((row) => row.ok).length;
    },
    sql: (text, params) => sql(text, params),
    async destroy() {
      await as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '30', 'stop'], 40_000).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
