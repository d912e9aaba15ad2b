// `pressroom` with no site: help, versions and usage errors, as exit codes and the streams they go to.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { cli } from './spawn-cli';

const VERSION = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')).version;

it('prints help and the version on stdout with exit 0', async () => {
  const [help, version, versionCommand, serveHelp, keysHelp, resetHelp] = await Promise.all([
    cli(['--help']),
    cli(['--version']),
    cli(['version']),
    cli(['serve', '--help']),
    cli(['keys', '-h']),
    cli(['reset-password', '--help']),
  ]);
  expect(help.code).toBe(0);
  expect(help.stdout).toMatch(/^Usage: pressroom <command>/);
  for (const name of ['serve', 'keys', 'reset-password', 'version']) expect(help.stdout).toContain(`  ${name} `);
  expect(version).toEqual({ code: 0, stdout: `pressroom ${VERSION}\n`, stderr: '' });
  expect(versionCommand).toEqual({ code: 0, stdout: `pressroom ${VERSION}\n`, stderr: '' });
  expect(serveHelp.code).toBe(0);
  expect(serveHelp.stdout).toMatch(/^Usage: pressroom serve /);
  for (const flag of ['--port', '--host', '--log-format', '--quiet', '--data', '--database-url']) expect(serveHelp.stdout).toContain(flag);
  expect(keysHelp.stdout).toMatch(/^Usage: pressroom keys /);
  expect(keysHelp.stdout).toContain('--regenerate');
  expect(resetHelp.stdout).toMatch(/^Usage: pressroom reset-password <email>/);
  expect(resetHelp.stdout).toContain('--password-stdin');
}, 60_000);

it('reports usage errors on stderr with Usage: and exit 2, with one pressroom prefix', async () => {
  const runs = await Promise.all([
    cli([]),
    cli(['publish']),
    cli(['serve', '--port', 'eighty']),
    cli(['serve', '--port', '70000']),
    cli(['serve', '--log-format', 'xml']),
    cli(['serve', '--bogus']),
    cli(['serve', '--name', 'Bad Name']),
    cli(['serve', '--url', 'ftp://example.com']),
    cli(['keys', '--new', 'a', '--regenerate', '0123456789abcdef01234567']),
    cli(['keys', '--regenerate', 'nope']),
    cli(['reset-password']),
    cli(['version', 'extra']),
    cli(['serve', '--database-url', 'mysql://user:hunter2secret@db/site']),
  ]);
  for (const run of runs) {
    expect(run.code, run.stderr).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Usage: pressroom');
    expect(run.stderr).not.toContain('pressroom: pressroom:');
  }
  const messages = runs.map((run) => run.stderr.split('\n')[0]);
  expect(messages[1]).toBe('pressroom: unknown command "publish"');
  expect(messages[2]).toBe('pressroom serve: --port must be a port number from 0 to 65535, not "eighty"');
  expect(messages[4]).toBe('pressroom serve: --log-format must be pretty or json, not "xml"');
  expect(messages[5]).toMatch(/^pressroom serve: Unknown option '--bogus'/);
  expect(messages[6]).toMatch(/^pressroom serve: --name must be lower-case letters/);
  expect(messages[7]).toBe('pressroom serve: --url must be an http(s) URL');
  expect(messages[10]).toBe('pressroom reset-password: the email of the user is missing');
  expect(messages[12]).toBe('pressroom serve: --database-url must start with postgres:// or postgresql://, not mysql://');
  expect(runs[12].stderr).not.toContain('hunter2secret');
}, 90_000);
