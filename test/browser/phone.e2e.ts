import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS, seriousViolations, startSite, type Site, type Watch, signedInPage, failureScreenshots, integrationApi } from './harness';

// The admin client on a phone (390×844): the navigation behind a "Menu" button, every screen within
// the window's width, the editor's toolbar and settings panel fitted to it.
const OWNER = { name: 'Mary Somerville', email: 'mary@example.com', password: 'a-long-password-3' };
const PHONE = { width: 390, height: 844 };

let site: Site;
let browser: Browser;
let page: Page;
let seen: Watch;
let postId = '';
let adminKey = '';

const adminApi = integrationApi(
  () => site.origin,
  () => adminKey,
);

const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `phone-${name}.png`) });

const screenshotOnFailure = failureScreenshots(() => page, 'phone-failed-');

/** How far the page can scroll sideways: nothing may stick out of the window. */
const sidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const menuButton = () => page.getByRole('button', { name: 'Menu', exact: true });
const mainNav = () => page.getByRole('navigation', { name: 'Main' });

/** Opens the menu and follows one of its links; the menu closes behind it. */
async function go(name: string): Promise<void> {
  await menuButton().click();
  await expect.poll(() => mainNav().getByRole('link', { name, exact: true }).isVisible()).toBe(true);
  await mainNav().getByRole('link', { name, exact: true }).click();
  await expect.poll(() => menuButton().getAttribute('aria-expanded')).toBe('false');
}

