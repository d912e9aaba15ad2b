import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { SCREENSHOTS, seriousViolations, startSite, type Site, type Watch, signedInPage, integrationApi } from './harness';

// The posts and pages lists' search box (issue 36): the Admin API's ranked search, with each result's
// headline under its title, its matches marked and nothing in it read as HTML.
const OWNER = { name: 'Grace Hopper', email: 'grace@example.com', password: 'a-long-password-2' };

let site: Site;
let browser: Browser;
let page: Page;
let seen: Watch;
let adminKey = '';

const adminApi = integrationApi(
  () => site.origin,
  () => adminKey,
);

async function add(resource: 'posts' | 'pages', post: Record<string, unknown>): Promise<void> {
  const response = await adminApi('POST', `${resource}/?source=html`, { [resource]: [post] });
  if (response.status !== 201) throw new Error(`seeding ${resource}: ${response.status} ${await response.text()}`);
}

beforeAll(async () => {
  site = await startSite();
  await site.service.setup({ ...OWNER, title: 'Search' });
  ({ adminKey } = await site.service.createIntegration({ name: 'Seeder' }));
  await add('posts', { title: 'Lighthouse keepers', status: 'published', html: '<p>Notes from the coast.</p>' });
  await add('posts', { title: 'Harbour diary', status: 'draft', html: '<p>We met the lighthouse keeper &amp; his <b>dog</b> &lt;script&gt;.</p>' });
  await add('posts', { title: 'Unrelated', status: 'published', html: '<p>Nothing to see.</p>' });
  await add('pages', { title: 'About the lighthouse', status: 'published', html: '<p>Who we are.</p>' });
  ({ browser, page, seen } = await signedInPage(site.admin, OWNER));
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('the search box in Chromium', () => {
  it('finds posts ranked, drafts too, with the matching text under each title', async () => {
    onTestFailed(async () => {
      await page.screenshot({ path: join(SCREENSHOTS, 'search-posts-failed.png'), fullPage: true }).catch(() => undefined);
    });
    const list = page.getByRole('list', { name: 'Posts' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(3);
    await page.getByRole('searchbox', { name: 'Search posts' }).fill('lighthouse keep');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    // the title match first, then the body match
    const links = await list.getByRole('listitem').getByRole('link').allTextContents();
    expect(links).toEqual(['Lighthouse keepers', 'Harbour diary']);
    const diary = list.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Harbour diary' }) });
    const headline = diary.locator('.post-headline');
    // escaped by the API and shown as text (ts_headline leaves out what looks like a tag, `<script>`)
    await expect.poll(() => headline.textContent()).toBe('We met the lighthouse keeper & his dog .');
    expect(await headline.locator('mark').allTextContents()).toEqual(['lighthouse', 'keeper']);
    // the body's markup is text, never elements
    expect(await headline.locator('script, b').count()).toBe(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'search-posts.png'), fullPage: true });
    // a search stays in the address: a reload shows the same results
    await page.reload();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('searches pages on the pages list, and says when nothing matches', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Pages', exact: true }).click();
    const list = page.getByRole('list', { name: 'Pages' });
    await page.getByRole('searchbox', { name: 'Search pages' }).fill('lighthouse');
    await expect.poll(() => list.getByRole('link').allTextContents()).toEqual(['About the lighthouse']);
    await expect.poll(() => list.locator('.post-headline mark').allTextContents()).toEqual(['lighthouse']);
    await page.getByRole('searchbox', { name: 'Search pages' }).fill('walrus');
    await expect.poll(() => page.getByText('No pages match these filters.').isVisible()).toBe(true);
    expect(seen.errors).toEqual([]);
    expect(seen.serverErrors).toEqual([]);
  });
});
