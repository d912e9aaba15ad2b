// Screenshots of the admin client's screens at 1280×900, for a person to look at:
// node --import tsx test/browser/screenshots.ts [dir]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, png, startSite } from './harness';

const dir = process.argv[2] ?? join(process.cwd(), '.screenshots');
mkdirSync(dir, { recursive: true });
const site = await startSite();
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
  page.on('pageerror', (e) => console.log('pageerror:', e.message));
  const shot = (name: string) => page.screenshot({ path: join(dir, `${name}.png`) });
  await page.goto(site.admin);
  await page.getByLabel('Site title').waitFor();
  await shot('setup');
  await page.getByLabel('Site title').fill('The Morning Ledger');
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Password').fill('a-long-password-1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('navigation').getByRole('link', { name: 'Posts' }).waitFor();
  const { adminKey } = await site.service.createIntegration({ name: 'Seed' });
  void adminKey;
  await page.getByRole('link', { name: 'New post' }).click();
  await page.getByLabel('Post title').fill('Notes from the harbour');
  const body = page.getByRole('textbox', { name: 'Post content' });
  await body.click();
  await page.keyboard.type('## A heading\nSome text with ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('bold words');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('.\n- first\nsecond\n\n');
  await page.locator('.pr-editor input[type=file]').setInputFiles({ name: 'square.png', mimeType: 'image/png', buffer: png() });
  await page.waitForTimeout(1500);
  await page.getByRole('button', { name: 'Post settings' }).click();
  await page.getByRole('combobox', { name: 'Tags' }).fill('News');
  await page.keyboard.press('Enter');
  await page.waitForTimeout(1500);
  await shot('editor');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('dialog').waitFor();
  await shot('publish-dialog');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Publish/ })
    .click();
  await page.getByRole('button', { name: 'Update' }).waitFor();
  await shot('editor-published');
  await page.getByRole('link', { name: '← Posts' }).click();
  await page.getByRole('link', { name: 'Notes from the harbour' }).waitFor();
  await shot('posts');
  for (const name of ['Tags', 'Staff', 'Settings', 'Integrations', 'Themes']) {
    await page.getByRole('navigation').getByRole('link', { name }).click();
    await page.waitForTimeout(700);
    await shot(name.toLowerCase());
  }
  await page.getByRole('navigation').getByRole('link', { name: 'Integrations' }).click();
  await page.getByRole('button', { name: 'Add integration' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Front end');
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('textbox', { name: 'Content API key' }).waitFor();
  await shot('integration');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await shot('sign-in');
  console.log(`screenshots in ${dir}`);
} finally {
  await browser.close();
  await site.close();
}