beforeAll(async () => {
  site = await startSite();
  await site.service.setup({ ...OWNER, title: 'A site with rather a long title for a phone' });
  ({ adminKey } = await site.service.createIntegration({ name: 'Seeder' }));
  const tag = (await (await adminApi('POST', 'tags/', { tags: [{ name: 'Astronomy and the physical sciences' }] })).json()).tags[0];
  for (let i = 1; i <= 4; i++) {
    const response = await adminApi('POST', 'posts/', {
      posts: [{ title: `On the connexion of the physical sciences, part ${i}`, status: i % 2 ? 'published' : 'draft', tags: [{ id: tag.id }] }],
    });
    if (response.status !== 201) throw new Error(`seeding post ${i}: ${response.status}`);
    if (i === 3) postId = (await response.json()).posts[0].id;
  }
  ({ browser, page, seen } = await signedInPage(site.admin, OWNER, {
    context: { viewport: PHONE, isMobile: true, hasTouch: true },
    ready: (phone) => phone.getByRole('button', { name: 'Menu', exact: true }),
  }));
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('the admin client at 390×844', () => {
  it('lists posts within the window; the navigation is behind "Menu", with the same links', async () => {
    screenshotOnFailure('posts');
    const list = page.getByRole('list', { name: 'Posts' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(4);
    expect(await mainNav().isVisible()).toBe(false);
    expect(await menuButton().getAttribute('aria-expanded')).toBe('false');
    expect(await sidewaysScroll()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot('posts');

    await menuButton().click();
    for (const name of ['Posts', 'Pages', 'Tags', 'Staff', 'Settings', 'Integrations', 'Themes']) {
      await expect.poll(() => mainNav().getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    }
    expect(await mainNav().getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
    expect(await menuButton().getAttribute('aria-expanded')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
    await shot('menu');
    // Escape closes it, back on the button
    await page.keyboard.press('Escape');
    await expect.poll(() => mainNav().isVisible()).toBe(false);
    expect(await menuButton().evaluate((button) => button === document.activeElement)).toBe(true);
  });

  it('keeps Tab inside the open menu, both ways, and Escape returns to the button', async () => {
    screenshotOnFailure('menu-focus');
    /** What has focus: the Menu button, a control of the menu (by its text), or `outside: …`. */
    const focused = () =>
      page.evaluate(() => {
        const active = document.activeElement as HTMLElement | null;
        if (active?.matches('.menu-button')) return 'Menu';
        if (active && document.getElementById('sidebar')?.contains(active)) return active.textContent!.replace(/\s+/g, ' ').trim();
        return `outside: ${active?.tagName ?? 'nothing'} ${active?.textContent?.slice(0, 40) ?? ''}`;
      });
    await menuButton().click();
    await expect.poll(() => mainNav().isVisible()).toBe(true);
    await menuButton().focus();
    const stops = ['Menu', 'Posts', 'Pages', 'Tags', 'Staff', 'Settings', 'Integrations', 'Themes', `${OWNER.name}Owner`, 'Sign out'];
    const forward: string[] = [];
    for (let i = 0; i < stops.length * 2; i++) {
      await page.keyboard.press('Tab');
      forward.push(await focused());
    }
    // round twice: from Sign out, Tab goes back to the button
    expect(forward).toEqual([...stops.slice(1), ...stops, stops[0]]);
    const backward: string[] = [];
    for (let i = 0; i < stops.length + 1; i++) {
      await page.keyboard.press('Shift+Tab');
      backward.push(await focused());
    }
    // from the button, Shift+Tab goes to Sign out, and round to it again
    expect(backward).toEqual([...[...stops].reverse(), stops[stops.length - 1]]);
    // Escape from inside the menu (on Sign out) closes it, back on the button
    expect(await focused()).toBe('Sign out');
    await page.keyboard.press('Escape');
    await expect.poll(() => mainNav().isVisible()).toBe(false);
    expect(await focused()).toBe('Menu');
    expect(await menuButton().getAttribute('aria-expanded')).toBe('false');
  });

  it('fits every screen of the menu to the window', async () => {
    screenshotOnFailure('screens');
    for (const [name, heading] of [
      ['Pages', 'Pages'],
      ['Tags', 'Tags'],
      ['Staff', 'Staff'],
      ['Integrations', 'Integrations'],
      ['Themes', 'Themes'],
      ['Settings', 'Settings'],
    ]) {
      await go(name);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toContain(heading);
      await page.waitForLoadState('networkidle');
      expect(await sidewaysScroll(), name).toBe(0);
      await shot(name.toLowerCase());
    }
    expect(await seriousViolations(page)).toEqual([]);
    // and the screens behind them: an integration with its keys, a tag, a profile
    for (const [name, link, heading] of [
      ['Integrations', 'Seeder', 'Seeder'],
      ['Tags', 'Astronomy and the physical sciences', ''],
      ['Staff', 'Mary Somerville', 'Your profile'],
    ]) {
      await go(name);
      await page.getByRole('link', { name: link, exact: true }).click();
      if (heading) await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe(heading);
      await page.waitForLoadState('networkidle');
      expect(await sidewaysScroll(), link).toBe(0);
      await shot(`${name.toLowerCase()}-one`);
    }
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('edits a post: the bar and the toolbar stay within the window; the settings panel covers the screen', async () => {
    screenshotOnFailure('editor');
    await go('Posts');
    await page.getByRole('link', { name: 'On the connexion of the physical sciences, part 3' }).click();
    const body = page.getByRole('textbox', { name: 'Post content' });
    await body.waitFor();
    await body.click();
    await page.keyboard.type('Written on a phone, with a toolbar that fits.');
    const toolbar = page.getByRole('toolbar');
    const box = (await toolbar.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    // every tool is reachable: wrapped into the toolbar's box, or scrolled within it
    for (const button of await toolbar.getByRole('button').all()) {
      const b = (await button.boundingBox())!;
      const inside = b.x >= box.x - 1 && b.x + b.width <= box.x + box.width + 1;
      const scrolls = await toolbar.evaluate((el) => getComputedStyle(el).overflowX === 'auto' && el.scrollWidth > el.clientWidth);
      expect(inside || scrolls, (await button.getAttribute('aria-label')) ?? '').toBe(true);
    }
    for (const name of ['Update', 'Post settings']) {
      const b = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
      expect(b.x + b.width, name).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await sidewaysScroll()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot('editor');

    await page.getByRole('button', { name: 'Post settings' }).click();
    const panel = page.locator('#post-settings');
    await panel.waitFor();
    const covers = (await panel.boundingBox())!;
    expect([covers.x, covers.y, covers.width, covers.height]).toEqual([0, 0, PHONE.width, PHONE.height]);
    const close = page.getByRole('button', { name: 'Close settings' });
    expect(await close.isVisible()).toBe(true);
    expect(await sidewaysScroll()).toBe(0);
    await page.getByRole('textbox', { name: 'Excerpt', exact: true }).fill('From a small screen.');
    expect(await seriousViolations(page)).toEqual([]);
    await shot('post-settings');
    await close.click();
    await expect.poll(() => panel.count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Post settings' }).evaluate((b) => b === document.activeElement)).toBe(true);
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await expect.poll(() => page.locator('output.save-state').textContent()).toBe('Updated');
    const stored = (await (await adminApi('GET', `posts/${postId}/`)).json()).posts[0];
    expect(stored.custom_excerpt).toBe('From a small screen.');
  });

  it('keeps the desktop layout at 1280×900: the navigation shown, no "Menu"', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(() => mainNav().isVisible()).toBe(true);
    expect(await menuButton().isVisible()).toBe(false);
    expect(await sidewaysScroll()).toBe(0);
    await page.setViewportSize(PHONE);
    await expect.poll(() => mainNav().isVisible()).toBe(false);
  });

  it('signs out from the menu; the sign-in screen fits too', async () => {
    screenshotOnFailure('sign-in');
    await menuButton().click();
    await mainNav().getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await sidewaysScroll()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot('sign-in');
    expect(seen.errors).toEqual([]);
    expect(seen.serverErrors).toEqual([]);
  });
});
