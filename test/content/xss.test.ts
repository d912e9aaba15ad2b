import type { AnyNode } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { htmlToMobiledoc, renderMobiledoc } from '../../lib/content';
import { render, renderCard } from './helpers';

/** Parses the output as a browser would and fails on anything that could run or inject. */
function expectInert(html: string, allowedElements: ReadonlySet<string>): void {
  const stack: AnyNode[] = [...parseDocument(html).children];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'script' || node.type === 'style') throw new Error(`<${node.name}> in ${html}`);
    if (node.type !== 'tag') continue;
    expect(allowedElements, `unexpected <${node.name}> in ${html}`).toContain(node.name);
    for (const [name, value] of Object.entries(node.attribs)) {
      expect(name, `attribute ${name} in ${html}`).not.toMatch(/^on|^x$|^srcdoc$/);
      if (name === 'href' || name === 'src' || name === 'poster') expect(value.replace(/\s/g, '')).not.toMatch(/^(javascript|vbscript|data):/i);
    }
    stack.push(...node.children);
  }
}

const CARD_ELEMENTS: ReadonlySet<string> = new Set([
  'figure',
  'figcaption',
  'img',
  'a',
  'div',
  'span',
  'b',
  'strong',
  'em',
  'i',
  'h2',
  'h3',
  'h4',
  'pre',
  'code',
  'p',
  'button',
  'svg',
  'path',
  'video',
  'audio',
  'iframe',
]);

const link = (href: string): string => render({ markups: [['a', ['href', href]]], sections: [[1, 'p', [[0, [0], 1, 'x']]]] });

describe('XSS: link and media URLs', () => {
  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    '\u0000javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\rscript:alert(1)',
    '\u0001\u0002javascript:alert(1)',
    'javascript\u0000:alert(1)',
    '\u00a0javascript:alert(1)',
    '\ufeffjavascript:alert(1)',
    'vbscript:msgbox(1)',
    'VBScript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
    'DATA:text/html,<script>alert(1)</script>',
  ])('drops href %j', (href) => {
    expect(link(href)).toBe('<p><a>x</a></p>');
  });

  it.each([
    ['https://example.com/', 'https://example.com/'],
    ['/relative/path', '/relative/path'],
    ['#anchor', '#anchor'],
    ['mailto:a@b.c', 'mailto:a@b.c'],
    ['//cdn.example.com/x', '//cdn.example.com/x'],
    ['data:image/png;base64,iVBORw0KGgo=', 'data:image/png;base64,iVBORw0KGgo='],
    ['javascript-tutorial.html', 'javascript-tutorial.html'],
    ['/search?q=javascript:x', '/search?q=javascript:x'],
  ])('keeps href %j', (href, expected) => {
    expect(link(href)).toBe(`<p><a href="${expected}">x</a></p>`);
  });

  it('keeps entity-looking text inert instead of decoding it', () => {
    expect(link('&#106;avascript:alert(1)')).toBe('<p><a href="&amp;#106;avascript:alert(1)">x</a></p>');
  });

  it('drops unsafe URLs in cards', () => {
    expect(renderCard('image', { src: 'javascript:alert(1)' })).toBe('');
    expect(renderCard('image', { src: '/a.png', href: 'javascript:alert(1)' })).not.toContain('<a');
    expect(renderCard('button', { buttonUrl: 'javascript:alert(1)', buttonText: 'x' })).toBe('');
    expect(renderCard('bookmark', { metadata: { url: 'javascript:alert(1)', title: 't' } })).toBe('');
    expect(renderCard('bookmark', { metadata: { url: '/ok', title: 't', icon: 'javascript:x', thumbnail: 'vbscript:y' } })).not.toMatch(/script:/);
    expect(renderCard('video', { src: '/v.mp4', thumbnailSrc: 'javascript:x' })).not.toContain('poster');
    expect(renderCard('file', { src: 'javascript:alert(1)' })).toBe('');
    expect(renderCard('gallery', { images: [{ src: '/a.png', href: 'javascript:x' }] })).not.toContain('<a');
    expect(renderCard('header', { header: 'H', buttonEnabled: true, buttonUrl: 'javascript:x', buttonText: 'b' })).not.toContain('<a');
  });

  it('drops unsafe links inside captions', () => {
    expect(renderCard('image', { src: '/a.png', caption: '<a href="javascript:alert(1)">x</a>' })).toContain('<figcaption><a>x</a></figcaption>');
  });

  it('drops unsafe hrefs on HTML import', () => {
    const doc = htmlToMobiledoc('<p><a href="jav&#x09;ascript:alert(1)">a</a><a href="&#106;avascript:alert(1)">b</a><img src="javascript:alert(1)"></p>');
    expect(doc.markups).toEqual([]);
    expect(doc.cards).toEqual([]);
    expect(renderMobiledoc(doc)).toBe('<p>ab</p>');
  });
});

