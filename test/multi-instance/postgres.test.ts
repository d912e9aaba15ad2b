// Two processes on one PostgreSQL database behave as one site (issue: runs everywhere).
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService } from '../../lib';
import { createPgStorage } from '../../lib/storage/pg';
import { bundled } from '../helpers/bundled';
import { adminToken } from '../helpers/service';
import { dropSchema, POSTGRES_URL, postgresAvailable, uniqueSchema } from '../helpers/postgres';

const available = await postgresAvailable();
const schema = uniqueSchema();
const children: ChildProcess[] = [];
const received: { id: string; event: string }[] = [];
let receiver: Server;
let receiverUrl: string;
let keys: { adminKey: string; contentKey: string };
let a: string;
let b: string;

function startInstance(): Promise<string> {
  const child = spawn(process.execPath, [bundled('pg-instance'), POSTGRES_URL, schema], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (chunk) => {
      buffered += chunk;
      const line = buffered.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line).url);
    });
    child.once('exit', (code) => reject(new Error(`instance exited with ${code}`)));
  });
}

async function admin(base: string, method: string, path: string, body?: unknown, token?: string) {
  return fetch(`${base}/svc/api/v3/admin/${path}`, {
    method,
    headers: { authorization: `Svc ${token ?? (await adminToken(keys.adminKey))}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe.skipIf(!available.ok)('two processes on one PostgreSQL database', () => {
  beforeAll(async () => {
    const setup = await createService({ storage: await createPgStorage({ connectionString: POSTGRES_URL, schema }), auth: { passwordIterations: 1000 } });
    await setup.setup({ name: 'Owner', email: 'owner@example.com', password: 'a-long-password-1' });
    keys = await setup.createIntegration({ name: 'multi' });
    await setup.close();

    receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received.push({ id: String(req.headers['x-svc-webhook-id']), event: String(req.headers['x-svc-event'] ?? '') });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    [a, b] = await Promise.all([startInstance(), startInstance()]);
  }, 60_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGTERM');
    await new Promise<void>((resolve) => receiver?.close(() => resolve()));
    await dropSchema(schema);
  });

  it('refuses on one instance a token already used on the other', async () => {
    const token = await adminToken(keys.adminKey, { jti: 'shared-once' });
    expect((await admin(a, 'GET', 'posts/', undefined, token)).status).toBe(200);
    expect((await admin(b, 'GET', 'posts/', undefined, token)).status).toBe(401);
  });

  it("shows a write made on one instance through the other's Content API cache within a second", async () => {
    const list = () => fetch(`${b}/svc/api/v3/content/posts/?key=${keys.contentKey}`).then((r) => r.json());
    const before = (await list()).posts.length; // fills b's cache
    expect((await admin(a, 'POST', 'posts/', { posts: [{ title: 'Seen across', status: 'published' }] })).status).toBe(201);
    const started = Date.now();
    let seen = false;
    while (Date.now() - started < 1000) {
      if ((await list()).posts.length === before + 1) {
        seen = true;
        break;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(seen).toBe(true);
  });

  it('delivers each webhook delivery exactly once while both instances run workers', async () => {
    const hook = await admin(a, 'POST', 'webhooks/', { webhooks: [{ event: 'post.published', target_url: receiverUrl }] });
    expect(hook.status).toBe(201);
    const writes = 20;
    await Promise.all(
      Array.from({ length: writes }, (_, i) => admin(i % 2 ? a : b, 'POST', 'posts/', { posts: [{ title: `Hooked ${i}`, status: 'published' }] })),
    );
    const deadline = Date.now() + 15_000;
    while (received.length < writes && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 500)); // room for a duplicate to arrive, if one were coming
    expect(received).toHaveLength(writes);
    expect(new Set(received.map((r) => r.id)).size).toBe(writes);
  });
});

if (!available.ok) {
  describe('two processes on one PostgreSQL database', () => {
    it.skip(`skipped: ${available.reason}`, () => {});
  });
}
