// SIGTERM while a request is still arriving: the server stops taking new ones, answers it, then exits 0.
import { request } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { png } from '../files/fixtures';
import { adminToken } from '../helpers/service';
import { serveCli } from './spawn-cli';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'pressroom-cli-shutdown-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

it('drains a request in flight before it stops', async () => {
  const data = join(root, 'content');
  const server = await serveCli(['--port', '0', '--data', data, '--quiet']);
  const { adminKey } = JSON.parse(await readFile(join(root, 'content', 'pressroom-credentials.json'), 'utf8'));
  const boundary = 'drain-boundary';
  const head = Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="slow.png"\r\ncontent-type: image/png\r\n\r\n`);
  const tail = Buffer.concat([Buffer.from(png(2, 2)), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const url = new URL(`${server.url}/svc/api/v3/admin/images/upload/`);
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + tail.length } },
      (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    adminToken(adminKey).then((token) => {
      req.setHeader('authorization', `Svc ${token}`);
      req.write(head);
      // the first half of the body is on its way; the rest follows after the signal
      setTimeout(() => {
        stopping = server.stop('SIGTERM');
        setTimeout(() => req.end(tail), 500);
      }, 300);
    });
  });
  let stopping: ReturnType<typeof server.stop> | undefined;
  const { status, body } = await answered;
  expect(status, body).toBe(201);
  const { code } = await stopping!;
  expect(code).toBe(0);
  expect(server.stdout()).toContain('shutting down (SIGTERM): 1 requests in flight');
  expect(server.stdout()).toMatch(/POST \/svc\/api\/v3\/admin\/images\/upload\/ 201 [\d,]+ B [\d.]+ ms\n(.*\n)?stopped in/);
}, 120_000);
