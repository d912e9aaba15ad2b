import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations, startSite, type Site, type Watch, submitSignIn, signedInPage, failureScreenshots, integrationApi } from './harness';

// Writing as one does in any modern editor: inline Markdown, undo, Ctrl+S; dates on the site's clock
// (America/New_York) in a browser that lives in Tokyo; and an Editor managing Authors in Staff.
const OWNER = { name: 'Ida Tarbell', email: 'ida@example.com', password: 'a-long-password-4' };
const EDITOR = { name: 'Nellie Bly', email: 'nellie@example.com', password: 'a-long-password-5' };

let site: Site;
let browser: Browser;
let page: Page;
let seen: Watch;
let adminKey = '';
let postId = '';

const adminApi = integrationApi(
  () => site.origin,
  () => adminKey,
);

const stored = async (id: string) => (await (await adminApi('GET', `posts/${id}/?formats=html,mobiledoc`)).json()).posts[0];
const status = () => page.locator('output.save-state');
const body = () => page.getByRole('textbox', { name: 'Post content' });

const screenshotOnFailure = failureScreenshots(() => page, 'editing-');

async function signIn(who: { email: string; password: string }): Promise<void> {
  await submitSignIn(page, who);
  await page.getByRole('navigation').waitFor();
}

beforeAll(async () => {
  site = await startSite();
  await site.service.setup({ ...OWNER, title: 'Editing' });
  ({ adminKey } = await site.service.createIntegration({ name: 'Seeder' }));
  const zone = await asOwner('PUT', 'settings/', { settings: [{ key: 'timezone', value: 'America/New_York' }] });
  if (zone.status !== 200) throw new Error(`setting the time zone: ${zone.status}`);
  ({ browser, page, seen } = await signedInPage(site.admin, OWNER, {
    context: { timezoneId: 'Asia/Tokyo', locale: 'en-US' },
  }));
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('writing in Chromium', () => {
  it('turns inline Markdown into bold, italics, code and links as the closing character is typed', async () => {
    screenshotOnFailure('markdown');
    await page.getByRole('link', { name: 'New post' }).click();
    await page.getByRole('textbox', { name: 'Post title' }).fill('Inline Markdown');
    await body().click();
    await page.keyboard.type('Some **bold** and *slanted* and _leaning_ words, `npm test` and [the docs](https://example.com/docs) here.');
    await expect.poll(() => body().locator('strong').textContent()).toBe('bold');
    expect(await body().locator('em').allTextContents()).toEqual(['slanted', 'leaning']);
    expect(await body().locator('code').textContent()).toBe('npm test');
    expect(await body().locator('a').getAttribute('href')).toBe('https://example.com/docs');
    expect(await body().textContent()).toBe('Some bold and slanted and leaning words, npm test and the docs here.');
    await expect.poll(() => status().textContent(), { timeout: 15_000 }).toBe('Saved');
    postId = page.url().split('/').pop()!;
    const { html } = await stored(postId);
    expect(html).toBe(
      '<p>Some <strong>bold</strong> and <em>slanted</em> and <em>leaning</em> words, <code>npm test</code> and <a href="https://example.com/docs">the docs</a> here.</p>',
    );
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('undo right after a conversion gives back what was typed', async () => {
    screenshotOnFailure('undo');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Then **loud**');
    await expect.poll(() => body().locator('strong').count()).toBe(2);
    await page.keyboard.press('Control+z');
    await expect.poll(() => body().locator('strong').count()).toBe(1);
    expect(await body().locator('p').nth(1).textContent()).toBe('Then **loud**');
  });

  it('Ctrl+S saves a draft at once, and on a published post does what "Update" does', async () => {
    screenshotOnFailure('ctrl-s');
    await page.getByRole('textbox', { name: 'Post title' }).fill('Saved by the keyboard');
    await expect.poll(() => status().textContent()).toBe('Saved');
    // nothing is left for the autosave: a save now is the keyboard's
    const saving = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/posts/${postId}/`));
    await page.keyboard.press('Control+s');
    await saving;
    await expect.poll(() => status().textContent()).toBe('Saved');
    expect((await stored(postId)).title).toBe('Saved by the keyboard');

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Publish/ })
      .click();
    await expect.poll(() => status().textContent()).toBe('Published');
    await page.getByRole('textbox', { name: 'Post title' }).fill('Updated by the keyboard');
    await body().click();
    await page.keyboard.press('Meta+s');
    await expect.poll(() => status().textContent()).toBe('Updated');
    const post = await stored(postId);
    expect(post.title).toBe('Updated by the keyboard');
    expect(post.status).toBe('published');
  });

  it('shows and reads dates on the site clock, named beside the field, not on the browser’s', async () => {
    screenshotOnFailure('time-zone');
    const current = await stored(postId);
    const put = await adminApi('PUT', `posts/${postId}/`, { posts: [{ published_at: '2026-01-15T15:30:00.000Z', updated_at: current.updated_at }] });
    expect(put.status).toBe(200);
    await page.reload();
    await page.getByRole('button', { name: 'Post settings' }).click();
    const field = page.getByLabel('Publish date', { exact: true });
    // 15:30 UTC is 10:30 in New York (and 00:30 the next day in Tokyo, where the browser is)
    await expect.poll(() => field.inputValue()).toBe('2026-01-15T10:30');
    const hint = page.locator(`#${await field.getAttribute('aria-describedby')}`);
    expect(await hint.textContent()).toContain('America/New York');
    await field.fill('2026-07-04T09:00');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => status().textContent()).toBe('Updated');
    // 09:00 in New York in July (EDT, UTC−4)
    expect((await stored(postId)).published_at).toBe('2026-07-04T13:00:00.000Z');
    await page.keyboard.press('Escape');
    await page.getByRole('navigation').getByRole('link', { name: 'Posts', exact: true }).click();
    const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Updated by the keyboard' }) });
    await expect.poll(() => row.textContent()).toContain('Jul 4, 2026, 9:00 AM');
  });

  it('lets an Editor add, edit and remove an Author in Staff, but not touch an Administrator', async () => {
    screenshotOnFailure('staff');
    for (const [person, name] of [
      [EDITOR, 'Editor'],
      [{ name: 'Ada Admin', email: 'ada.admin@example.com', password: 'a-long-password-6' }, 'Administrator'],
    ] as const) {
      const added = await asOwner('POST', 'users/', { users: [{ ...person, roles: [name] }] });
      expect(added.status, await added.clone().text()).toBeLessThan(300);
    }
    await page.getByRole('navigation').getByRole('button', { name: 'Sign out' }).click();
    await signIn(EDITOR);
    await page.getByRole('navigation').getByRole('link', { name: 'Staff', exact: true }).click();
    await page.getByRole('button', { name: 'Add staff user' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Full name' }).fill('Jacob Riis');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('jacob@example.com');
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Role' }).locator('option').allTextContents()).toEqual(['Author', 'Contributor']);
    await dialog.getByRole('textbox', { name: 'Initial password' }).fill('how-the-other-half-lives');
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Jacob Riis');
    const jacobId = page.url().split('/').pop()!;
    await page.getByRole('textbox', { name: 'Location' }).fill('New York');
    await page.getByRole('combobox', { name: 'Role' }).selectOption('Contributor');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.locator('.form-actions output').first().textContent()).toBe('Saved');
    const jacob = (await (await adminApi('GET', `users/${jacobId}/?include=roles`)).json()).users[0];
    expect(jacob.location).toBe('New York');
    expect(jacob.roles[0].name).toBe('Contributor');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Delete user' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Staff');
    expect((await adminApi('GET', `users/${jacob.id}/`)).status).toBe(404);

    // an Administrator is beyond an Editor: no role, suspend or delete
    await page.getByRole('link', { name: 'Ada Admin' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Ada Admin');
    expect(await page.getByRole('button', { name: 'Delete user' }).count()).toBe(0);
    expect(await page.getByRole('combobox', { name: 'Role' }).count()).toBe(0);
    expect(seen.errors).toEqual([]);
    expect(seen.serverErrors).toEqual([]);
  });
});

let cookie = '';
/** The Admin API as the Owner's session, for what an integration may not do (settings, staff). */
async function asOwner(method: string, path: string, body: unknown): Promise<Response> {
  if (!cookie) {
    const response = await site.service.fetch(
      new Request(`${site.origin}/svc/api/v3/admin/session/`, {
        method: 'POST',
        headers: { origin: site.origin, 'content-type': 'application/json' },
        body: JSON.stringify({ username: OWNER.email, password: OWNER.password }),
      }),
    );
    if (response.status >= 300) throw new Error(`signing in: ${response.status} ${await response.text()}`);
    cookie = response.headers.get('set-cookie')!.split(';')[0];
  }
  const headers = { cookie, origin: site.origin, 'content-type': 'application/json' };
  return site.service.fetch(new Request(`${site.origin}/svc/api/v3/admin/${path}`, { method, headers, body: JSON.stringify(body) }));
}