describe('XSS: attribute injection', () => {
  it('has a checker that would notice an injection', () => {
    expect(() => expectInert('<img src="/a" onerror="alert(1)">', CARD_ELEMENTS)).toThrow();
    expect(() => expectInert('<p>x</p><script>alert(1)</script>', CARD_ELEMENTS)).toThrow();
    expect(() => expectInert('<a href=" javascript:alert(1)">x</a>', CARD_ELEMENTS)).toThrow();
    expect(() => expectInert('<img src="/a" alt="&quot;&gt;&lt;script&gt;">', CARD_ELEMENTS)).not.toThrow();
  });

  const payload = '"><script>alert(1)</script><img src=x onerror=alert(1) x="';

  it.each([
    ['image src', { src: `/a.png${payload}` }],
    ['image alt', { src: '/a.png', alt: payload }],
    ['image title', { src: '/a.png', title: payload }],
    ['image width', { src: '/a.png', width: payload, height: payload }],
    ['image cardWidth', { src: '/a.png', cardWidth: payload }],
  ])('%s', (_name, fields) => {
    const html = renderCard('image', fields);
    expect(html).not.toBe('');
    expectInert(html, CARD_ELEMENTS);
  });

  it('escapes quotes in every attribute it writes', () => {
    const html = renderCard('image', { src: '/a"b.png', alt: 'a"b', title: "it's" });
    expect(html).toBe('<figure class="kg-card kg-image-card"><img src="/a&quot;b.png" class="kg-image" alt="a&quot;b" loading="lazy" title="it\'s"></figure>');
  });

  it('sanitises captions to inline formatting', () => {
    const caption = `<b>bold</b> <img src=x onerror=alert(1)><script>alert(1)</script><a href="/x" onclick="alert(1)" style="x">link</a><iframe src="/x">in</iframe><span style="color:red">span</span> ${payload}`;
    const html = renderCard('image', { src: '/a.png', caption });
    expect(html).toBe(
      '<figure class="kg-card kg-image-card kg-card-hascaption"><img src="/a.png" class="kg-image" alt="" loading="lazy">' +
        '<figcaption><b>bold</b> <a href="/x">link</a>span "&gt;</figcaption></figure>',
    );
  });

  it('closes tags left open in captions so they cannot swallow the page', () => {
    expect(renderCard('image', { src: '/a.png', caption: '<b>bold <i>both' })).toContain('<figcaption><b>bold <i>both</i></b></figcaption>');
    expect(renderCard('code', { code: 'x', caption: '</figure></pre><b>' })).toBe(
      '<figure class="kg-card kg-code-card"><pre><code>x</code></pre><figcaption><b></b></figcaption></figure>',
    );
  });

  it.each([
    ['gallery', { images: [{ src: '/a.png', alt: payload, title: payload, width: payload }], caption: payload }],
    [
      'bookmark',
      {
        metadata: {
          url: `/x${payload}`,
          title: payload,
          description: payload,
          publisher: payload,
          author: payload,
          icon: `/i${payload}`,
          thumbnail: `/t${payload}`,
        },
        caption: payload,
      },
    ],
    ['callout', { calloutEmoji: payload, calloutText: payload, backgroundColor: payload }],
    ['toggle', { heading: payload, content: payload }],
    ['button', { buttonUrl: `/x${payload}`, buttonText: payload, alignment: payload }],
    [
      'header',
      {
        header: payload,
        subheader: payload,
        size: payload,
        style: 'image',
        backgroundImageSrc: `/bg${payload}`,
        buttonEnabled: true,
        buttonUrl: `/b${payload}`,
        buttonText: payload,
      },
    ],
    ['video', { src: `/v${payload}`, thumbnailSrc: `/t${payload}`, caption: payload, width: payload, cardWidth: payload }],
    ['audio', { src: `/a${payload}`, title: payload, thumbnailSrc: `/t${payload}` }],
    ['file', { src: `/f${payload}`, fileName: payload, fileTitle: payload, fileCaption: payload, fileSize: payload }],
    ['code', { code: payload, language: payload, caption: payload }],
    ['embed', { html: '<iframe></iframe>', caption: payload }],
  ])('%s card fields', (name, fields) => {
    const html = renderCard(name, fields);
    expect(html).not.toBe('');
    expectInert(html, CARD_ELEMENTS);
  });

  it('escapes markup attribute values', () => {
    expect(
      render({ markups: [['a', ['href', '/x" onmouseover="alert(1)', 'rel', '"><script>', 'target', '_blank" x']]], sections: [[1, 'p', [[0, [0], 1, 'x']]]] }),
    ).toBe('<p><a href="/x&quot; onmouseover=&quot;alert(1)" rel="&quot;><script>" target="_blank&quot; x">x</a></p>');
  });
});

describe('XSS: code cards', () => {
  it('escapes </script> and markup in code', () => {
    expect(renderCard('code', { code: '</script><script>alert(1)</script>', language: 'html' })).toBe(
      '<pre><code class="language-html">&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</code></pre>',
    );
  });

  it('escapes </code></pre> so the code cannot break out of its block', () => {
    expect(renderCard('code', { code: '</code></pre><img src=x onerror=alert(1)>' })).toBe(
      '<pre><code>&lt;/code&gt;&lt;/pre&gt;&lt;img src=x onerror=alert(1)&gt;</code></pre>',
    );
  });

  it('escapes inline code markups and text in every section', () => {
    expect(
      render({
        markups: [['code']],
        atoms: [['mention', '<img src=x onerror=alert(1)>', {}]],
        sections: [
          [1, 'p', [[0, [0], 1, '</script><script>alert(1)</script>']]],
          [1, 'h2', [[0, [], 0, '<b onclick=x>']]],
          [3, 'ul', [[[0, [], 0, '<li>']], [[1, [], 0, 0]]]],
        ],
      }),
    ).toBe(
      '<p><code>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</code></p>' +
        '<h2 id="b-onclickx">&lt;b onclick=x&gt;</h2>' +
        '<ul><li>&lt;li&gt;</li><li>&lt;img src=x onerror=alert(1)&gt;</li></ul>',
    );
  });

  it('keeps imported code as inert text', () => {
    const doc = htmlToMobiledoc('<pre><code>&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;</code></pre>');
    expect(renderMobiledoc(doc)).toBe('<pre><code>&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;</code></pre>');
  });
});
