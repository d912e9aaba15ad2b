// The embedded database's directory on disk: one process at a time, and private to its owner.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundled } from '../helpers/bundled';

// fixtures/hold-data-dir.ts, bundled once per test run (test/helpers/bundled.ts)
const HOLDER = bundled('hold-data-dir');

interface Holder {
  child: ChildProcess;
  output: () => string;
  errors: () => string;
  /** Resolves with the first of: `ready` printed (null) or the exit code. */
  started: Promise<number | null>;
  exited: Promise<number | null>;
}

function hold(dataDir: string, umask = '022'): Holder {
  const child = spawn('sh', ['-c', `umask ${umask} && exec "$0" "$1" "$2"`, process.execPath, HOLDER, dataDir], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started = new Promise<number | null>((resolve) => {
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      if (out.includes('ready\n')) resolve(null);
    });
    exited.then(resolve);
  });
  child.stderr!.on('data', (chunk) => (err += chunk));
  return { child, output: () => out, errors: () => err, started, exited };
}

async function stop(holder: Holder): Promise<number | null> {
  holder.child.stdin!.end();
  return holder.exited;
}

/** Every entry under `dir` (and `dir` itself) whose mode lets group or others in. */
async function wideEntries(dir: string): Promise<string[]> {
  const wide: string[] = [];
  const visit = async (path: string) => {
    const info = await stat(path);
    if (info.mode & 0o077) wide.push(`${path} ${(info.mode & 0o777).toString(8)}`);
    if (info.isDirectory()) for (const entry of await readdir(path)) await visit(join(path, entry));
  };
  await visit(dir);
  return wide;
}

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'pressroom-data-dir-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('one process per data directory', () => {
  it('refuses a second process at once, naming the holder, and takes over the lock of one killed with SIGKILL', async () => {
    const dataDir = join(root, 'locked', 'data');
    const first = hold(dataDir);
    expect(await first.started, first.errors()).toBeNull();

    const second = hold(dataDir);
    expect(await second.started).toBe(1);
    expect(second.errors()).toContain(`The data directory ${dataDir} is in use by process ${first.child.pid}`);

    first.child.kill('SIGKILL');
    await first.exited;
    const third = hold(dataDir);
    expect(await third.started, third.errors()).toBeNull();
    expect(await stop(third)).toBe(0);
    expect(third.output()).toContain('closed');
    // released on close: the next process starts
    const fourth = hold(dataDir);
    expect(await fourth.started, fourth.errors()).toBeNull();
    expect(await stop(fourth)).toBe(0);
  }, 120_000);

  it('names the path and the cause for a data directory that is a file, or holds other files', async () => {
    const file = join(root, 'a-file');
    await writeFile(file, 'not a directory');
    const onFile = hold(file);
    expect(await onFile.started).toBe(1);
    expect(onFile.errors()).toContain(`Cannot use the data directory ${file}: it is a file, not a directory.`);

    const under = hold(join(file, 'data'));
    expect(await under.started).toBe(1);
    expect(under.errors()).toMatch(new RegExp(`data directory ${join(file, 'data')}: .*ENOTDIR`));

    const foreign = join(root, 'foreign');
    await rm(foreign, { recursive: true, force: true });
    await import('node:fs/promises').then((fs) => fs.mkdir(foreign)).then(() => writeFile(join(foreign, 'notes.txt'), 'mine'));
    const onForeign = hold(foreign);
    expect(await onForeign.started).toBe(1);
    expect(onForeign.errors()).toContain(`Cannot use the data directory ${foreign}: it holds other files (notes.txt) and no database.`);
  }, 60_000);
});

describe('private files', () => {
  for (const umask of ['000', '022']) {
    it(`keeps every file under the data directory to its owner with umask ${umask}, running and stopped`, async () => {
      const dataDir = join(root, `umask-${umask}`, 'data');
      const first = hold(dataDir, umask);
      expect(await first.started, first.errors()).toBeNull();
      expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
      expect(await wideEntries(dataDir)).toEqual([]);
      expect(await stop(first)).toBe(0);
      expect(await wideEntries(dataDir)).toEqual([]);
      expect(first.output()).not.toContain('private to their owner');

      // modes found wider on start are narrowed, with a notice
      await chmod(dataDir, 0o755);
      await chmod(join(dataDir, 'PG_VERSION'), 0o666);
      const second = hold(dataDir, umask);
      expect(await second.started, second.errors()).toBeNull();
      expect(second.output()).toContain(`Made 2 files and folders under ${dataDir} private to their owner`);
      expect(await wideEntries(dataDir)).toEqual([]);
      expect(await stop(second)).toBe(0);
    }, 120_000);
  }
});
