// `pressroom serve` keeps uploads on disk beside its database, and the Node adapter streams them both ways.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { serve } from '../../lib/cli/serve';
import { adminToken } from '../helpers/service';
import { form, png, themeZip, VALID_THEME } from './fixtures';

let dir: string;
let server: { close(): Promise<void> };
let base: string;
let adminKey: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pressroom-serve-'));
  const quiet = new PassThrough().resume();
  const running = await serve(
    { port: 0, host: '127.0.0.1', dataDir: join(dir, 'content'), name: 'svc', quiet: true },
    { stdin: quiet, stdout: quiet, stderr: quiet, env: {} },
  );
  server = running;
  base = running.url;
  adminKey = JSON.parse(await readFile(join(dir, 'content', 'pressroom-credentials.json'), 'utf8')).adminKey;
}, 60_000);

afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

async function post(path: string, body: FormData): Promise<Response> {
  return fetch(`${base}/svc/api/v3/admin/${path}`, { method: 'POST', headers: { authorization: `Svc ${await adminToken(adminKey)}` }, body });
}

it('stores images in ./content/images and themes in ./content/themes, and serves the images over HTTP', async () => {
  const image = png(5, 5);
  const res = await post('images/upload/', form([{ name: 'file', value: image, filename: 'disk.png', type: 'image/png' }]));
  expect(res.status).toBe(201);
  const { url } = (await res.json()).images[0];
  const relative = url.slice(`${base}/content/images/`.length);
  expect(new Uint8Array(await readFile(join(dir, 'content', 'images', ...relative.split('/'))))).toEqual(image);

  const got = await fetch(url);
  expect(got.status).toBe(200);
  expect(got.headers.get('content-type')).toBe('image/png');
  expect(new Uint8Array(await got.arrayBuffer())).toEqual(image);

  const theme = await post('themes/upload/', form([{ name: 'file', value: themeZip(VALID_THEME), filename: 'journal.zip', type: 'application/zip' }]));
  expect(theme.status).toBe(200);
  expect(await readFile(join(dir, 'content', 'themes', 'journal', 'post.hbs'), 'utf8')).toBe(VALID_THEME['post.hbs']);
});
