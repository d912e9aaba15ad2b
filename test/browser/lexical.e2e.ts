import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS, startSite, type Site, type Watch, signedInPage, failureScreenshots, integrationApi } from './harness';

// The admin client edits a lexical post as lexical (admin/src/editor/lexical.ts): bold, a list and a
// link added in the browser are saved as lexical through the v5 Admin API, a card the editor cannot edit
// comes back byte for byte, a mobiledoc post stays mobiledoc, and a new post on a site whose
// `editor_default_format` is lexical (a new site's default) is written as lexical.
const OWNER = { name: 'Willa Cather', email: 'willa@example.com', password: 'a-long-password-7' };

let site: Site;
let browser: Browser;
let page: Page;
let seen: Watch;
let adminKey = '';

const adminApi = integrationApi(
  () => site.origin,
  () => adminKey,
  'v5',
);

interface StoredPost {
  id: string;
  title: string;
  html: string;
  lexical: string | null;
  mobiledoc: string | null;
}

// on v5, `formats=mobiledoc` shows both body keys, `mobiledoc` and `lexical` (one of them null)
const stored = async (id: string): Promise<StoredPost> => (await (await adminApi('GET', `posts/${id}/?formats=html,mobiledoc`)).json()).posts[0];
const status = () => page.locator('output.save-state');
const body = () => page.getByRole('textbox', { name: 'Post content' });

const text = (value: string, format = 0) => ({ detail: 0, format, mode: 'normal', style: '', text: value, type: 'extended-text', version: 1 });
const paragraph = (...children: object[]) => ({ children, direction: 'ltr', format: '', indent: 0, type: 'paragraph', version: 1 });
/** A card the editor does not edit: it must come back exactly as it was. */
const CALLOUT = { type: 'callout', version: 1, calloutText: '<p>Mind the <b>gap</b></p>', calloutEmoji: '💡', backgroundColor: 'blue' };
const LEXICAL = JSON.stringify({
  root: {
    children: [paragraph(text('The river ran high that spring.')), CALLOUT, paragraph(text('Last line.'))],
    direction: 'ltr',
    format: '',
    indent: 0,
    type: 'root',
    version: 1,
  },
});

const screenshotOnFailure = failureScreenshots(() => page, 'lexical-');

/** Selects `words` inside the editor's text, as a person dragging over them would; or, with `caretAfter`, puts the caret after them. */
async function select(words: string, caretAfter = false): Promise<void> {
  await body().evaluate(
    (element, [target, collapse]) => {
      (element as HTMLElement).focus();
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent?.indexOf(target) ?? -1;
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + target.length);
        if (collapse) range.collapse(false);
        const selection = window.getSelection()!;
        selection.removeAllRanges();
        selection.addRange(range);
        return;
      }
      throw new Error(`“${target}” is not in the editor`);
    },
    [words, caretAfter] as const,
  );
  // the editor takes the selection from the browser's selectionchange event: let it arrive
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

async function createPost(fields: Record<string, unknown>): Promise<string> {
  const response = await adminApi('POST', 'posts/', { posts: [{ status: 'draft', ...fields }] });
  if (response.status !== 201) throw new Error(`creating a post: ${response.status} ${await response.text()}`);
  return (await response.json()).posts[0].id;
}

