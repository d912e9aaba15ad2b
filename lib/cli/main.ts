// `pressroom <command>`: finds the command in lib/cli/commands/index.ts, handles --help and --version,
// and turns what a command throws into a message on stderr and an exit code (1 runtime, 2 usage).
import { VERSION } from '../version';
import { UsageError, type CliCommand, type CliIo } from './command';
import { COMMANDS } from './commands';

export function overview(commands: CliCommand[] = COMMANDS): string {
  const width = Math.max(...commands.map((c) => c.name.length)) + 2;
  return [
    'Usage: pressroom <command> [options]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    '',
    'Run `pressroom <command> --help` for its options; `pressroom --version` prints the version.',
  ].join('\n');
}

/** The message as the operator should read it: once prefixed, never `pressroom: pressroom: …`. */
function message(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/^(pressroom:\s*)+/, '');
}

/** `--help` / `-h` among the arguments, before a `--` that ends the options. */
function asksForHelp(argv: string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

function processIo(): CliIo {
  return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env };
}

/** Runs one command line; resolves to the process's exit code. */
export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  const [first, ...rest] = argv;
  if (first === '--version' || first === '-v') {
    io.stdout.write(`pressroom ${VERSION}\n`);
    return 0;
  }
  if (first === '--help' || first === '-h' || first === 'help') {
    io.stdout.write(`${overview()}\n`);
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === first);
  if (!command) {
    io.stderr.write(`${first === undefined ? '' : `pressroom: unknown command ${JSON.stringify(first)}\n`}${overview()}\n`);
    return 2;
  }
  if (asksForHelp(rest)) {
    io.stdout.write(`${command.usage}\n`);
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(
        `pressroom ${command.name}: ${message(error)}\n${command.usage.split('\n')[0]}\nRun \`pressroom ${command.name} --help\` for its options.\n`,
      );
      return 2;
    }
    io.stderr.write(`pressroom ${command.name}: ${message(error)}\n`);
    return 1;
  }
}
