import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../helpers/service';
import { SCREENSHOTS, seriousViolations, startSite, type Site, type Watch, submitSignIn, signedInPage, failureScreenshots, integrationApi } from './harness';

// The editor's history of a post (revisions, restore) and its "Preview" link (issue 35).
const OWNER = { name: 'Grace Hopper', email: 'grace@example.com', password: 'a-long-password-2' };
const mobiledoc = (text: string) => JSON.stringify({ version: '0.3.1', atoms: [], cards: [], markups: [], sections: [[1, 'p', [[0, [], 0, text]]]] });

let site: Site;
let browser: Browser;
let page: Page;
let seen: Watch;
let adminKey = '';
let contentKey = '';

const adminApi = integrationApi(
  () => site.origin,
  () => adminKey,
);

/** A post written twice through the API (by the integration "Seeder"): created, then saved by hand with another title and body. */
async function postWithHistory(title: string): Promise<{ id: string; uuid: string }> {
  const created = (await (await adminApi('POST', 'posts/', { posts: [{ title, mobiledoc: mobiledoc(`${title} body`) }] })).json()).posts[0];
  const changed = await adminApi('PUT', `posts/${created.id}/?save_revision=1`, {
    posts: [{ title: `${title}, overwritten`, mobiledoc: mobiledoc('Overwritten body'), updated_at: created.updated_at }],
  });
  if (changed.status !== 200) throw new Error(`saving ${title}: ${changed.status}`);
  return created;
}

const screenshotOnFailure = failureScreenshots(() => page, 'history-');

const titleBox = () => page.getByRole('textbox', { name: 'Post title' });

beforeAll(async () => {
  site = await startSite();
  await site.service.setup({ ...OWNER, title: 'History' });
  ({ adminKey, contentKey } = await site.service.createIntegration({ name: 'Seeder' }));
  ({ browser, page, seen } = await signedInPage(site.admin, OWNER));
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('post history and preview in Chromium', () => {
  it('lists the revisions with author, reason and time, and restores one after a confirmation', async () => {
    screenshotOnFailure('restore');
    const post = await postWithHistory('Original title');
    await page.goto(`${site.admin}posts/${post.id}`);
    await expect.poll(() => titleBox().inputValue()).toBe('Original title, overwritten');

    await page.getByRole('button', { name: 'Post settings' }).click();
    await page.getByRole('button', { name: 'History' }).click();
    const dialog = page.getByRole('dialog', { name: 'History' });
    const list = dialog.getByRole('list', { name: 'Revisions, newest first' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    const [newest, oldest] = [list.getByRole('listitem').nth(0), list.getByRole('listitem').nth(1)];
    expect(await newest.innerText()).toMatch(/Original title, overwritten[\s\S]*Saved by Seeder/);
    expect(await oldest.innerText()).toMatch(/Original title[\s\S]*Created by Seeder/);
    expect(await oldest.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'history-list.png') });

    await oldest.getByRole('button', { name: 'Restore' }).click();
    const confirm = page.getByRole('dialog', { name: 'Restore this version?' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'history-confirm.png') });
    await confirm.getByRole('button', { name: 'Restore' }).click();

    // the editor reads the restored post
    await expect.poll(() => titleBox().inputValue()).toBe('Original title');
    await expect.poll(() => page.locator('.editor-host').innerText()).toContain('Original title body');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    const revisions = (await (await adminApi('GET', `posts/${post.id}/revisions/`)).json()).post_revisions;
    expect(revisions.map((r: { reason: string }) => r.reason)).toEqual(['restored', 'explicit_save', 'initial_revision']);

    // a second look shows the restore at the top, by the owner
    await page.getByRole('button', { name: 'History' }).click();
    const again = page.getByRole('dialog', { name: 'History' }).getByRole('listitem').first();
    await expect.poll(() => again.innerText()).toMatch(/Restored by Grace Hopper/);
    await page.getByRole('dialog', { name: 'History' }).getByRole('button', { name: 'Close' }).click();
    await page.screenshot({ path: join(SCREENSHOTS, 'history-restored.png') });
    expect(seen.errors).toEqual([]);
    expect(seen.serverErrors).toEqual([]);
  });

  it('links "Preview" to the Content API preview, which shows the draft', async () => {
    screenshotOnFailure('preview');
    const post = await postWithHistory('Previewed draft');
    await page.goto(`${site.admin}posts/${post.id}`);
    const link = page.getByRole('link', { name: 'Preview' });
    await expect.poll(() => link.getAttribute('href')).toBe(`${site.origin}/svc/api/content/posts/preview/${post.uuid}/?key=${contentKey}`);
    expect(await link.getAttribute('target')).toBe('_blank');
    const shown = await fetch((await link.getAttribute('href'))!);
    expect(shown.status).toBe(200);
    expect((await shown.json()).posts[0].title).toBe('Previewed draft, overwritten');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('with the previewUrl option', () => {
  let other: Site;
  afterAll(() => other?.close());

  it('links "Preview" to the front end with the uuid', async () => {
    other = await startSite({ previewUrl: 'https://front.example/preview/{uuid}' });
    await other.service.setup({ ...OWNER, title: 'Front' });
    const key = (await other.service.createIntegration({ name: 'Seeder' })).adminKey;
    const created = await fetch(`${other.origin}/svc/api/v3/admin/posts/`, {
      method: 'POST',
      headers: { authorization: `Svc ${await adminToken(key)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ posts: [{ title: 'On the front end' }] }),
    });
    const post = (await created.json()).posts[0];
    const second = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await second.goto(other.admin);
      await submitSignIn(second, OWNER);
      await second.getByRole('navigation').waitFor();
      await second.goto(`${other.admin}posts/${post.id}`);
      const link = second.getByRole('link', { name: 'Preview' });
      await expect.poll(() => link.getAttribute('href')).toBe(`https://front.example/preview/${post.uuid}`);
    } finally {
      await second.close();
    }
  });
});
