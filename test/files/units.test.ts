import { describe, expect, it } from 'vitest';
import { parseRange } from '../../lib/files/serve';
import { sanitizeFileName } from '../../lib/resources/images/operations';
import { themeNameFrom } from '../../lib/resources/themes/validate';
import { customTemplates } from '../../lib/resources/themes/serialize';
import { resolveOptions } from '../../lib/options';

describe('parseRange', () => {
  it('reads one range of bytes, clamps the end, and knows suffix ranges', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-200', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=95-', 100)).toEqual({ start: 95, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
  });

  it('says unsatisfiable past the end, and ignores what it does not understand', () => {
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-0', 0)).toBe('unsatisfiable');
    for (const header of [null, 'bytes=5-2', 'bytes=-', 'items=0-1', 'bytes=0-1,3-4', 'bytes=a-b']) expect(parseRange(header, 100)).toBeNull();
  });
});

describe('names', () => {
  it('image file names: [A-Za-z0-9_@.] kept, the rest → -, extension kept', () => {
    expect(sanitizeFileName('Sun set!.JPG')).toEqual({ base: 'Sun-set-', extension: 'JPG' });
    expect(sanitizeFileName('C:\\Users\\me\\a b.png')).toEqual({ base: 'a-b', extension: 'png' });
    expect(sanitizeFileName('...png')).toEqual({ base: 'image', extension: 'png' });
    expect(sanitizeFileName(`${'x'.repeat(300)}.png`).base).toHaveLength(180);
  });

  it('theme names: lower-case, [a-z0-9_-], from the zip file name', () => {
    expect(themeNameFrom('My Theme v1.2.ZIP')).toBe('my-theme-v1-2');
    expect(themeNameFrom('path/to/über_theme.zip')).toBe('ber_theme');
    expect(themeNameFrom('!!!.zip')).toBe('');
  });

  it('custom templates: custom-*, post-*, page-* at the top level only', () => {
    expect(customTemplates(['custom-a-b.hbs', 'post-x.hbs', 'partials/custom-no.hbs', 'index.hbs', 'custom-.hbs', 'page-y.css'])).toEqual([
      { filename: 'custom-a-b', name: 'A B', for: ['page', 'post'], slug: null },
      { filename: 'post-x', name: 'X', for: ['post'], slug: 'x' },
    ]);
  });
});

describe('file options', () => {
  it('defaults: in-memory stores, 10 MB uploads, 50 MB themes, /content/images', () => {
    const options = resolveOptions({});
    expect(options.limits.uploadBytes).toBe(10 * 1024 * 1024);
    expect(options.limits.themeBytes).toBe(50 * 1024 * 1024);
    expect(options.imagesPath).toBe('/content/images');
    expect(options.files.images).not.toBe(options.files.themes);
  });

  it('refuses an images path that is not a plain absolute path or lies under the API', () => {
    expect(resolveOptions({ imagesPath: '/static/img/' }).imagesPath).toBe('/static/img');
    for (const imagesPath of ['content/images', '/', '/a/../b', '/svc/images', '/a b']) expect(() => resolveOptions({ imagesPath })).toThrow(TypeError);
    expect(() => resolveOptions({ limits: { uploadBytes: 0 } })).toThrow(TypeError);
  });
});
