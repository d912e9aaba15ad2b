// `pressroom serve` as a spawned process: the banner, request logs without secrets, one process per
// data directory, a port in use, shutdown, restarts, and a set-up site whose credentials file is lost.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../helpers/service';
import { cli, serveCli, type Serving } from './spawn-cli';

let root: string;
let data: string;
let credentialsFile: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'pressroom-cli-serve-'));
  data = join(root, 'content');
  credentialsFile = join(root, 'content', 'pressroom-credentials.json');
});
const running: Serving[] = [];
afterAll(async () => {
  for (const server of running) if (server.child.exitCode === null) await server.stop('SIGKILL');
  await rm(root, { recursive: true, force: true });
});

async function started(args: string[], options?: Parameters<typeof serveCli>[1]): Promise<Serving> {
  const server = await serveCli(args, options);
  running.push(server);
  return server;
}

/** stdout after the `listening on` line: what is logged while the server answers. */
const afterStart = (server: Serving) => server.stdout().slice(server.stdout().indexOf('listening on'));

describe('pressroom serve', () => {
  let first: Serving;
  let keys: { adminKey: string; contentKey: string; ownerPassword: string };

  it('starts on a free port with --port 0, printing and using the real port, the keys and the Owner password, with private files', async () => {
    first = await started(['--port', '0', '--data', data], { umask: '000' });
    const port = Number(new URL(first.url).port);
    expect(port).toBeGreaterThan(0);
    const out = first.stdout();
    expect(out).toMatch(/database ready in \d+\.\d s/);
    expect(out).toContain(`pressroom is serving http://127.0.0.1:${port}\n`);
    expect(out).toContain(`  Content API:     http://127.0.0.1:${port}/svc/api/v3/content/`);
    keys = JSON.parse(await readFile(credentialsFile, 'utf8'));
    expect(out).toContain(`  Admin API key:   ${keys.adminKey}\n`);
    expect(out).toContain(`  Content API key: ${keys.contentKey}\n`);
    expect(out).toContain(`  Owner login:     owner@example.com / ${keys.ownerPassword}\n`);
    expect((await stat(credentialsFile)).mode & 0o777).toBe(0o600);
    expect((await stat(join(root, 'content'))).mode & 0o777).toBe(0o700);
    expect((await stat(data)).mode & 0o777).toBe(0o700);

    const site = await fetch(`${first.url}/svc/api/v3/content/settings/?key=${keys.contentKey}`);
    expect(site.status).toBe(200);
    expect((await site.json()).settings.url).toBe(`http://127.0.0.1:${port}/`);
  }, 120_000);

  it('logs one line per request, without the key, token or cookie', async () => {
    const posts = await fetch(`${first.url}/svc/api/v3/content/posts/?key=${keys.contentKey}&limit=2`);
    const body = await posts.arrayBuffer();
    const token = await adminToken(keys.adminKey);
    const admin = await fetch(`${first.url}/svc/api/v3/admin/site/`, { headers: { authorization: `Svc ${token}`, cookie: 'svc-session=s3cr3t-cookie' } });
    expect(admin.status).toBe(200);
    await fetch(`${first.url}/svc/api/v3/content/posts/?limit=1&KEY=${keys.contentKey}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const log = afterStart(first);
    expect(log).toMatch(new RegExp(`^GET /svc/api/v3/content/posts/\\?key=&limit=2 200 ${body.byteLength.toLocaleString('en-US')} B \\d+\\.\\d ms$`, 'm'));
    expect(log).toMatch(/^GET \/svc\/api\/v3\/admin\/site\/ 200 [\d,]+ B \d+\.\d ms$/m);
    expect(log).toMatch(/^GET \/svc\/api\/v3\/content\/posts\/\?limit=1&KEY= 401 /m);
    for (const secret of [keys.contentKey, keys.adminKey.split(':')[1], token, 's3cr3t-cookie', keys.ownerPassword]) expect(log).not.toContain(secret);
  }, 60_000);

  it('refuses a second process on the same data directory, naming the first one', async () => {
    const second = await cli(['serve', '--port', '0', '--data', data]);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`pressroom serve: The data directory ${join(data, 'data')} is in use by process ${first.child.pid}`);
    const keysWhileRunning = await cli(['keys', '--data', data]);
    expect(keysWhileRunning.code).toBe(1);
    expect(keysWhileRunning.stderr).toContain(`is in use by process ${first.child.pid}`);
  }, 60_000);

  it('reports a port in use before it creates anything on disk', async () => {
    const elsewhere = join(root, 'elsewhere', 'data');
    const port = new URL(first.url).port;
    const clash = await cli(['serve', '--port', port, '--data', elsewhere]);
    expect(clash.code).toBe(1);
    expect(clash.stderr).toBe(`pressroom serve: Port ${port} on 127.0.0.1 is already in use; choose another with --port.\n`);
    expect(existsSync(join(root, 'elsewhere'))).toBe(false);
  }, 60_000);

  it('shuts down on SIGTERM with a message and exit 0, promptly when idle', async () => {
    const { code, ms } = await first.stop('SIGTERM');
    expect(code).toBe(0);
    expect(ms).toBeLessThan(5000);
    expect(first.stdout()).toMatch(/shutting down \(SIGTERM\): 0 requests in flight\nstopped in \d+\.\d s\n$/);
    expect(existsSync(join(data, 'data', 'pressroom.lock'))).toBe(false);
  }, 30_000);

  it('prints the keys but not the Owner password on later starts; --quiet --log-format json prints no banner and JSON lines', async () => {
    const again = await started(['--port', '0', '--data', data]);
    expect(again.stdout()).toContain(`  Content API key: ${keys.contentKey}\n`);
    expect(again.stdout()).toContain('  Owner login:     owner@example.com (password as printed on the first start)');
    expect(again.stdout()).not.toContain(keys.ownerPassword);
    expect((await again.stop('SIGINT')).code).toBe(0);

    const quiet = await started(['--port', '0', '--data', data, '--quiet', '--log-format', 'json']);
    const res = await fetch(`${quiet.url}/svc/api/v3/content/tags/?key=${keys.contentKey}`);
    const bytes = (await res.arrayBuffer()).byteLength;
    expect((await quiet.stop()).code).toBe(0);
    const lines = quiet
      .stdout()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(quiet.stdout()).not.toContain(keys.contentKey);
    expect(quiet.stdout()).not.toContain(keys.adminKey);
    expect(lines).toContainEqual({ method: 'GET', path: '/svc/api/v3/content/tags/?key=', status: 200, bytes, ms: expect.any(Number) });
    expect(lines.filter((line) => line.message).map((line) => line.level)).toEqual(expect.arrayContaining(['info']));
    expect(lines.some((line) => /^stopped in/.test(line.message ?? ''))).toBe(true);
  }, 120_000);

  it('starts a set-up site whose credentials file is lost, telling the operator about keys and reset-password', async () => {
    await rm(credentialsFile);
    const lost = await started(['--port', '0', '--data', data]);
    expect(lost.stdout()).toContain(`notice: The site is set up, but ${credentialsFile} is missing`);
    expect(lost.stdout()).toContain('`pressroom keys`');
    expect(lost.stdout()).toContain('`pressroom reset-password <email>`');
    expect(lost.stdout()).not.toContain('Content API key:');
    expect((await fetch(`${lost.url}/svc/api/v3/content/settings/?key=${keys.contentKey}`)).status).toBe(200);
    expect((await lost.stop()).code).toBe(0);
  }, 60_000);
});