beforeAll(async () => {
  site = await startSite();
  await site.service.setup({ ...OWNER, title: 'Lexical' });
  ({ adminKey } = await site.service.createIntegration({ name: 'Seeder' }));
  ({ browser, page, seen } = await signedInPage(site.admin, OWNER, { context: { locale: 'en-US' } }));
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('lexical posts in the admin client', () => {
  it('edits a lexical post in place: bold, a list and a link are saved as lexical, the callout untouched', async () => {
    screenshotOnFailure('edit');
    const id = await createPost({ title: 'High water', lexical: LEXICAL });
    await page.goto(`${site.admin}posts/${id}`);
    await expect.poll(() => body().textContent()).toContain('The river ran high that spring.');
    expect(await page.locator('.editor-body').getAttribute('data-format')).toBe('lexical');
    await expect.poll(() => page.locator('.pr-card--callout').textContent()).toContain('not editable here, kept unchanged');
    await page.screenshot({ path: join(SCREENSHOTS, 'lexical-editor.png'), fullPage: true });

    await select('high');
    await page.keyboard.press('Control+b');
    await select('river');
    await page.keyboard.press('Control+k');
    await page.getByRole('textbox', { name: 'Link URL' }).fill('https://example.com/river');
    await page.keyboard.press('Enter');
    await select('Last line.', true);
    await page.keyboard.type('\n- first\nsecond');
    await expect.poll(() => body().locator('ul li').allTextContents()).toEqual(['first', 'second']);
    await page.keyboard.press('Control+s');
    await expect.poll(() => status().textContent(), { timeout: 15_000 }).toBe('Saved');
    await page.screenshot({ path: join(SCREENSHOTS, 'lexical-edited.png'), fullPage: true });

    const post = await stored(id);
    expect(post.mobiledoc).toBeNull();
    expect(typeof post.lexical).toBe('string');
    const children = (JSON.parse(post.lexical!) as { root: { children: object[] } }).root.children;
    expect(JSON.stringify(children[1])).toBe(JSON.stringify(CALLOUT));
    expect(post.html).toContain('<p>The <a href="https://example.com/river">river</a> ran <strong>high</strong> that spring.</p>');
    expect(post.html).toContain('<p>Last line.</p><ul><li>first</li><li>second</li></ul>');

    // opened again, it is the same document: nothing to save, and the editor shows what was saved
    await page.reload();
    await expect.poll(() => body().locator('strong').textContent()).toBe('high');
    expect(await body().locator('a').getAttribute('href')).toBe('https://example.com/river');
  });

  it('keeps a mobiledoc post mobiledoc', async () => {
    screenshotOnFailure('mobiledoc');
    const mobiledoc = JSON.stringify({ version: '0.3.1', atoms: [], cards: [], markups: [], sections: [[1, 'p', [[0, [], 0, 'Old format.']]]] });
    const id = await createPost({ title: 'Still mobiledoc', mobiledoc });
    await page.goto(`${site.admin}posts/${id}`);
    await expect.poll(() => body().textContent()).toBe('Old format.');
    expect(await page.locator('.editor-body').getAttribute('data-format')).toBe('mobiledoc');
    await select('Old format.', true);
    await page.keyboard.type(' Still.');
    await expect.poll(() => status().textContent(), { timeout: 15_000 }).toBe('Saved');
    const post = await stored(id);
    expect(post.lexical).toBeNull();
    expect(JSON.parse(post.mobiledoc!).sections).toEqual([[1, 'p', [[0, [], 0, 'Old format. Still.']]]]);
  });

  it('writes a new post in the site’s default format, lexical on a new site', async () => {
    screenshotOnFailure('new');
    // the settings are the staff's to read (an integration may not): read as the signed-in Owner
    const settings = await page.evaluate(
      async () => (await (await fetch('/svc/api/admin/settings/')).json()) as { settings: { key: string; value: unknown }[] },
    );
    expect(settings.settings.find((s) => s.key === 'editor_default_format')?.value).toBe('lexical');
    await page.getByRole('navigation').getByRole('link', { name: 'Posts', exact: true }).click();
    await page.getByRole('link', { name: 'New post' }).click();
    await page.getByRole('textbox', { name: 'Post title' }).fill('Fresh ink');
    await body().click();
    await page.keyboard.type('Written as **lexical** from the start.');
    await expect.poll(() => status().textContent(), { timeout: 15_000 }).toBe('Saved');
    const id = page.url().split('/').pop()!;
    const post = await stored(id);
    expect(post.mobiledoc).toBeNull();
    expect(JSON.parse(post.lexical!).root.children[0]).toEqual(paragraph(text('Written as '), text('lexical', 1), text(' from the start.')));
    expect(post.html).toBe('<p>Written as <strong>lexical</strong> from the start.</p>');
    expect(seen.errors).toEqual([]);
    expect(seen.serverErrors).toEqual([]);
  });
});
