import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService } from '../../lib';
import type { SaveOptions } from '../../lib/files/file-store';
import { MemoryFileStore } from '../../lib/files/memory';
import { createSqlStorage } from '../../lib/storage/sql/sql-storage';
import { body, createTestSite, snapshot, type TestSite } from '../helpers/service';
import { checkResponses } from '../helpers/openapi-check';
import { sessionClient, OWNER, type SessionClient } from '../users/helpers';
import { adminFetch, td, te, themeZip, uploadTheme, VALID_THEME } from './fixtures';

class RecordingStore extends MemoryFileStore {
  saves: string[] = [];
  deletes: string[] = [];
  override save(path: string, data: Uint8Array, options: SaveOptions): Promise<void> {
    this.saves.push(path);
    return super.save(path, data, options);
  }
  override delete(path: string): Promise<boolean> {
    this.deletes.push(path);
    return super.delete(path);
  }
  async text(path: string): Promise<string | null> {
    const file = await this.read(path);
    return file ? td(new Uint8Array(await new Response(file.stream()).arrayBuffer())) : null;
  }
}

const LIMIT = 1024 * 1024;
let site: TestSite;
let owner: SessionClient;
const themes = new RecordingStore();
const siteChanges: string[] = [];

beforeAll(async () => {
  site = await createTestSite({ files: { themes }, limits: { themeBytes: LIMIT } });
  site.service.on('site.changed', (event) => {
    siteChanges.push(event.name);
  });
  owner = sessionClient(site.service);
  expect((await owner.login(OWNER.email, OWNER.password)).status).toBe(201);
});
afterAll(() => site.close());

async function listed(): Promise<{ name: string; active: boolean; package: Record<string, unknown>; templates: unknown[] }[]> {
  const res = await owner.get('themes/');
  expect(res.status).toBe(200);
  return (await body(res)).themes;
}

async function generation(): Promise<number> {
  const { rows } = await site.driver.query<{ value: string }>('SELECT value FROM content_generation');
  return Number(rows[0].value);
}

/** Expects a 422 ThemeValidationError and that nothing was written anywhere. */
async function refused(zip: Uint8Array, filename: string, codes: string[]): Promise<void> {
  const before = await snapshot(site.driver);
  const saves = themes.saves.length;
  const res = await uploadTheme(site, zip, filename);
  expect(res.status).toBe(422);
  const error = (await body(res)).errors[0];
  expect(error.type).toBe('ThemeValidationError');
  expect(error.details.errors.map((e: { code: string }) => e.code).sort()).toEqual([...codes].sort());
  expect(themes.saves.length).toBe(saves);
  expect(await snapshot(site.driver)).toEqual(before);
}

describe('GET themes/', () => {
  it('lists the shipped default theme, active, even before any upload', async () => {
    const list = await listed();
    expect(list).toEqual([{ name: 'casper', package: expect.objectContaining({ name: 'casper', version: '1.0.0' }), active: true, templates: [] }]);
  });

  it('is for staff users: an integration gets 403, as for DELETE', async () => {
    expect((await adminFetch(site, 'GET', 'themes/')).status).toBe(403);
    expect((await adminFetch(site, 'DELETE', 'themes/casper/')).status).toBe(403);
  });
});

