// The CLI as an operator runs it: a real process from source (lib/cli/run.ts, bundled once per test run
// by test/global-setup.ts: test/helpers/bundled.ts says why).
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { bundled } from '../helpers/bundled';

const ROOT = join(__dirname, '..', '..');

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  env?: Record<string, string>;
  stdin?: string;
  umask?: string;
  /** Extra node flags, e.g. another --import. */
  node?: string[];
  cwd?: string;
  /** A command the process runs under, e.g. setpriv to drop root. */
  prefix?: string[];
}

function start(args: string[], options: CliOptions = {}): ChildProcess {
  const node = [...(options.node ?? []), bundled('cli'), ...args];
  const env = { ...process.env, DATABASE_URL: '', ...options.env };
  if (options.umask) {
    return spawn('sh', ['-c', `umask ${options.umask} && exec "$@"`, 'sh', process.execPath, ...node], { env, cwd: options.cwd ?? ROOT });
  }
  if (options.prefix) return spawn(options.prefix[0], [...options.prefix.slice(1), process.execPath, ...node], { env, cwd: options.cwd ?? ROOT });
  return spawn(process.execPath, node, { env, cwd: options.cwd ?? ROOT });
}

/** Runs a command to its end. */
export function cli(args: string[], options: CliOptions = {}): Promise<Finished> {
  const child = start(args, options);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  child.stdin!.end(options.stdin ?? '');
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

export interface Serving {
  child: ChildProcess;
  /** The URL from the `listening on` line. */
  url: string;
  stdout(): string;
  stderr(): string;
  /** Sends the signal and resolves with the exit code and how long the process took to exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; ms: number }>;
}

/** `pressroom serve …`, resolved once it listens; rejects with its output if it exits first. */
export function serveCli(args: string[], options: CliOptions = {}): Promise<Serving> {
  const child = start(['serve', ...args], options);
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      stdout += chunk;
      const listening = /listening on (\S+)/.exec(stdout) ?? /"message":"listening on (\S+)/.exec(stdout);
      if (listening) {
        resolve({
          child,
          url: listening[1],
          stdout: () => stdout,
          stderr: () => stderr,
          async stop(signal = 'SIGTERM') {
            const sent = Date.now();
            child.kill(signal);
            const code = await exited;
            return { code, ms: Date.now() - sent };
          },
        });
      }
    });
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    exited.then((code) => reject(new Error(`serve exited with ${code} before listening:\n${stdout}\n${stderr}`)));
  });
}
