// What `pressroom serve` writes while it runs: notices, one line per request, in words or as JSON lines.
import type { Logger } from '../logger';
import type { CliIo } from './command';

export type LogFormat = 'pretty' | 'json';
export const LOG_FORMATS: readonly LogFormat[] = ['pretty', 'json'];

export interface RequestLogEntry {
  method: string;
  /** Path and query, without the value of `key` (a Content API key). */
  path: string;
  status: number;
  bytes: number;
  ms: number;
}

export interface ServeLog extends Logger {
  request(entry: RequestLogEntry): void;
}

// a client may send anything in a path: nothing it sends may start a new line or move the terminal
const printable = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');

function errorText(error: unknown): string {
  if (error instanceof Error) return error.stack ?? error.message;
  return error === undefined ? '' : String(error);
}

export function serveLog(io: CliIo, format: LogFormat): ServeLog {
  const out = (line: string) => io.stdout.write(`${line}\n`);
  const err = (line: string) => io.stderr.write(`${line}\n`);
  if (format === 'json') {
    const json = (level: string, message: string, error?: unknown) =>
      JSON.stringify({ time: new Date().toISOString(), level, message, ...(error === undefined ? {} : { error: errorText(error) }) });
    return {
      info: (message) => out(json('info', message)),
      warn: (message) => out(json('warn', message)),
      error: (message, error) => err(json('error', message, error)),
      request: (entry) => out(JSON.stringify(entry)),
    };
  }
  return {
    info: (message) => out(message),
    warn: (message) => out(`notice: ${message}`),
    error: (message, error) => err(`error: ${message}${error === undefined ? '' : `\n${errorText(error)}`}`),
    request: ({ method, path, status, bytes, ms }) =>
      out(`${printable(method)} ${printable(path)} ${status} ${bytes.toLocaleString('en-US')} B ${ms.toFixed(1)} ms`),
  };
}