describe('POST themes/upload/', () => {
  it('installs a valid theme named after its zip: 200, {themes:[{name, package, active, templates}]}', async () => {
    const res = await uploadTheme(site, themeZip(VALID_THEME), 'Journal.zip');
    expect(res.status).toBe(200);
    const json = await body(res);
    expect(json).toEqual({
      themes: [
        {
          name: 'journal',
          package: JSON.parse(VALID_THEME['package.json']),
          active: false,
          templates: [
            { filename: 'custom-full-width', name: 'Full Width', for: ['page', 'post'], slug: null },
            { filename: 'page-about-us', name: 'About Us', for: ['page'], slug: 'about-us' },
            { filename: 'post-welcome', name: 'Welcome', for: ['post'], slug: 'welcome' },
          ],
        },
      ],
    });
    expect(await themes.text('journal/index.hbs')).toBe(VALID_THEME['index.hbs']);
    expect(await themes.text('journal/assets/css/screen.css')).toBe(VALID_THEME['assets/css/screen.css']);
    expect((await listed()).map((t) => [t.name, t.active])).toEqual([
      ['casper', true],
      ['journal', false],
    ]);
  });

  it('works in v2 too and accepts a zip made by compressing a folder', async () => {
    const wrapped = themeZip(Object.fromEntries(Object.entries(VALID_THEME).map(([name, text]) => [`folder/${name}`, text])));
    const res = await adminFetch(
      site,
      'POST',
      'themes/upload/',
      (() => {
        const data = new FormData();
        data.append('file', new Blob([wrapped as BlobPart], { type: 'application/x-zip-compressed' }), 'My Folder Theme (v2).zip');
        return data;
      })(),
      {},
      'v2',
    );
    expect(res.status).toBe(200);
    expect((await body(res)).themes[0].name).toBe('my-folder-theme-v2');
    expect(await themes.text('my-folder-theme-v2/post.hbs')).toBe(VALID_THEME['post.hbs']);
  });

  it('refuses a theme without post.hbs, listing the problem in details', async () => {
    const { 'post.hbs': _, ...withoutPost } = VALID_THEME;
    await refused(themeZip(withoutPost), 'nopost.zip', ['TEMPLATE_MISSING']);
    const res = await uploadTheme(site, themeZip(withoutPost), 'nopost.zip');
    const error = (await body(res)).errors[0];
    expect(error.message).toBe('Theme nopost is not valid: The theme has no post.hbs template.');
    expect(error.details).toEqual({
      name: 'nopost',
      errors: [{ code: 'TEMPLATE_MISSING', message: 'The theme has no post.hbs template.', file: 'post.hbs' }],
      total: 1,
    });
  });

  it('lists every problem of a broken package.json and missing templates at once', async () => {
    await refused(themeZip({ 'package.json': '{"description":"no name"}' }), 'bare.zip', [
      'PACKAGE_JSON_NAME',
      'PACKAGE_JSON_VERSION',
      'TEMPLATE_MISSING',
      'TEMPLATE_MISSING',
    ]);
    await refused(themeZip({ ...VALID_THEME, 'package.json': '{not json' }), 'badjson.zip', ['PACKAGE_JSON_INVALID']);
    const { 'package.json': _, ...noPackage } = VALID_THEME;
    await refused(themeZip(noPackage), 'nopackage.zip', ['PACKAGE_JSON_MISSING']);
  });

  it('refuses zip-slip (../../evil), absolute paths, backslashes and symlinks, writing nothing', async () => {
    await refused(themeZip({ ...VALID_THEME, '../../evil.hbs': 'pwned' }), 'slip.zip', ['ZIP_PATH_TRAVERSAL']);
    await refused(themeZip({ ...VALID_THEME, 'partials/../../../evil': 'pwned' }), 'slip2.zip', ['ZIP_PATH_TRAVERSAL']);
    await refused(themeZip({ ...VALID_THEME, '/etc/cron.d/evil': 'pwned' }), 'absolute.zip', ['ZIP_ABSOLUTE_PATH']);
    await refused(themeZip({ ...VALID_THEME, '..\\evil.hbs': 'pwned' }), 'backslash.zip', ['ZIP_BACKSLASH']);
    const symlink = zipSync({
      ...Object.fromEntries(Object.entries(VALID_THEME).map(([name, text]) => [name, te(text)])),
      'assets/passwd': [te('/etc/passwd'), { os: 3, attrs: (0o120777 << 16) >>> 0 }],
    });
    await refused(symlink, 'symlink.zip', ['ZIP_SYMLINK']);
  });

  it('refuses a zip bomb: a small file that expands past the limit', async () => {
    const bomb = themeZip({ ...VALID_THEME, 'assets/zeros.bin': new Uint8Array(LIMIT + 1) });
    expect(bomb.length).toBeLessThan(20_000);
    await refused(bomb, 'bomb.zip', ['ZIP_TOO_LARGE']);
  });

  it('refuses more than 10,000 entries', async () => {
    const many: Record<string, Uint8Array> = Object.fromEntries(Object.entries(VALID_THEME).map(([name, text]) => [name, te(text)]));
    // short names keep the archive itself under the upload limit
    for (let i = 0; i < 10_000; i++) many[String(i)] = new Uint8Array(0);
    await refused(zipSync(many, { level: 0 }), 'many.zip', ['ZIP_TOO_MANY_ENTRIES']);
  });

  it('refuses what is not a zip (415) and names that say nothing or take the default theme (422)', async () => {
    const notZip = await uploadTheme(site, te('hello'), 'fake.zip');
    expect(notZip.status).toBe(415);
    expect((await body(notZip)).errors[0].context).toBe('The content of the file is not a zip archive.');
    expect((await uploadTheme(site, themeZip(VALID_THEME), 'theme.tar')).status).toBe(415);
    expect((await uploadTheme(site, themeZip(VALID_THEME), 'theme.zip', 'text/plain')).status).toBe(415);
    for (const name of ['casper.zip', 'CASPER.zip', '---.zip', '_.zip']) {
      const res = await uploadTheme(site, themeZip(VALID_THEME), name);
      expect(res.status, name).toBe(422);
      expect((await body(res)).errors[0].type).toBe('ValidationError');
    }
    const empty = await adminFetch(site, 'POST', 'themes/upload/', new FormData());
    expect(empty.status).toBe(422);
  });
});

