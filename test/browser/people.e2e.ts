import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type MailMessage, type Service } from '../../lib';
import { toNodeHandler } from '../../lib/adapters/node';
import { SCREENSHOTS, seriousViolations, type Watch, submitSignIn, signedInPage, failureScreenshots } from './harness';

// Invitations, password resets and the activity log in the admin client, with the service's mail
// caught by a capturing mailer: the links in it are opened as a recipient would.
const OWNER = { name: 'Grace Hopper', email: 'grace@example.com', password: 'a-long-password-2' };

let server: Server;
let service: Service;
let origin = '';
let browser: Browser;
let page: Page;
let seen: Watch;
const mail: MailMessage[] = [];

function linkTo(to: string): string {
  const message = mail.filter((m) => m.to === to).at(-1);
  if (!message) throw new Error(`no mail to ${to}`);
  return /https?:\/\/\S+/.exec(message.text)![0];
}

async function shot(target: Page, name: string): Promise<void> {
  await target.screenshot({ path: join(SCREENSHOTS, `people-${name}.png`), fullPage: true });
}

async function accessible(target: Page): Promise<void> {
  expect(await seriousViolations(target)).toEqual([]);
}

const screenshotOnFailure = failureScreenshots(() => page, 'people-failed-');

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  service = await createService({ url: origin, auth: { passwordIterations: 1000 }, mail: { send: async (m) => void mail.push(m) } });
  server.on('request', toNodeHandler(service));
  await service.setup({ ...OWNER, title: 'People' });
  ({ browser, page, seen } = await signedInPage(`${origin}/svc/`, OWNER));
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  server?.closeAllConnections();
  await service?.close();
});

describe('people in the admin client', () => {
  it('invites by mail from Staff, lists the pending invitation and revokes another', async () => {
    screenshotOnFailure('invite');
    await page.getByRole('navigation').getByRole('link', { name: 'Staff', exact: true }).click();
    await page.getByRole('button', { name: 'Invite people' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite people' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
    await dialog.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Author' });
    await accessible(page);
    await shot(page, 'invite-dialog');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Invitation sent.');
    const invitations = page.getByRole('region', { name: 'Invitations' });
    await expect.poll(() => invitations.getByText('ada@example.com').isVisible()).toBe(true);
    expect(mail.at(-1)?.to).toBe('ada@example.com');

    await page.getByRole('button', { name: 'Invite people' }).click();
    await dialog.getByRole('textbox', { name: 'Email' }).fill('wrong@example.com');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect.poll(() => invitations.getByText('wrong@example.com').isVisible()).toBe(true);
    await accessible(page);
    await shot(page, 'staff-invitations');
    await invitations.getByRole('button', { name: 'Revoke the invitation of wrong@example.com' }).click();
    await page.getByRole('alertdialog', { name: 'Revoke this invitation?' }).getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => invitations.getByText('wrong@example.com').count()).toBe(0);
    // its link is dead
    const dead = new URL(linkTo('wrong@example.com'));
    const check = await fetch(`${origin}/svc/api/v3/admin/authentication/invitation/?email=wrong%40example.com`);
    expect((await check.json()).invitation[0].valid).toBe(false);
    expect(dead.pathname).toBe('/svc/signup');
  });

  it('the invitation link opens "Create account", which signs the new user in', async () => {
    const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    const guest = await context.newPage();
    try {
      await guest.goto(linkTo('ada@example.com'));
      await guest.getByRole('textbox', { name: 'Full name' }).fill('Ada Lovelace');
      await guest.getByRole('textbox', { name: 'Password' }).fill('analytical-engine-1843');
      await accessible(guest);
      await shot(guest, 'accept-invite');
      await guest.getByRole('button', { name: 'Create account' }).click();
      await guest.getByRole('navigation').waitFor();
      // the token left the address bar
      expect(new URL(guest.url()).search).toBe('');
      const me = await guest.evaluate(async () => (await (await fetch('/svc/api/v3/admin/users/me/?include=roles')).json()).users[0]);
      expect(me).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com' });
      expect(me.roles[0].name).toBe('Author');
    } finally {
      await context.close();
    }
  });

  it('"Forgot password?" mails a link whose screen saves a new password', async () => {
    const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    const guest = await context.newPage();
    try {
      await guest.goto(`${origin}/svc/`);
      await guest.getByRole('button', { name: 'Forgot password?' }).click();
      await guest.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
      await guest.getByRole('button', { name: 'Send reset link' }).click();
      await expect.poll(() => guest.getByRole('status').textContent()).toMatch(/a link to reset the password has been mailed/);
      await accessible(guest);
      await shot(guest, 'forgot-password');

      await guest.goto(linkTo('ada@example.com'));
      await guest.getByRole('textbox', { name: 'New password' }).fill('difference-engine-22');
      await guest.getByRole('textbox', { name: 'Confirm password' }).fill('difference-engine-22');
      await accessible(guest);
      await shot(guest, 'reset-password');
      await guest.getByRole('button', { name: 'Save password' }).click();
      await guest.getByRole('heading', { name: 'Password saved' }).waitFor();
      await guest.getByRole('button', { name: 'Sign in' }).click();
      await submitSignIn(guest, { email: 'ada@example.com', password: 'difference-engine-22' });
      await guest.getByRole('navigation').waitFor();
    } finally {
      await context.close();
    }
  });

  it('Settings → Activity lists the log and filters it', async () => {
    screenshotOnFailure('activity');
    await page.getByRole('navigation').getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('link', { name: 'Activity' }).click();
    const log = page.getByRole('list', { name: 'Activity log' });
    await expect.poll(() => log.getByRole('listitem').count()).toBeGreaterThanOrEqual(4);
    expect(await log.getByRole('listitem').first().textContent()).toMatch(/Ada Lovelace edited user “Ada Lovelace” \(password reset\)/);
    await accessible(page);
    await shot(page, 'activity');
    await page.getByRole('combobox', { name: 'Record' }).selectOption({ label: 'Invitations' });
    await expect.poll(async () => (await log.getByRole('listitem').allTextContents()).every((t) => /invite/.test(t))).toBe(true);
    await page.getByRole('combobox', { name: 'Event' }).selectOption({ label: 'Deleted' });
    await expect.poll(() => log.getByRole('listitem').count()).toBe(2);
    expect(await log.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/Ada Lovelace deleted invite “ada@example.com” \(accepted\)/),
      expect.stringMatching(/Grace Hopper deleted invite “wrong@example.com”/),
    ]);
    expect(seen.errors).toEqual([]);
    expect(seen.serverErrors).toEqual([]);
  });
});
