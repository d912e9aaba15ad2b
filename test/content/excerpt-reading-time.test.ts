import { describe, expect, it } from 'vitest';
import { countWords, excerptOf, readingTime } from '../../lib/content';

describe('excerptOf', () => {
  it('prefers a non-empty custom excerpt', () => {
    expect(excerptOf('plain', 'Custom')).toBe('Custom');
    expect(excerptOf('plain', '  ')).toBe('  ');
  });

  it('falls back to the plaintext when the custom excerpt is empty or missing', () => {
    expect(excerptOf('plain', '')).toBe('plain');
    expect(excerptOf('plain', null)).toBe('plain');
    expect(excerptOf('plain', undefined)).toBe('plain');
    expect(excerptOf('', null)).toBe('');
  });

  it('cuts the plaintext at 500 characters', () => {
    expect(excerptOf('a'.repeat(500), null)).toBe('a'.repeat(500));
    expect(excerptOf('a'.repeat(501), null)).toBe('a'.repeat(500));
    expect(excerptOf('word '.repeat(200), null)).toHaveLength(500);
  });

  it('counts characters, not UTF-16 units, so emoji are never split', () => {
    const text = '😀'.repeat(600);
    const excerpt = excerptOf(text, null);
    expect([...excerpt]).toHaveLength(500);
    expect(excerpt).toBe('😀'.repeat(500));
    expect(excerptOf(`${'a'.repeat(499)}😀b`, null)).toBe(`${'a'.repeat(499)}😀`);
  });

  it('does not cut a long custom excerpt', () => {
    expect(excerptOf('x', 'c'.repeat(800))).toHaveLength(800);
  });
});

describe('countWords', () => {
  it.each<[string, number]>([
    ['', 0],
    ['   \n ', 0],
    ['one', 1],
    ['one two  three\nfour', 4],
    ['Hello, world! ... — !!!', 2],
    ["don't e-mail rock'n'roll", 3],
    ['3.14 is 42', 4],
    ['Ünïcödé façade naïve', 3],
    ['Привет мир', 2],
    ['你好世界', 4],
    ['こんにちは世界', 7],
    ['使用React框架', 5],
    ['안녕하세요 세계', 2],
    ['🎉 🎉', 0],
  ])('%j → %i', (text, expected) => {
    expect(countWords(text)).toBe(expected);
  });
});

describe('readingTime', () => {
  const paragraph = (words: number): string => `<p>${Array.from({ length: words }, () => 'word').join(' ')}</p>`;
  const images = (count: number): string => '<img src="/x.png">'.repeat(count);

  it('is 0 for an empty post', () => {
    expect(readingTime({ html: '', featureImage: null })).toBe(0);
    expect(readingTime({ html: '<p></p><p>  </p>', featureImage: undefined })).toBe(0);
  });

  it('is at least 1 minute for any content', () => {
    expect(readingTime({ html: paragraph(1), featureImage: null })).toBe(1);
    expect(readingTime({ html: '', featureImage: '/feature.jpg' })).toBe(1);
  });

  it('reads 275 words per minute, rounded to the nearest minute', () => {
    expect(readingTime({ html: paragraph(275), featureImage: null })).toBe(1);
    expect(readingTime({ html: paragraph(412), featureImage: null })).toBe(1); // 1.498 min
    expect(readingTime({ html: paragraph(413), featureImage: null })).toBe(2); // 1.502 min
    expect(readingTime({ html: paragraph(2750), featureImage: null })).toBe(10);
  });

  it('adds 12 s for the first image, 11 s for the second… and never less than 3 s', () => {
    // 412 words = 89.89 s; one more image second tips it over 90 s (1.5 min).
    expect(readingTime({ html: paragraph(412) + images(0), featureImage: null })).toBe(1);
    // 10 images: 12+11+…+3 = 75 s; with 75 words/275*60 = 16.36 s → 91.4 s → 2 min.
    expect(readingTime({ html: paragraph(75) + images(10), featureImage: null })).toBe(2);
    // 9 images: 12+…+4 = 72 s → 88.4 s → 1 min.
    expect(readingTime({ html: paragraph(75) + images(9), featureImage: null })).toBe(1);
    // 30 images: 75 + 20×3 = 135 s → 2.25 → 2 min.
    expect(readingTime({ html: images(30), featureImage: null })).toBe(2);
    // 50 images: 75 + 40×3 = 195 s → 3.25 → 3 min.
    expect(readingTime({ html: images(50), featureImage: null })).toBe(3);
  });

  it('counts the feature image as the first image', () => {
    // 9 images in the html + the feature image = 10 images = 75 s; + 16.36 s = 91.4 s → 2 min.
    expect(readingTime({ html: paragraph(75) + images(9), featureImage: '/f.jpg' })).toBe(2);
  });

  it('counts <img> tags in any case and form, but not look-alikes', () => {
    expect(readingTime({ html: '<IMG SRC="/a"><img/><img\nsrc="/b">'.repeat(10), featureImage: null })).toBe(2);
    expect(readingTime({ html: '<imgx>text</imgx>', featureImage: null })).toBe(1);
  });

  it('does not count words in scripts, styles or tag attributes', () => {
    const hidden = `<script>${'var x = 1; '.repeat(1000)}</script><style>${'p { color: red } '.repeat(1000)}</style>`;
    expect(readingTime({ html: `${hidden}<p title="${'w '.repeat(1000)}">short</p>`, featureImage: null })).toBe(1);
  });

  it('counts each CJK character as a word', () => {
    expect(readingTime({ html: `<p>${'字'.repeat(550)}</p>`, featureImage: null })).toBe(2);
  });
});
