// The shape every `pressroom <command>` shares, so the dispatcher in lib/cli/main.ts and each command in
// lib/cli/commands/ agree on arguments, output and exit codes without knowing each other.
import type { Readable, Writable } from 'node:stream';

/** Where a command reads and writes: the process's streams in the CLI, buffers in tests. */
export interface CliIo {
  stdin: Readable;
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable & { isTTY?: boolean };
  env: Record<string, string | undefined>;
}

export interface CliCommand {
  name: string;
  /** One line for `pressroom --help`. */
  summary: string;
  /** The whole `Usage: …` text for `pressroom <name> --help` and usage errors. */
  usage: string;
  /** Resolves to the exit code: 0 done, 1 a runtime failure, 2 a usage error. */
  run(argv: string[], io: CliIo): Promise<number>;
}

/** Thrown for a usage mistake; the dispatcher prints the command's usage on stderr and exits 2. */
export class UsageError extends Error {}
