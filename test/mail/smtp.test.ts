// Mail end to end: `pressroom serve` as a spawned process sends an invitation through a real SMTP
// server (smtp-server on 127.0.0.1), and the link in the delivered message creates the account.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveCli, type Serving } from '../cli/spawn-cli';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** The body as sent, with quoted-printable soft breaks and escapes undone (enough to read a link). */
function decoded(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

let root: string;
let smtp: SMTPServer;
let smtpPort: number;
const received: Received[] = [];
const running: Serving[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'pressroom-smtp-'));
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const server of running) if (server.child.exitCode === null) await server.stop('SIGKILL');
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await rm(root, { recursive: true, force: true });
});

async function waitFor<T>(look: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const found = look();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function signIn(server: Serving, data: string) {
  const credentials = JSON.parse(await readFile(join(data, 'pressroom-credentials.json'), 'utf8'));
  const origin = server.url;
  const login = await fetch(`${server.url}/svc/api/v3/admin/session/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ username: credentials.ownerEmail, password: credentials.ownerPassword }),
  });
  expect(login.status).toBe(201);
  const cookie = login.headers.get('set-cookie')!.split(';')[0];
  const admin = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}/svc/api/v3/admin/${path}`, { ...init, headers: { 'content-type': 'application/json', origin, cookie, ...init.headers } });
  const roles = (await (await admin('roles/')).json()).roles as { id: string; name: string }[];
  return { admin, origin, roleId: (name: string) => roles.find((r) => r.name === name)!.id };
}

describe('mail by SMTP from pressroom serve', () => {
  it('sends the invitation through --smtp-url from --mail-from; its link creates the account', async () => {
    const data = join(root, 'a', 'content');
    const server = await serveCli([
      '--port',
      '0',
      '--data',
      data,
      '--smtp-url',
      `smtp://127.0.0.1:${smtpPort}`,
      '--mail-from',
      'My site <noreply@example.com>',
    ]);
    running.push(server);
    expect(server.stdout()).toContain(`mail goes out through smtp://127.0.0.1:${smtpPort}`);
    const { admin, origin, roleId } = await signIn(server, data);

    const res = await admin('invites/', { method: 'POST', body: JSON.stringify({ invites: [{ email: 'rosalind@example.com', role_id: roleId('Editor') }] }) });
    expect(res.status).toBe(201);
    const json = await res.json();
    expect(json.meta.mail).toEqual({ sent: true });
    expect(json.invites[0].status).toBe('sent');

    const mail = await waitFor(() => received.find((m) => m.to.includes('rosalind@example.com')), 'the invitation mail');
    expect(mail.from).toBe('noreply@example.com');
    const text = decoded(mail.raw);
    expect(text).toMatch(/^Subject: Site Owner has invited you to join My pressroom site/m);
    expect(text).toMatch(/^From: My site <noreply@example\.com>/m);
    const link = new URL(/http:\/\/127\.0\.0\.1:\d+\/svc\/signup\?[^\s"<]+/.exec(text)![0].replace(/&amp;/g, '&'));
    expect(link.origin).toBe(server.url);
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[a-f0-9]{64}$/);
    // the token is in the mail, never in the log
    expect(server.stdout()).not.toContain(token);

    const accepted = await fetch(`${server.url}/svc/api/v3/admin/authentication/invitation/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ invitation: [{ token, email: 'rosalind@example.com', name: 'Rosalind Franklin', password: 'photo-51-helix-x' }] }),
    });
    expect(accepted.status).toBe(200);
    const cookie = accepted.headers.get('set-cookie')!.split(';')[0];
    const me = await fetch(`${server.url}/svc/api/v3/admin/users/me/`, { headers: { origin, cookie } });
    expect((await me.json()).users[0]).toMatchObject({ email: 'rosalind@example.com', roles: [{ name: 'Editor' }] });

    // a password reset goes the same way
    const reset = await fetch(`${server.url}/svc/api/v3/admin/authentication/password_reset/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password_reset: [{ email: 'rosalind@example.com' }] }),
    });
    expect(reset.status).toBe(200);
    const resetMail = await waitFor(
      () => received.find((m) => m.to.includes('rosalind@example.com') && /reset-password/.test(decoded(m.raw))),
      'the reset mail',
    );
    expect(decoded(resetMail.raw)).toMatch(/\/svc\/reset-password\?token=[a-f0-9]{64}/);
    await server.stop();
  }, 120_000);

  it('without --smtp-url the answer says no mail went out and the link is printed', async () => {
    const data = join(root, 'b', 'content');
    const server = await serveCli(['--port', '0', '--data', data]);
    running.push(server);
    const { admin, roleId } = await signIn(server, data);
    const res = await admin('invites/', { method: 'POST', body: JSON.stringify({ invites: [{ email: 'barbara@example.com', role_id: roleId('Author') }] }) });
    expect(res.status).toBe(201);
    const json = await res.json();
    expect(json.meta.mail.sent).toBe(false);
    expect(json.invites[0].status).toBe('pending');
    const line = await waitFor(
      () => /mail not sent \(no --smtp-url\): .* to barbara@example\.com: (\S+)/.exec(server.stdout()) ?? undefined,
      'the printed link',
    );
    expect(new URL(line[1]).pathname).toBe('/svc/signup');
    expect(new URL(line[1]).searchParams.get('token')).toMatch(/^[a-f0-9]{64}$/);
    await server.stop();
  }, 120_000);

  it('refuses a bad SMTP URL and an SMTP URL without a From address before starting', async () => {
    const { cli } = await import('../cli/spawn-cli');
    const bad = await cli(['serve', '--port', '0', '--data', join(root, 'c', 'data'), '--smtp-url', 'http://mail.example.com', '--mail-from', 'x@example.com']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--smtp-url must start with smtp:// or smtps://');
    const noFrom = await cli(['serve', '--port', '0', '--data', join(root, 'c', 'data'), '--smtp-url', 'smtp://127.0.0.1:1']);
    expect(noFrom.code).toBe(2);
    expect(noFrom.stderr).toContain('--smtp-url needs --mail-from');
  }, 60_000);
});
