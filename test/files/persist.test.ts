// With a data directory, uploads are kept on disk beside it and outlive the process; without, in memory.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createService } from '../../lib';
import { adminToken } from '../helpers/service';
import { form, png, themeZip, VALID_THEME } from './fixtures';

const BASE = 'http://127.0.0.1:2368';
let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'pressroom-persist-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

it('keeps uploaded images and themes in images/ and themes/ beside dataDir, served again after a restart', async () => {
  const dataDir = join(root, 'content', 'data');
  const first = await createService({ dataDir, auth: { passwordIterations: 1000 } });
  await first.setup({ name: 'Owner', email: 'owner@example.com', password: 'a-long-password', title: 'Persistent' });
  const { adminKey } = await first.createIntegration({ name: 'uploader' });
  const upload = async (path: string, body: FormData) =>
    first.fetch(new Request(`${BASE}/svc/api/v3/admin/${path}`, { method: 'POST', headers: { authorization: `Svc ${await adminToken(adminKey)}` }, body }));
  const image = png(3, 2);
  const res = await upload('images/upload/', form([{ name: 'file', value: image, filename: 'kept.png', type: 'image/png' }]));
  expect(res.status).toBe(201);
  const { url } = (await res.json()).images[0];
  expect(
    (await upload('themes/upload/', form([{ name: 'file', value: themeZip(VALID_THEME), filename: 'journal.zip', type: 'application/zip' }]))).status,
  ).toBe(200);
  await first.close();

  expect(await readdir(join(root, 'content'))).toEqual(expect.arrayContaining(['data', 'images', 'themes']));
  expect(await readdir(join(root, 'content', 'themes'))).toEqual(['journal']);
  const second = await createService({ dataDir });
  const again = await second.fetch(new Request(url));
  expect(again.status).toBe(200);
  expect(new Uint8Array(await again.arrayBuffer())).toEqual(image);
  await second.close();
}, 60_000);

it('keeps uploads in memory when the database is', async () => {
  const service = await createService({ auth: { passwordIterations: 1000 } });
  await service.setup({ name: 'Owner', email: 'owner@example.com', password: 'a-long-password', title: 'Memory' });
  const { adminKey } = await service.createIntegration({ name: 'uploader' });
  const res = await service.fetch(
    new Request(`${BASE}/svc/api/v3/admin/images/upload/`, {
      method: 'POST',
      headers: { authorization: `Svc ${await adminToken(adminKey)}` },
      body: form([{ name: 'file', value: png(1, 1), filename: 'mem.png', type: 'image/png' }]),
    }),
  );
  expect(res.status).toBe(201);
  expect((await service.fetch(new Request((await res.json()).images[0].url))).status).toBe(200);
  await service.close();
  expect(await readdir(process.cwd())).not.toContain('images');
}, 60_000);
