import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../helpers/service';
import { launchBrowser, png, seriousViolations, startSite, watch, type Site, type Watch, submitSignIn, failureScreenshots, integrationApi } from './harness';

const OWNER = { title: 'The Morning Ledger', name: 'Ada Lovelace', email: 'ada@example.com', password: 'a-long-password-1' };

let site: Site;
let browser: Browser;
let page: Page;
let seen: Watch;
/** The post written in the flow: its id (from the editor's address) and slug. */
let postId = '';
/** An integration made outside the browser, to read and change the post as other clients would. */
let keys: { adminKey: string; contentKey: string };

async function contentPost(key: string): Promise<Response> {
  return fetch(`${site.origin}/svc/api/v3/content/posts/${postId}/?key=${key}&formats=html`);
}

const adminApi = integrationApi(
  () => site.origin,
  () => keys.adminKey,
);

const screenshotOnFailure = failureScreenshots(() => page, '');

const status = () => page.locator('output.save-state');

beforeAll(async () => {
  site = await startSite();
  keys = await site.service.createIntegration({ name: 'Outside client' });
  // one tag exists before the flow, so the editor both picks an existing tag and creates one
  const tag = await adminApi('POST', 'tags/', { tags: [{ name: 'Harbour life' }] });
  if (tag.status !== 201) throw new Error(`could not create the existing tag: ${tag.status}`);
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(15_000);
  seen = watch(page, new Set([401, 409]));
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('the admin client in Chromium', () => {
  it('serves the app on a reload of any client route, with a CSP and hashed assets', async () => {
    screenshotOnFailure('serve');
    const response = await page.goto(`${site.admin}posts/some-id`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect.poll(() => page.getByRole('button', { name: 'Create account' }).isVisible()).toBe(true);
  });

  it('sets up the site: the Owner is created and signed in', async () => {
    screenshotOnFailure('setup');
    await page.goto(site.admin);
    await page.getByRole('textbox', { name: 'Site title', exact: true }).fill(OWNER.title);
    await page.getByRole('textbox', { name: 'Full name', exact: true }).fill(OWNER.name);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(OWNER.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(OWNER.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    const nav = page.getByRole('navigation');
    for (const name of ['Posts', 'Pages', 'Tags', 'Staff', 'Settings', 'Integrations']) {
      await expect.poll(() => nav.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    }
    expect(await nav.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
  });

  it('writes a draft with a heading, bold text, a list and an uploaded image; it saves itself', async () => {
    screenshotOnFailure('write');
    await page.getByRole('link', { name: 'New post' }).click();
    await page.getByRole('textbox', { name: 'Post title' }).fill('Notes from the harbour');
    const body = page.getByRole('textbox', { name: 'Post content' });
    await body.click();
    await page.keyboard.type('## Low tide\nThe boats sit on ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('wet sand');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' until noon.\n- nets\nropes\n\n');
    await page.locator('.pr-editor input[type=file]').setInputFiles({ name: 'boat.png', mimeType: 'image/png', buffer: png() });
    await expect.poll(() => body.locator('img').getAttribute('src')).toContain('/content/images/');
    await expect.poll(() => status().textContent(), { timeout: 15_000 }).toBe('Saved');
    expect(page.url()).toMatch(/\/svc\/posts\/[0-9a-f]{24}$/);
    postId = page.url().split('/').pop()!;
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('adds tags in the settings panel: an existing one and a new one', async () => {
    screenshotOnFailure('tags');
    await page.getByRole('button', { name: 'Post settings' }).click();
    const tags = page.getByRole('combobox', { name: 'Tags' });
    for (const name of ['Harbour life', 'Tides']) {
      await tags.fill(name);
      await tags.press('Enter');
      await expect.poll(() => page.locator('#post-settings').getByText(name, { exact: true }).isVisible()).toBe(true);
    }
    for (const name of ['Slug', 'Excerpt']) expect(await page.getByRole('textbox', { name, exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Delete post' }).isVisible()).toBe(true);
    await expect.poll(() => status().textContent()).toBe('Saved');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('#post-settings').count()).toBe(0);
    const stored = await (await adminApi('GET', `posts/${postId}/`)).json();
    expect(stored.posts[0].tags.map((t: { name: string }) => t.name)).toEqual(['Harbour life', 'Tides']);
  });

  it('publishes through the dialog; the Content API serves what the editor showed', async () => {
    screenshotOnFailure('publish');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /^Publish/ }).click();
    await expect.poll(() => status().textContent()).toBe('Published');
    expect(await page.getByRole('button', { name: 'Update' }).isVisible()).toBe(true);
    const response = await contentPost(keys.contentKey);
    expect(response.status).toBe(200);
    const { html, title } = (await response.json()).posts[0];
    expect(title).toBe('Notes from the harbour');
    expect(html).toMatch(/<h2[^>]*>Low tide<\/h2>/);
    expect(html).toContain('<strong>wet sand</strong>');
    expect(html).toMatch(/<ul><li>nets<\/li><li>ropes<\/li><\/ul>/);
    expect(html).toMatch(/<img src="[^"]*\/content\/images\/[^"]+\.png"/);
  });

  it('edits the published post and updates it', async () => {
    screenshotOnFailure('update');
    await page.getByRole('textbox', { name: 'Post title' }).fill('Notes from the harbour at dawn');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => status().textContent()).toBe('Updated');
    const { title } = (await (await contentPost(keys.contentKey)).json()).posts[0];
    expect(title).toBe('Notes from the harbour at dawn');
  });

  it('shows a stale edit (409) and never overwrites the other change', async () => {
    screenshotOnFailure('conflict');
    const current = (await (await adminApi('GET', `posts/${postId}/`)).json()).posts[0];
    const edited = await adminApi('PUT', `posts/${postId}/`, { posts: [{ title: 'Changed elsewhere', updated_at: current.updated_at }] });
    expect(edited.status).toBe(200);
    await page.getByRole('textbox', { name: 'Post title' }).fill('My stale title');
    await page.getByRole('button', { name: 'Update' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Someone else changed this post' });
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect((await (await adminApi('GET', `posts/${postId}/`)).json()).posts[0].title).toBe('Changed elsewhere');
    await alert.getByRole('button', { name: 'Reload post' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Post title' }).inputValue()).toBe('Changed elsewhere');
  });

  it('signs out; a wrong password shows an alert and stays on the form; the right one signs in', async () => {
    screenshotOnFailure('sign-in');
    await page.getByRole('navigation').getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await submitSignIn(page, { email: OWNER.email, password: 'not-the-password' });
    await expect.poll(() => page.getByRole('alert').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'Posts' }).click();
    const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Changed elsewhere' }) });
    await expect.poll(() => row.getByText('Published', { exact: true }).isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('creates an integration whose keys work on the Content API and the Admin API', async () => {
    screenshotOnFailure('integration');
    await page.getByRole('navigation').getByRole('link', { name: 'Integrations' }).click();
    await page.getByRole('button', { name: 'Add integration' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Front end');
    await page.getByRole('button', { name: 'Create' }).click();
    const contentField = page.getByRole('textbox', { name: 'Content API key' });
    const adminField = page.getByRole('textbox', { name: 'Admin API key' });
    const contentKey = await contentField.inputValue();
    const adminKey = await adminField.inputValue();
    expect(contentKey).toMatch(/^[0-9a-f]{26}$/);
    expect(adminKey).toMatch(/^[0-9a-f]{24}:[0-9a-f]{64}$/);
    expect(await contentField.getAttribute('readonly')).not.toBeNull();
    expect((await contentPost(contentKey)).status).toBe(200);
    const token = await adminToken(adminKey);
    const admin = await fetch(`${site.origin}/svc/api/v3/admin/posts/${postId}/`, { headers: { authorization: `Svc ${token}` } });
    expect(admin.status).toBe(200);
  });

  it('deletes the post after a confirming dialog', async () => {
    screenshotOnFailure('delete');
    await page.getByRole('navigation').getByRole('link', { name: 'Posts' }).click();
    await page.getByRole('link', { name: 'Changed elsewhere' }).click();
    await page.getByRole('button', { name: 'Post settings' }).click();
    await page.getByRole('button', { name: 'Delete post' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Posts' }).isVisible()).toBe(true);
    expect((await adminApi('GET', `posts/${postId}/`)).status).toBe(404);
    expect((await contentPost(keys.contentKey)).status).toBe(404);
  });

  it('saw no console errors and no 5xx answers', () => {
    expect(seen.errors).toEqual([]);
    expect(seen.serverErrors).toEqual([]);
  });
});
