import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

/** The machines' server: trust auth, database `test` (see DEVELOPERS.md); PRESSROOM_PG_URL overrides. */
export const POSTGRES_URL = process.env.PRESSROOM_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function ping(): Promise<string | null> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Tries the server, starting a local cluster once if it is installed but down; says why when it cannot. */
export async function postgresAvailable(): Promise<{ ok: true } | { ok: false; reason: string }> {
  let problem = await ping();
  if (problem === null) return { ok: true };
  if (existsSync('/etc/postgresql')) {
    for (const version of readdirSync('/etc/postgresql')) {
      try {
        execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { stdio: 'ignore', timeout: 30_000 });
      } catch {
        // already running or not startable: the second ping says which
      }
    }
    problem = await ping();
    if (problem === null) return { ok: true };
  }
  const reason = `no PostgreSQL server at ${POSTGRES_URL} (${problem})`;
  // CI machines have a server: there a missing one is a failure, not a skip
  if (process.env.CI && existsSync('/etc/postgresql')) throw new Error(reason);
  console.warn(`PostgreSQL tests skipped: ${reason}`);
  return { ok: false, reason };
}

export function uniqueSchema(): string {
  return `pressroom_test_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6).toString(36)}`;
}

export async function dropSchema(schema: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}
