// The Next.js example (examples/next) as a user runs it: this package from `npm pack` and Next from the
// registry installed into a fresh App Router project holding the example's own files, then `next build`,
// `next start`, and plain HTTP requests. It needs the npm registry (a refusal fails it, with npm's words);
// npm's downloads are kept in a cache folder, so a second run installs from disk.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminToken } from '../helpers/service';
import { form, png } from '../files/fixtures';

const ROOT = join(__dirname, '..', '..');
const EXAMPLE = join(ROOT, 'examples', 'next');
const NPM_CACHE = join(tmpdir(), 'pressroom-next-npm-cache');
// exact versions, checked to install and build together here
const VERSIONS = { next: '15.5.29', react: '19.3.1', 'react-dom': '19.3.1', typescript: '5.9.3', '@types/react': '19.3.0', '@types/node': '20.19.43' };

/** Runs a command to its end and returns what it printed; rejects with that when it fails, so the test says why. */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} ${args.join(' ')} failed (${error.code ?? error.signal}):\n${stdout}\n${stderr}`));
      else resolve({ stdout, stderr });
    });
  });
}

/** A port nothing listens on right now: the OS picks it, the probe lets it go, `next start` takes it. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

let dir: string;
let server: ChildProcess | undefined;
let exited: Promise<unknown> = Promise.resolve();
let output = '';
let origin: string;
let keys: { adminKey: string; contentKey: string };
const timings: string[] = [];

async function timed<T>(step: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await work();
  timings.push(`${step} ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** Waits until the server's output matches, or fails with that output when it exits or takes too long. */
async function printed(pattern: RegExp, seconds: number): Promise<RegExpExecArray> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const match = pattern.exec(output);
    if (match) return match;
    if (server?.exitCode !== null || Date.now() > deadline) throw new Error(`next start never printed ${pattern}:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'dist', 'index.js'))) throw new Error('the test packs the built package: run npm run build first');
  dir = await mkdtemp(join(tmpdir(), 'pressroom-next-app-'));

  const packed = await timed('npm pack', () => run('npm', ['pack', '--json', '--pack-destination', dir], ROOT));
  const tarball = (JSON.parse(packed.stdout) as { filename: string }[])[0].filename;

  // the example as its README says to use it: its files copied into an App Router project
  await cp(join(EXAMPLE, 'next.config.mjs'), join(dir, 'next.config.mjs'));
  await cp(join(EXAMPLE, 'lib'), join(dir, 'lib'), { recursive: true });
  await cp(join(EXAMPLE, 'app'), join(dir, 'app'), { recursive: true });
  const { next, react, 'react-dom': reactDom, ...types } = VERSIONS;
  const manifest = {
    name: 'pressroom-next-app',
    private: true,
    dependencies: { pressroom: `file:./${tarball}`, next, react, 'react-dom': reactDom },
    devDependencies: types,
  };
  await writeFile(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      lib: ['dom', 'dom.iterable', 'esnext'],
      strict: true,
      noEmit: true,
      module: 'esnext',
      moduleResolution: 'bundler',
      esModuleInterop: true,
      isolatedModules: true,
      jsx: 'preserve',
      skipLibCheck: true,
    },
    include: ['next-env.d.ts', '**/*.ts', '**/*.tsx', '.next/types/**/*.ts'],
    exclude: ['node_modules'],
  };
  await writeFile(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));

  // a registry hiccup gets one more try; a second failure fails the test with npm's own words
  const install = () => run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--cache', NPM_CACHE], dir);
  await timed('npm install', () => install().catch(install));

  const nextBin = join(dir, 'node_modules', 'next', 'dist', 'bin', 'next');
  const env = { NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' };
  const built = await timed('next build', () => run(process.execPath, [nextBin, 'build'], dir, env));
  // the build loads every route module: the site must not be set up there, but by the first request
  expect(`${built.stdout}${built.stderr}`).not.toMatch(/API key/);
  expect(existsSync(join(dir, 'content', 'data'))).toBe(false);

  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  await timed('next start', async () => {
    // its own process group, so stopping it stops every process Next starts
    const child = spawn(process.execPath, [nextBin, 'start', '-p', String(port), '-H', '127.0.0.1'], {
      cwd: dir,
      detached: true,
      env: { ...process.env, ...env, SITE_URL: origin },
    });
    server = child;
    exited = new Promise((resolve) => child.once('close', resolve));
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    await printed(/Ready in/, 60);
  });

  // the first request starts the service, which prints the keys on the site's first start
  await timed('first request', async () => {
    const first = await fetch(`${origin}/svc/api/v3/admin/site/`);
    expect(first.status, output).toBe(200);
    keys = {
      adminKey: (await printed(/Admin API key (\S+)/, 10))[1],
      contentKey: (await printed(/Content API key (\S+)/, 10))[1],
    };
  });
}, 900_000);

afterAll(async () => {
  console.log(`next-app: ${timings.join(', ')}`);
  if (server?.pid && server.exitCode === null) {
    process.kill(-server.pid, 'SIGTERM');
    const stopped = await Promise.race([exited.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 10_000))]);
    if (!stopped) process.kill(-server.pid, 'SIGKILL');
    await exited;
  }
  if (dir) await rm(dir, { recursive: true, force: true });
}, 60_000);

it('answers the Content API at its slashed address', async () => {
  const res = await fetch(`${origin}/svc/api/v3/content/posts/?key=${keys.contentKey}`, { redirect: 'manual' });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await res.json()) as { posts: unknown[]; meta: { pagination: { page: number } } };
  expect(Array.isArray(body.posts)).toBe(true);
  expect(body.meta.pagination.page).toBe(1);
});

it('redirects the unslashed address once (308 from Next), to an address that answers', async () => {
  const bare = await fetch(`${origin}/svc/api/v3/content/posts?key=${keys.contentKey}`, { redirect: 'manual' });
  expect(bare.status).toBe(308);
  const location = new URL(bare.headers.get('location')!, origin);
  expect(`${location.pathname}${location.search}`).toBe(`/svc/api/v3/content/posts/?key=${keys.contentKey}`);
  const followed = await fetch(location, { redirect: 'manual' });
  expect(followed.status).toBe(200);
  expect(Array.isArray(((await followed.json()) as { posts: unknown[] }).posts)).toBe(true);
});

it('serves the admin client at /svc/', async () => {
  const res = await fetch(`${origin}/svc/`, { redirect: 'manual' });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  expect(await res.text()).toContain('<title>pressroom admin</title>');
});

it('serves an image uploaded through the Admin API from /content/images/', async () => {
  const image = png(5, 3);
  const uploaded = await fetch(`${origin}/svc/api/v3/admin/images/upload/`, {
    method: 'POST',
    headers: { authorization: `Svc ${await adminToken(keys.adminKey)}` },
    body: form([{ name: 'file', value: image, filename: 'next-app.png', type: 'image/png' }]),
    redirect: 'manual',
  });
  expect(uploaded.status, await uploaded.clone().text()).toBe(201);
  const { url } = ((await uploaded.json()) as { images: { url: string }[] }).images[0];
  expect(url).toMatch(new RegExp(`^${origin}/content/images/.+\\.png$`));
  const served = await fetch(url, { redirect: 'manual' });
  expect(served.status).toBe(200);
  expect(new Uint8Array(await served.arrayBuffer())).toEqual(image);
});
