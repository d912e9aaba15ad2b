import { zipSync, strToU8 } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png, seriousViolations, startSite, watch, type Site, type Watch, submitSignIn, signedInPage, failureScreenshots, integrationApi } from './harness';

// The screens besides writing: lists and filters, tags, staff, settings, webhooks, themes.
const OWNER = { name: 'Grace Hopper', email: 'grace@example.com', password: 'a-long-password-2' };

let site: Site;
let browser: Browser;
let page: Page;
let seen: Watch;
let adminKey = '';
let contentKey = '';

/** The site's public settings, as the Content API shows them. */
async function publicSettings(): Promise<Record<string, string>> {
  const response = await fetch(`${site.origin}/svc/api/v3/content/settings/?key=${contentKey}`);
  return (await response.json()).settings;
}

const adminApi = integrationApi(
  () => site.origin,
  () => adminKey,
);

const nav = (name: string) => page.getByRole('navigation').getByRole('link', { name, exact: true }).click();
const visible = (locator: ReturnType<Page['getByRole']>) => expect.poll(() => locator.isVisible()).toBe(true);

const screenshotOnFailure = failureScreenshots(() => page, 'screens-');

beforeAll(async () => {
  site = await startSite();
  await site.service.setup({ ...OWNER, title: 'Screens' });
  ({ adminKey, contentKey } = await site.service.createIntegration({ name: 'Seeder' }));
  const tag = (await (await adminApi('POST', 'tags/', { tags: [{ name: 'Rivers' }] })).json()).tags[0];
  for (let i = 1; i <= 17; i++) {
    const status = i % 3 === 0 ? 'published' : 'draft';
    const response = await adminApi('POST', 'posts/', { posts: [{ title: `Seeded post ${i}`, status, tags: i <= 4 ? [{ id: tag.id }] : [] }] });
    if (response.status !== 201) throw new Error(`seeding post ${i}: ${response.status}`);
  }
  ({ browser, page, seen } = await signedInPage(site.admin, OWNER));
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('admin screens in Chromium', () => {
  it('lists posts with their status words, pages through them, filters by status, tag and title', async () => {
    screenshotOnFailure('posts');
    const list = page.getByRole('list', { name: 'Posts' });
    await visible(list.getByRole('link', { name: 'Seeded post 17' }));
    expect(await list.getByRole('listitem').count()).toBe(15);
    const row = list.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Seeded post 15' }) });
    expect(await row.getByText('Published', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    await page.getByRole('combobox', { name: 'Status' }).selectOption('published');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(5);
    await page.getByRole('combobox', { name: 'Tag' }).selectOption('rivers');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    await page.getByRole('combobox', { name: 'Status' }).selectOption('');
    await page.getByRole('combobox', { name: 'Tag' }).selectOption('');
    await page.getByRole('searchbox', { name: 'Search posts' }).fill('post 1');
    // "Seeded post 1" and 10–17
    await expect.poll(() => list.getByRole('listitem').count()).toBe(9);
    await page.reload();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(9);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('schedules a draft for later, then unschedules it', async () => {
    screenshotOnFailure('schedule');
    await page.getByRole('link', { name: 'Seeded post 11' }).click();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Schedule for later').click();
    await dialog.getByLabel('Publish at').fill('2099-06-01T09:30');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: /^Publish/ }).click();
    await expect.poll(() => page.locator('output.save-state').textContent()).toBe('Scheduled');
    await visible(page.getByRole('button', { name: 'Unschedule' }));
    const id = page.url().split('/').pop();
    const post = (await (await adminApi('GET', `posts/${id}/`)).json()).posts[0];
    expect(post.status).toBe('scheduled');
    expect(new Date(post.published_at).getFullYear()).toBe(2099);
    await page.getByRole('button', { name: 'Unschedule' }).click();
    await visible(page.getByRole('button', { name: 'Publish', exact: true }));
    expect((await (await adminApi('GET', `posts/${id}/`)).json()).posts[0].status).toBe('draft');
    await nav('Posts');
  });

  it('asks before leaving a published post with changes not yet updated', async () => {
    screenshotOnFailure('leave-published');
    await page.getByRole('searchbox', { name: 'Search posts' }).fill('Seeded post 3');
    await page.getByRole('link', { name: 'Seeded post 3', exact: true }).click();
    const title = page.getByRole('textbox', { name: 'Post title' });
    await title.fill('Seeded post 3, revised');
    await nav('Posts');
    const asked = page.getByRole('alertdialog', { name: 'Changes not saved' });
    await visible(asked);
    expect(await asked.textContent()).toContain('Leave without updating it?');
    await asked.getByRole('button', { name: 'Cancel' }).click();
    // stayed, with the change still on screen and not on the site
    expect(await title.inputValue()).toBe('Seeded post 3, revised');
    const id = page.url().split('/').pop();
    expect((await (await adminApi('GET', `posts/${id}/`)).json()).posts[0].title).toBe('Seeded post 3');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => page.locator('output.save-state').textContent()).toBe('Updated');
    expect((await (await adminApi('GET', `posts/${id}/`)).json()).posts[0].title).toBe('Seeded post 3, revised');
    // Back asks too; leaving goes where Back was going
    await title.fill('Seeded post 3, revised again');
    await page.goBack();
    await visible(asked);
    expect(page.url()).toMatch(new RegExp(`/posts/${id}$`));
    await asked.getByRole('button', { name: 'Leave' }).click();
    await visible(page.getByRole('link', { name: 'New post' }));
    expect((await (await adminApi('GET', `posts/${id}/`)).json()).posts[0].title).toBe('Seeded post 3, revised');
    // nothing left to lose: no question
    await page.getByRole('link', { name: 'Seeded post 3, revised', exact: true }).click();
    await visible(title);
    await nav('Posts');
    await visible(page.getByRole('link', { name: 'New post' }));
    expect(await asked.count()).toBe(0);
  });

  it('keeps a new draft typed just before leaving the editor', async () => {
    screenshotOnFailure('leave');
    await page.getByRole('link', { name: 'New post' }).click();
    await page.getByRole('textbox', { name: 'Post title' }).fill('Written in a hurry');
    await nav('Posts');
    await page.getByRole('searchbox', { name: 'Search posts' }).fill('hurry');
    const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Written in a hurry' }) });
    await expect.poll(() => row.getByText('Draft', { exact: true }).isVisible()).toBe(true);
    expect(page.url()).toContain('/svc/posts');
  });

  it('creates, edits and deletes a tag', async () => {
    screenshotOnFailure('tags');
    await nav('Tags');
    await page.getByRole('link', { name: 'New tag' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Estuaries');
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Where rivers meet the sea.');
    await page.getByRole('button', { name: 'Save tag' }).click();
    await visible(page.getByRole('heading', { name: 'Estuaries' }));
    expect(await seriousViolations(page)).toEqual([]);
    await expect.poll(() => page.getByRole('textbox', { name: 'Slug' }).inputValue()).toBe('estuaries');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Estuaries and deltas');
    await page.getByRole('button', { name: 'Save tag' }).click();
    await expect.poll(async () => (await (await adminApi('GET', 'tags/slug/estuaries/')).json()).tags?.[0]?.name).toBe('Estuaries and deltas');
    await page.getByRole('button', { name: 'Delete tag' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await visible(page.getByRole('heading', { name: 'Tags' }));
    expect((await adminApi('GET', 'tags/slug/estuaries/')).status).toBe(404);
  });

  it('adds a staff user with a role, suspends and deletes them', async () => {
    screenshotOnFailure('staff');
    await nav('Staff');
    await page.getByRole('button', { name: 'Add staff user' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Full name' }).fill('Katherine Johnson');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('katherine@example.com');
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Role' }).locator('option').count()).toBeGreaterThan(1);
    await dialog.getByRole('combobox', { name: 'Role' }).selectOption('Editor');
    await dialog.getByRole('textbox', { name: 'Initial password' }).fill('orbital-mechanics-42');
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await visible(page.getByRole('heading', { name: 'Katherine Johnson' }));
    await page.getByRole('button', { name: 'Suspend user' }).click();
    await expect.poll(() => page.locator('.page-header .status-suspended').textContent()).toBe('Suspended');
    const users = (await (await adminApi('GET', 'users/?limit=all&include=roles')).json()).users as {
      email: string;
      status: string;
      roles: { name: string }[];
    }[];
    const katherine = users.find((u) => u.email === 'katherine@example.com')!;
    expect(katherine.roles[0].name).toBe('Editor');
    expect(katherine.status).toBe('inactive');
    await page.getByRole('button', { name: 'Delete user' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await visible(page.getByRole('heading', { name: 'Staff' }));
    expect(await page.getByRole('link', { name: 'Katherine Johnson' }).count()).toBe(0);
  });

  it('changes the own profile and password', async () => {
    screenshotOnFailure('profile');
    await page
      .getByRole('link', { name: /Grace Hopper/ })
      .first()
      .click();
    await visible(page.getByRole('heading', { name: 'Your profile' }));
    await page.getByRole('textbox', { name: 'Location' }).fill('Arlington');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page.getByText('Saved', { exact: true }));
    await page.getByRole('textbox', { name: 'Current password' }).fill(OWNER.password);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('a-newer-password-3');
    await page.getByRole('textbox', { name: 'Confirm new password' }).fill('a-newer-password-3');
    await page.getByRole('button', { name: 'Change password' }).click();
    await visible(page.getByText('Password changed'));
    const signIn = await fetch(`${site.origin}/svc/api/v3/admin/session/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.origin },
      body: JSON.stringify({ username: OWNER.email, password: 'a-newer-password-3' }),
    });
    expect(signIn.status).toBe(201);
  });

  it('saves settings: title, navigation added, reordered and removed', async () => {
    screenshotOnFailure('settings');
    await nav('Settings');
    await page.getByRole('textbox', { name: 'Site title' }).fill('Screens, renamed');
    await page.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png() });
    await expect.poll(() => page.getByRole('group', { name: 'Logo' }).locator('img').getAttribute('src')).toContain('/content/images/');
    expect(await seriousViolations(page)).toEqual([]);
    const primary = page.getByRole('group', { name: 'Primary navigation' });
    const before = await primary.locator('li').count();
    await primary.getByRole('button', { name: 'Add primary navigation item' }).click();
    await primary.getByRole('textbox', { name: `Primary navigation item ${before + 1} label` }).fill('Contact');
    await primary.getByRole('textbox', { name: `Primary navigation item ${before + 1} URL` }).fill('/contact/');
    await primary.getByRole('button', { name: 'Move Contact up' }).click();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await visible(page.getByText('Saved', { exact: true }));
    const settings = await publicSettings();
    expect(settings.title).toBe('Screens, renamed');
    expect(settings.logo).toContain('/content/images/');
    const navigation = settings.navigation as unknown as { label: string }[];
    expect(navigation.length).toBe(before + 1);
    expect(navigation[Math.max(0, before - 1)].label).toBe('Contact');
    await primary.getByRole('button', { name: 'Remove Contact' }).click();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(async () => ((await publicSettings()).navigation as unknown as unknown[]).length).toBe(before);
  });

  it('adds, edits and deletes a webhook; regenerates a key', async () => {
    screenshotOnFailure('webhooks');
    await nav('Integrations');
    await page.getByRole('link', { name: 'Seeder' }).click();
    const before = await page.getByRole('textbox', { name: 'Content API key' }).inputValue();
    await page.getByRole('button', { name: 'Regenerate Content API key' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Regenerate' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Content API key' }).inputValue()).not.toBe(before);
    await page.getByRole('button', { name: 'Add webhook' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Webhook name' }).fill('Rebuild');
    await dialog.getByRole('textbox', { name: 'Target URL' }).fill('https://example.com/hooks/rebuild');
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await visible(page.getByRole('cell', { name: 'https://example.com/hooks/rebuild' }));
    await visible(page.getByText('Not delivered yet'));
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Edit webhook Rebuild' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Target URL' }).fill('https://example.com/hooks/rebuild-all');
    await dialog.getByRole('button', { name: 'Save webhook' }).click();
    await visible(page.getByRole('cell', { name: 'https://example.com/hooks/rebuild-all' }));
    await page.getByRole('button', { name: 'Delete webhook Rebuild' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await visible(page.getByText(/No webhooks/));
  });

  it('lists, uploads, activates and deletes themes', async () => {
    screenshotOnFailure('themes');
    await nav('Themes');
    await visible(page.getByText('Active', { exact: true }));
    expect(await seriousViolations(page)).toEqual([]);
    const zip = zipSync({
      'package.json': strToU8(JSON.stringify({ name: 'harbour', version: '0.1.0' })),
      'index.hbs': strToU8('<main>{{#foreach posts}}{{title}}{{/foreach}}</main>'),
      'post.hbs': strToU8('<article>{{#post}}{{title}}{{/post}}</article>'),
    });
    await page.getByLabel('Theme zip file').setInputFiles({ name: 'harbour.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
    await visible(page.getByRole('button', { name: 'Activate harbour' }));
    await page.getByRole('button', { name: 'Activate harbour' }).click();
    const harbour = page.getByRole('listitem').filter({ hasText: 'harbour' });
    await expect.poll(() => harbour.getByText('Active', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Activate casper' }).click();
    await page.getByRole('button', { name: 'Delete harbour' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Activate harbour' }).count()).toBe(0);
  });

  it('hides from a Contributor what the role may not do', async () => {
    screenshotOnFailure('contributor');
    // staff are added by staff: the Owner's session (password changed above), as the browser would
    const signIn = await fetch(`${site.origin}/svc/api/v3/admin/session/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.origin },
      body: JSON.stringify({ username: OWNER.email, password: 'a-newer-password-3' }),
    });
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0];
    const added = await fetch(`${site.origin}/svc/api/v3/admin/users/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.origin, cookie },
      body: JSON.stringify({ users: [{ name: 'Cora Contributor', email: 'cora@example.com', password: 'drafts-only-please', roles: ['Contributor'] }] }),
    });
    expect(added.status).toBe(201);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const other = await context.newPage();
    const watched = watch(other, new Set([401]));
    try {
      await other.goto(site.admin);
      await submitSignIn(other, { email: 'cora@example.com', password: 'drafts-only-please' });
      const menu = other.getByRole('navigation');
      await expect.poll(() => menu.getByRole('link', { name: 'Posts', exact: true }).isVisible()).toBe(true);
      for (const name of ['Settings', 'Integrations', 'Themes']) expect(await menu.getByRole('link', { name, exact: true }).count()).toBe(0);
      await other.getByRole('link', { name: 'New post' }).click();
      await other.getByRole('textbox', { name: 'Post title' }).fill('A contributor draft');
      await expect.poll(() => other.locator('output.save-state').textContent()).toBe('Saved');
      expect(await other.getByRole('button', { name: 'Publish', exact: true }).count()).toBe(0);
      await menu.getByRole('link', { name: 'Tags', exact: true }).click();
      await expect.poll(() => other.getByRole('heading', { name: 'Tags' }).isVisible()).toBe(true);
      expect(await other.getByRole('link', { name: 'New tag' }).count()).toBe(0);
      await menu.getByRole('link', { name: 'Staff', exact: true }).click();
      await expect.poll(() => other.getByRole('heading', { name: 'Staff' }).isVisible()).toBe(true);
      expect(await other.getByRole('button', { name: 'Add staff user' }).count()).toBe(0);
      expect(watched.errors).toEqual([]);
      expect(watched.serverErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('saw no console errors and no 5xx answers', () => {
    expect(seen.errors).toEqual([]);
    expect(seen.serverErrors).toEqual([]);
  });
});
