// Runs a bench script in a fresh Node process (cold starts, clean memory figures) and reads the JSON
// it prints on its last line.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface ChildResult<T> {
  result: T;
  /** Spawn to exit, including Node's start and TypeScript loading. */
  wallMs: number;
}

/** `typescript: false` runs a plain JavaScript child without the tsx loader (which costs time in every import). */
export function runChild<T>(script: string, args: string[], nodeFlags: string[] = [], { typescript = true } = {}): Promise<ChildResult<T>> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [...nodeFlags, ...(typescript ? ['--import', 'tsx'] : []), `bench/${script}`, ...args],
      { cwd: ROOT, maxBuffer: 16 * 1024 * 1024, timeout: 15 * 60_000 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`${script} ${args.join(' ')} failed: ${error.message}\n${stderr}`));
        const last = stdout.trim().split('\n').at(-1) ?? '';
        try {
          resolve({ result: JSON.parse(last) as T, wallMs: performance.now() - started });
        } catch {
          reject(new Error(`${script} printed no JSON result:\n${stdout}\n${stderr}`));
        }
      },
    );
  });
}
