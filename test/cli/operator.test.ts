// keys and reset-password against a site on disk, each a spawned process, checked through the API.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cli, serveCli } from './spawn-cli';

let root: string;
let data: string;
let credentialsFile: string;
let created: { integrationId: string; adminKey: string; contentKey: string; ownerPassword: string };

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'pressroom-cli-operator-'));
  data = join(root, 'content');
  credentialsFile = join(root, 'content', 'pressroom-credentials.json');
  const first = await serveCli(['--port', '0', '--data', data, '--quiet']);
  await first.stop();
  created = JSON.parse(await readFile(credentialsFile, 'utf8'));
}, 120_000);
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const KEY_LINE = /^"(.+)" id=([0-9a-f]{24}) content_key=([0-9a-f]{26}) admin_key=([0-9a-f]{24}:[0-9a-f]{64})$/;

it('keys lists each integration with its whole keys, --new adds one, --regenerate replaces both secrets', async () => {
  const listed = await cli(['keys', '--data', data]);
  expect(listed.code).toBe(0);
  expect(listed.stdout).toBe(`"pressroom CLI" id=${created.integrationId} content_key=${created.contentKey} admin_key=${created.adminKey}\n`);

  const added = await cli(['keys', '--new', 'Blog front end', '--data', data]);
  expect(added.code).toBe(0);
  const [, name, id, contentKey] = KEY_LINE.exec(added.stdout.trim())!;
  expect(name).toBe('Blog front end');
  expect((await cli(['keys', '--data', data])).stdout.trim().split('\n')).toHaveLength(2);

  const regenerated = await cli(['keys', '--regenerate', created.integrationId, '--data', data]);
  expect(regenerated.code).toBe(0);
  const [, , sameId, newContent, newAdmin] = KEY_LINE.exec(regenerated.stdout.trim())!;
  expect(sameId).toBe(created.integrationId);
  expect(newContent).not.toBe(created.contentKey);
  expect(newAdmin).not.toBe(created.adminKey);
  // the file serve prints its keys from follows
  expect(JSON.parse(await readFile(credentialsFile, 'utf8'))).toMatchObject({ contentKey: newContent, adminKey: newAdmin });

  const unknown = await cli(['keys', '--regenerate', 'ffffffffffffffffffffffff', '--data', data]);
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toBe('pressroom keys: no custom integration has the id ffffffffffffffffffffffff.\n');

  const server = await serveCli(['--port', '0', '--data', data, '--quiet']);
  try {
    const read = (key: string) => fetch(`${server.url}/svc/api/v3/content/settings/?key=${key}`).then((r) => r.status);
    expect(await read(created.contentKey)).toBe(401);
    expect(await read(newContent)).toBe(200);
    expect(await read(contentKey)).toBe(200);
    expect(id).toMatch(/^[0-9a-f]{24}$/);
  } finally {
    await server.stop();
  }
}, 180_000);

it('reset-password prints a new password, or takes one from stdin, and the Owner signs in with it', async () => {
  const generated = await cli(['reset-password', 'owner@example.com', '--data', data]);
  expect(generated.code, generated.stderr).toBe(0);
  const password = generated.stdout.trim();
  expect(password).toMatch(/^\S{12,}$/);
  expect(generated.stderr).toBe('The password of owner@example.com is set; their sessions are signed out.\n');

  const weak = await cli(['reset-password', 'owner@example.com', '--password-stdin', '--data', data], { stdin: 'short\n' });
  expect(weak.code).toBe(1);
  expect(weak.stderr).toBe('pressroom reset-password: Your password must be at least 10 characters long.\n');

  const nobody = await cli(['reset-password', 'nobody@example.com', '--data', data]);
  expect(nobody.code).toBe(1);
  expect(nobody.stderr).toBe('pressroom reset-password: No staff user has the email nobody@example.com.\n');

  const chosen = await cli(['reset-password', 'owner@example.com', '--password-stdin', '--data', data], { stdin: 'a chosen long passphrase\nignored line\n' });
  expect(chosen.code).toBe(0);
  expect(chosen.stdout).toBe('');

  const server = await serveCli(['--port', '0', '--data', data, '--quiet']);
  try {
    const signIn = (pw: string) =>
      fetch(`${server.url}/svc/api/v3/admin/session/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ username: 'owner@example.com', password: pw }),
      }).then((r) => r.status);
    expect(await signIn(password)).toBe(401);
    expect(await signIn('a chosen long passphrase')).toBe(201);
    expect(server.stdout()).not.toContain('a chosen long passphrase');
  } finally {
    await server.stop();
  }
}, 180_000);
