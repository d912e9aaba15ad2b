// Every file in examples/ run as its header says (Node through tsx; Bun and Deno through their npm
// packages, installed once into a cache folder, or skipped with the reason printed).
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs');
const RUNTIMES = join(tmpdir(), 'pressroom-example-runtimes');

interface Started {
  url: string;
  contentKey: string | null;
  output: () => string;
  stop(): Promise<number | null>;
}

/** Starts an example with PORT=0 and waits for its `listening on` line. */
function start(command: string, args: string[], cwd: string): Promise<Started> {
  const child = spawn(command, args, { cwd, env: { ...process.env, PORT: '0' } });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk) => (out += chunk));
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const listening = /listening on (http:\/\/\S+)/.exec(out);
      if (!listening) return;
      resolve({
        url: listening[1],
        contentKey: /Content API key:\s+([0-9a-f]{26})/.exec(out)?.[1] ?? null,
        output: () => out,
        stop: () => {
          child.kill('SIGTERM');
          return exited;
        },
      });
    });
    exited.then((code) => reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${out}`)));
  });
}

async function readsContent(example: Started): Promise<void> {
  expect(example.contentKey, example.output()).not.toBeNull();
  const res = await fetch(`${example.url}/svc/api/v3/content/settings/?key=${example.contentKey}`);
  expect(res.status).toBe(200);
  expect((await res.json()).settings.title).toBe('Example site');
}

let cwd: string;
beforeAll(async () => {
  if (!existsSync(join(ROOT, 'dist', 'index.js'))) throw new Error('the examples import the built package: run npm run build first');
  cwd = await mkdtemp(join(tmpdir(), 'pressroom-examples-'));
});
afterAll(async () => {
  await rm(cwd, { recursive: true, force: true });
});

describe('on Node, as `npx tsx examples/…`', () => {
  it('in-process.ts prints the site title it read', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', TSX, join(ROOT, 'examples', 'in-process.ts')], { cwd });
    expect(stdout).toBe('Fixture site\n');
  }, 60_000);

  it('node-server.ts prints its keys on the first start, keeps its data in ./content/example, and says where the keys are later', async () => {
    const first = await start(process.execPath, ['--import', TSX, join(ROOT, 'examples', 'node-server.ts')], cwd);
    await readsContent(first);
    expect(await first.stop()).toBe(0);
    expect(existsSync(join(cwd, 'content', 'example', 'data', 'PG_VERSION'))).toBe(true);
    const second = await start(process.execPath, ['--import', TSX, join(ROOT, 'examples', 'node-server.ts')], cwd);
    expect(second.output()).toContain('npx pressroom keys --data ./content/example');
    expect(await second.stop()).toBe(0);
  }, 120_000);

  it('express.ts serves pressroom under /svc beside its own routes', async () => {
    const example = await start(process.execPath, ['--import', TSX, join(ROOT, 'examples', 'express.ts')], cwd);
    try {
      await readsContent(example);
      expect(await (await fetch(`${example.url}/`)).text()).toBe('my app, with pressroom under /svc');
    } finally {
      await example.stop();
    }
  }, 60_000);
});

/** The runtime's binary from its npm package, installed into a cache folder on first use; null and a printed reason if it cannot be. */
async function runtime(name: 'bun' | 'deno'): Promise<string | null> {
  const bin = join(RUNTIMES, 'node_modules', '.bin', name);
  if (!existsSync(bin)) {
    try {
      await promisify(execFile)('npm', ['install', '--prefix', RUNTIMES, '--no-audit', '--no-fund', '--no-save', name], { timeout: 240_000 });
    } catch (error) {
      console.warn(`examples/${name}.ts skipped: npm install ${name} failed (${(error as Error).message.split('\n')[0]})`);
      return null;
    }
  }
  try {
    await promisify(execFile)(bin, ['--version'], { timeout: 30_000 });
  } catch (error) {
    console.warn(`examples/${name}.ts skipped: the ${name} npm package installed no working binary (${(error as Error).message.split('\n')[0]})`);
    return null;
  }
  return bin;
}

describe('on Bun and Deno', () => {
  it('bun examples/bun.ts', async (context) => {
    const bun = await runtime('bun');
    if (!bun) return context.skip();
    const example = await start(bun, [join(ROOT, 'examples', 'bun.ts')], ROOT);
    try {
      await readsContent(example);
    } finally {
      await example.stop();
    }
  }, 300_000);

  it('deno run -A examples/deno.ts', async (context) => {
    const deno = await runtime('deno');
    if (!deno) return context.skip();
    const example = await start(deno, ['run', '-A', join(ROOT, 'examples', 'deno.ts')], ROOT);
    try {
      await readsContent(example);
    } finally {
      await example.stop();
    }
  }, 300_000);
});
