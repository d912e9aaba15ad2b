import { describe, expect, it } from 'vitest';
import { isReservedSlug, slugify, tagSlug } from '../../lib/content';

describe('slugify', () => {
  it.each<[string, string]>([
    ['Hello World', 'hello-world'],
    ['  Hello,   World!  ', 'hello-world'],
    ['Hello---World', 'hello-world'],
    ['__init__ & friends', 'init-friends'],
    ['C# vs. C++ (2024 edition)', 'c-vs-c-2024-edition'],
    ['a/b?c=d#e', 'a-b-c-d-e'],
    ["Don't stop: it’s fine", 'dont-stop-its-fine'],
    ['Café crème brûlée à la française', 'cafe-creme-brulee-a-la-francaise'],
    ['Ærøskøbing Ångström', 'aeroskobing-angstrom'],
    ['Straße', 'strasse'],
    ['Größe Übung Äpfel öfter', 'grosse-ubung-apfel-ofter'],
    ['Привет, мир', 'privet-mir'],
    ['Ёжик в тумане', 'yozhik-v-tumane'],
    ['Ελληνικά', 'ellinika'],
    ['你好世界', 'ni-hao-shi-jie'],
    ['東京 タワー', 'dong-jing-tawa'],
    ['한국어', 'hangugeo'],
    ['Emoji 🎉 party 🚀', 'emoji-party'],
    ['1, 2, 3', '1-2-3'],
    ['ALL CAPS TITLE', 'all-caps-title'],
  ])('%j → %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it.each(['', '   ', '!!!', '—', '🎉🚀😀', '?#&', '❤️'])('returns "" for %j so the caller picks a fallback', (title) => {
    expect(slugify(title)).toBe('');
  });

  it('cuts at 185 characters and never ends on a dash', () => {
    const long = 'a'.repeat(300);
    expect(slugify(long)).toBe('a'.repeat(185));
    const words = 'abcd '.repeat(60); // "abcd-abcd-…": position 185 falls right after a dash
    const slug = slugify(words);
    expect(slug.length).toBeLessThanOrEqual(185);
    expect(slug.endsWith('-')).toBe(false);
    expect(slug.startsWith('abcd-abcd')).toBe(true);
    const cyrillic = slugify('Щука '.repeat(100));
    expect(cyrillic.length).toBeLessThanOrEqual(185);
    expect(cyrillic.endsWith('-')).toBe(false);
  });

  it('only produces lower-case ASCII letters, digits and single inner dashes', () => {
    for (const title of ['Ünïcödé — “quotes” ‘x’ «y»', 'tab\tnew\nline', 'ｆｕｌｌｗｉｄｔｈ １２３', 'a\u0000b\u200bc']) {
      expect(slugify(title)).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    }
  });

  it('suffixes reserved slugs', () => {
    expect(slugify('RSS')).toBe('rss-post');
    expect(slugify('Ghost')).toBe('ghost-post');
    expect(slugify('p')).toBe('p-post');
    expect(slugify('Tag')).toBe('tag-post');
    expect(slugify('Page', 'page')).toBe('page-page');
    expect(slugify('ghost story')).toBe('ghost-story');
  });
});

describe('isReservedSlug', () => {
  it.each(['ghost', 'rss', 'amp', 'p', 'page', 'tag', 'author', 'assets', 'content', 'admin', 'members'])('%s is reserved', (slug) => {
    expect(isReservedSlug(slug)).toBe(true);
  });
  it.each(['hello', 'ghosts', 'rss-feed', 'pages-of-history', ''])('%j is not reserved', (slug) => {
    expect(isReservedSlug(slug)).toBe(false);
  });
});

describe('tagSlug', () => {
  it.each<[string, string]>([
    ['News', 'news'],
    ['#Foo', 'hash-foo'],
    ['#foo bar', 'hash-foo-bar'],
    ['#Über', 'hash-uber'],
    ['##double', 'hash-double'],
    ['#', 'hash'],
    ['#🎉', 'hash'],
    ['C#', 'c'],
    ['RSS', 'rss-tag'],
    ['#rss', 'hash-rss'],
  ])('%j → %j', (name, slug) => {
    expect(tagSlug(name)).toBe(slug);
  });

  it('keeps internal tag slugs within 185 characters', () => {
    const slug = tagSlug(`#${'x'.repeat(300)}`);
    expect(slug).toHaveLength(185);
    expect(slug.startsWith('hash-x')).toBe(true);
  });

  it('returns "" for a public tag with nothing sluggable', () => {
    expect(tagSlug('🎉')).toBe('');
  });
});