describe('PUT themes/{name}/activate/', () => {
  it('activates: 200 with active true and templates, a setting that survives a restart, site.changed fired', async () => {
    await uploadTheme(site, themeZip(VALID_THEME), 'journal.zip');
    const generationBefore = await generation();
    siteChanges.length = 0;

    const res = await adminFetch(site, 'PUT', 'themes/journal/activate/');
    expect(res.status).toBe(200);
    const theme = (await body(res)).themes[0];
    expect(theme).toMatchObject({ name: 'journal', active: true, package: { name: 'journal' } });
    expect(theme.templates).toHaveLength(3);
    expect(siteChanges).toEqual(['site.changed']);
    expect(await generation()).toBe(generationBefore + 1);
    expect((await listed()).filter((t) => t.active).map((t) => t.name)).toEqual(['journal']);

    // a second service on the same database and file store: what a restart sees
    const restarted = checkResponses(await createService({ storage: createSqlStorage(site.driver), files: { themes }, url: 'http://127.0.0.1:2368' }));
    const again = sessionClient(restarted);
    await again.login(OWNER.email, OWNER.password);
    const list = (await body(await again.get('themes/'))).themes;
    expect(list.filter((t: { active: boolean }) => t.active).map((t: { name: string }) => t.name)).toEqual(['journal']);
  });

  it('an unknown theme → 422 ValidationError, nothing changed', async () => {
    const before = await snapshot(site.driver);
    for (const name of ['nope', 'Bad%20Name', '..']) {
      const res = await adminFetch(site, 'PUT', `themes/${name}/activate/`);
      expect(res.status, name).toBe(name === '..' ? 404 : 422);
    }
    expect(await snapshot(site.driver)).toEqual(before);
  });

  it('re-uploading the active theme replaces its files, keeps it active and fires site.changed', async () => {
    await adminFetch(site, 'PUT', 'themes/journal/activate/');
    siteChanges.length = 0;
    const { 'partials/card.hbs': _, ...rest } = VALID_THEME;
    const next = { ...rest, 'index.hbs': '{{!-- version 2 --}}', 'partials/new.hbs': 'new' };
    const res = await uploadTheme(site, themeZip(next), 'journal.zip');
    expect(res.status).toBe(200);
    expect((await body(res)).themes[0]).toMatchObject({ name: 'journal', active: true });
    expect(await themes.text('journal/index.hbs')).toBe('{{!-- version 2 --}}');
    expect(await themes.text('journal/partials/new.hbs')).toBe('new');
    expect(await themes.exists('journal/partials/card.hbs')).toBe(false);
    expect(siteChanges).toEqual(['site.changed']);
    expect((await listed()).filter((t) => t.active).map((t) => t.name)).toEqual(['journal']);
  });

  it('concurrent uploads of one name never mix their files', async () => {
    const versions = Array.from({ length: 6 }, (_, i) => ({ ...VALID_THEME, 'index.hbs': `version ${i}`, [`only-${i}.hbs`]: `${i}` }));
    const responses = await Promise.all(versions.map((files) => uploadTheme(site, themeZip(files), 'race.zip')));
    expect(responses.map((r) => r.status)).toEqual(versions.map(() => 200));
    const index = (await themes.text('race/index.hbs'))!;
    const winner = Number(index.split(' ')[1]);
    for (let i = 0; i < versions.length; i++) expect(await themes.exists(`race/only-${i}.hbs`), `only-${i}`).toBe(i === winner);
    const { rows } = await site.driver.query<{ files: string }>(`SELECT files FROM themes WHERE name = 'race'`);
    expect(JSON.parse(rows[0].files).sort()).toEqual(Object.keys(versions[winner]).sort());
  });

  it('a broken re-upload of the active theme leaves the installed one untouched', async () => {
    const { 'index.hbs': _, ...broken } = VALID_THEME;
    await refused(themeZip(broken), 'journal.zip', ['TEMPLATE_MISSING']);
    expect(await themes.text('journal/index.hbs')).toBe('{{!-- version 2 --}}');
  });
});

describe('DELETE themes/{name}/', () => {
  it('refuses the active theme and the default theme (422), unknown names (404)', async () => {
    await adminFetch(site, 'PUT', 'themes/journal/activate/');
    const active = await owner.del('themes/journal/');
    expect(active.status).toBe(422);
    expect((await body(active)).errors[0].message).toMatch(/active theme cannot be deleted/);
    expect((await owner.del('themes/casper/')).status).toBe(422);
    expect((await owner.del('themes/nope/')).status).toBe(404);
    expect(await themes.exists('journal/index.hbs')).toBe(true);
  });

  it('deletes an inactive theme with its files: 204', async () => {
    expect((await adminFetch(site, 'PUT', 'themes/casper/activate/')).status).toBe(200);
    const res = await owner.del('themes/journal/');
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(await themes.exists('journal/index.hbs')).toBe(false);
    expect(await themes.exists('journal/assets/css/screen.css')).toBe(false);
    expect((await listed()).map((t) => t.name)).not.toContain('journal');
    expect((await adminFetch(site, 'PUT', 'themes/journal/activate/')).status).toBe(422);
  });
});
