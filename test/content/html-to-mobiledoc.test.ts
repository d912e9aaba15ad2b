import { describe, expect, it } from 'vitest';
import { htmlToMobiledoc, parseMobiledoc, renderMobiledoc, type Mobiledoc } from '../../lib/content';

/** Import, check the result is valid mobiledoc, and render it back. */
function convert(html: string): { doc: Mobiledoc; html: string } {
  const doc = htmlToMobiledoc(html);
  const valid = parseMobiledoc(JSON.stringify(doc));
  return { doc, html: renderMobiledoc(valid) };
}
const htmlOf = (html: string): string => convert(html).html;

describe('htmlToMobiledoc: document shape', () => {
  it('produces an empty 0.3.1 document for empty input', () => {
    expect(htmlToMobiledoc('')).toEqual({ version: '0.3.1', ghostVersion: '4.0', atoms: [], cards: [], markups: [], sections: [] });
    expect(htmlToMobiledoc('   \n ').sections).toEqual([]);
  });

  it('maps paragraphs and headings to markup sections', () => {
    expect(htmlToMobiledoc('<p>One</p><h1>Two</h1><h6>Six</h6>').sections).toEqual([
      [1, 'p', [[0, [], 0, 'One']]],
      [1, 'h1', [[0, [], 0, 'Two']]],
      [1, 'h6', [[0, [], 0, 'Six']]],
    ]);
  });

  it('maps inline formatting to markups with balanced open/close counts', () => {
    const doc = htmlToMobiledoc(
      '<p>a <strong>b <em>c</em></strong><em> d</em> <u>u</u><s>s</s><strike>t</strike><del>d</del><code>c</code><sub>2</sub><sup>3</sup></p>',
    );
    expect(doc.markups).toEqual([['strong'], ['em'], ['u'], ['s'], ['code'], ['sub'], ['sup']]);
    expect(doc.sections).toEqual([
      [
        1,
        'p',
        [
          [0, [], 0, 'a '],
          [0, [0], 0, 'b '],
          [0, [1], 2, 'c'],
          [0, [1], 1, ' d'],
          [0, [], 0, ' '],
          [0, [2], 1, 'u'],
          [0, [3], 1, 'std'],
          [0, [4], 1, 'c'],
          [0, [5], 1, '2'],
          [0, [6], 1, '3'],
        ],
      ],
    ]);
  });

  it('keeps href, rel and target on links and shares identical markups', () => {
    const doc = htmlToMobiledoc(
      '<p><a href="https://e.com" rel="noopener" target="_blank" class="x" onclick="y">a</a> <a href="https://e.com" rel="noopener" target="_blank">b</a></p>',
    );
    expect(doc.markups).toEqual([['a', ['href', 'https://e.com', 'rel', 'noopener', 'target', '_blank']]]);
    expect(doc.sections[0]).toEqual([
      1,
      'p',
      [
        [0, [0], 1, 'a'],
        [0, [], 0, ' '],
        [0, [0], 1, 'b'],
      ],
    ]);
  });

  it('turns <br> into soft-return atoms', () => {
    const doc = htmlToMobiledoc('<p>one<br>two<br/>three</p>');
    expect(doc.atoms).toEqual([['soft-return', '', {}]]);
    expect(doc.sections[0]).toEqual([
      1,
      'p',
      [
        [0, [], 0, 'one'],
        [1, [], 0, 0],
        [0, [], 0, 'two'],
        [1, [], 0, 0],
        [0, [], 0, 'three'],
      ],
    ]);
  });

  it('drops a trailing <br> and paragraphs that hold nothing', () => {
    expect(htmlOf('<p>text<br></p><p><br></p><p> </p><p></p>')).toBe('<p>text</p>');
  });

  it('wraps top-level text in paragraphs', () => {
    expect(htmlOf('loose <b>text</b><p>para</p>tail')).toBe('<p>loose <b>text</b></p><p>para</p><p>tail</p>');
  });

  it('collapses white space like a browser', () => {
    expect(htmlOf('<p>\n  Lots   of\t\tspace <b> here </b> and\n there  </p>')).toBe('<p>Lots of space <b>here </b>and there</p>');
    expect(htmlOf('<p>a <br>  b</p>')).toBe('<p>a<br>b</p>');
    expect(htmlOf('<p>keep&nbsp;&nbsp;nbsp</p>')).toBe('<p>keep&nbsp;&nbsp;nbsp</p>');
  });

  it('unwraps layout containers and unknown inline formatting', () => {
    expect(htmlOf('<div><section><article><p>in</p>loose</article></section></div><span style="x">span</span> <font color="red">font</font>')).toBe(
      '<p>in</p><p>loose</p><p>span font</p>',
    );
  });

  it('keeps formatting that encloses blocks', () => {
    expect(htmlOf('<a href="/x"><h2>Linked heading</h2></a><b><p>one</p><p>two</p></b>')).toBe(
      '<h2 id="linked-heading"><a href="/x">Linked heading</a></h2><p><b>one</b></p><p><b>two</b></p>',
    );
  });

  it('keeps the text of links whose href is unsafe or missing', () => {
    expect(htmlOf('<p><a href=" JaVaScRiPt:alert(1)">x</a> <a name="anchor">y</a></p>')).toBe('<p>x y</p>');
  });

  it('drops document metadata when a whole page is pasted', () => {
    expect(
      htmlOf('<!DOCTYPE html><html><head><title>Title</title><meta charset="utf-8"><link rel="stylesheet" href="x.css"></head><body><p>Body</p></body></html>'),
    ).toBe('<p>Body</p>');
  });
});

describe('htmlToMobiledoc: quotes and lists', () => {
  it('joins a blockquote’s paragraphs with a blank line', () => {
    expect(htmlOf('<blockquote><p>one</p><p>two</p></blockquote><aside>side</aside>')).toBe('<blockquote>one<br><br>two</blockquote><aside>side</aside>');
  });

  it('keeps a blockquote with blocks it cannot hold as html', () => {
    expect(htmlOf('<blockquote><p>x</p><ul><li>y</li></ul></blockquote>')).toBe(
      '<!--kg-card-begin: html--><blockquote><p>x</p><ul><li>y</li></ul></blockquote><!--kg-card-end: html-->',
    );
  });

  it('maps lists', () => {
    expect(htmlOf('<ul><li>a</li><li><b>b</b></li></ul><ol><li>1</li></ol>')).toBe('<ul><li>a</li><li><b>b</b></li></ul><ol><li>1</li></ol>');
  });

  it('flattens nested lists into the outer list without losing text', () => {
    expect(htmlOf('<ol><li>one<ul><li>one.a</li><li>one.b<ol><li>deep</li></ol></li></ul>after</li><li>two</li></ol>')).toBe(
      '<ol><li>one</li><li>one.a</li><li>one.b</li><li>deep</li><li>after</li><li>two</li></ol>',
    );
  });

  it('joins blocks inside an item with a line break', () => {
    expect(htmlOf('<ul><li><p>first</p><p>second</p></li></ul>')).toBe('<ul><li>first<br>second</li></ul>');
  });

  it('keeps stray content and lists nested directly in lists', () => {
    expect(htmlOf('<ul>stray<li>a</li><ul><li>b</li></ul></ul>')).toBe('<ul><li>stray</li><li>a</li><li>b</li></ul>');
  });

  it('keeps a list holding images or tables as html', () => {
    expect(htmlOf('<ul><li><img src="/a.png"> pic</li></ul>')).toBe(
      '<!--kg-card-begin: html--><ul><li><img src="/a.png"> pic</li></ul><!--kg-card-end: html-->',
    );
  });

  it('drops empty lists and items', () => {
    expect(htmlOf('<ul><li> </li></ul><ul></ul><ul><li>x</li><li></li></ul>')).toBe('<ul><li>x</li></ul>');
  });
});

describe('htmlToMobiledoc: cards', () => {
  it('turns images into image cards, splitting paragraphs', () => {
    const { doc, html } = convert('<p>before<img src="https://e.com/a.jpg" alt="Alt" title="T" width="600" height="400">after</p>');
    expect(doc.cards).toEqual([['image', { src: 'https://e.com/a.jpg', alt: 'Alt', title: 'T', width: 600, height: 400 }]]);
    expect(html).toBe(
      '<p>before</p><figure class="kg-card kg-image-card"><img src="https://e.com/a.jpg" class="kg-image" alt="Alt" loading="lazy" title="T" width="600" height="400"></figure><p>after</p>',
    );
  });

  it('keeps the link around an image', () => {
    expect(htmlToMobiledoc('<p><a href="https://e.com"><img src="/a.jpg"></a></p>').cards).toEqual([['image', { src: '/a.jpg', href: 'https://e.com' }]]);
  });

  it('reads figures with captions and Ghost width classes', () => {
    expect(
      htmlToMobiledoc('<figure class="kg-card kg-image-card kg-width-full"><img src="/a.jpg"><figcaption>An <em>image</em></figcaption></figure>').cards,
    ).toEqual([['image', { src: '/a.jpg', cardWidth: 'full', caption: 'An <em>image</em>' }]]);
    expect(htmlToMobiledoc('<figure><picture><source srcset="/a.webp"><img src="/a.jpg"></picture><figcaption>c</figcaption></figure>').cards).toEqual([
      ['image', { src: '/a.jpg', caption: 'c' }],
    ]);
  });

  it('skips images without a usable src', () => {
    expect(htmlToMobiledoc('<img><img src="javascript:alert(1)">').sections).toEqual([]);
  });

  it('turns <pre><code> into code cards', () => {
    expect(htmlToMobiledoc('<pre><code class="language-ts">const a: number = 1 &lt; 2;\n  indented</code></pre><pre>plain\ttext</pre>').cards).toEqual([
      ['code', { code: 'const a: number = 1 < 2;\n  indented', language: 'ts' }],
      ['code', { code: 'plain\ttext' }],
    ]);
  });

  it('reads captioned code figures', () => {
    expect(
      htmlToMobiledoc('<figure class="kg-card kg-code-card"><pre><code class="language-js">x</code></pre><figcaption>cap</figcaption></figure>').cards,
    ).toEqual([['code', { code: 'x', language: 'js', caption: 'cap' }]]);
  });

  it('turns <hr> into hr cards', () => {
    expect(htmlOf('<p>a</p><hr><p>b</p>')).toBe('<p>a</p><hr><p>b</p>');
  });

  it('turns Ghost’s members-only marker into a paywall card', () => {
    expect(htmlToMobiledoc('<p>free</p><!--members-only--><p>paid</p>').cards).toEqual([['paywall', {}]]);
  });

  it('turns Ghost html and markdown card markers back into html cards', () => {
    expect(
      htmlToMobiledoc(
        '<!--kg-card-begin: html--><div class="x">raw <b>html</b></div>\n<p>two</p><!--kg-card-end: html--><!--kg-card-begin: markdown--><h2 id="x">X</h2><!--kg-card-end: markdown-->',
      ).cards,
    ).toEqual([
      ['html', { html: '<div class="x">raw <b>html</b></div>\n<p>two</p>' }],
      ['html', { html: '<h2 id="x">X</h2>' }],
    ]);
  });

  it('ignores other comments', () => {
    expect(htmlOf('<p>a<!-- note -->b</p><!-- x -->')).toBe('<p>ab</p>');
  });

  it('reads Ghost gallery, bookmark and embed markup back into cards', () => {
    const gallery = htmlToMobiledoc(
      '<figure class="kg-card kg-gallery-card kg-width-wide"><div class="kg-gallery-container"><div class="kg-gallery-row"><div class="kg-gallery-image"><img src="/1.jpg" width="10" height="5"></div><div class="kg-gallery-image"><img src="/2.jpg" width="10" height="5"></div></div><div class="kg-gallery-row"><div class="kg-gallery-image"><img src="/3.jpg" width="10" height="5"></div></div></div></figure>',
    );
    expect(gallery.cards).toEqual([
      [
        'gallery',
        {
          images: [
            { row: 0, src: '/1.jpg', fileName: '1.jpg', width: 10, height: 5 },
            { row: 0, src: '/2.jpg', fileName: '2.jpg', width: 10, height: 5 },
            { row: 1, src: '/3.jpg', fileName: '3.jpg', width: 10, height: 5 },
          ],
        },
      ],
    ]);
    const embed = htmlToMobiledoc(
      '<figure class="kg-card kg-embed-card"><iframe src="https://youtube.com/embed/x"></iframe><figcaption>Video</figcaption></figure>',
    );
    expect(embed.cards).toEqual([['embed', { html: '<iframe src="https://youtube.com/embed/x"></iframe>', caption: 'Video' }]]);
  });

  it('keeps other Ghost cards verbatim', () => {
    const callout =
      '<div class="kg-card kg-callout-card kg-callout-card-grey"><div class="kg-callout-emoji">💡</div><div class="kg-callout-text">x</div></div>';
    expect(htmlToMobiledoc(callout).cards).toEqual([['html', { html: callout }]]);
  });
});

describe('htmlToMobiledoc: unmappable content becomes html cards', () => {
  it.each([
    ['table', '<table><thead><tr><th>H</th></tr></thead><tbody><tr><td>1 &amp; 2</td></tr></tbody></table>'],
    ['iframe', '<iframe src="https://www.youtube.com/embed/x" width="560" height="315" allowfullscreen></iframe>'],
    ['video', '<video src="/v.mp4" controls></video>'],
    ['audio', '<audio src="/a.mp3"></audio>'],
    ['form', '<form action="/s"><input name="q"><button>Go</button></form>'],
    ['script', '<script>if (a < b && c) { document.write("</p>") }</script>'],
    ['style', '<style>p > a { color: red }</style>'],
    ['svg', '<svg viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>'],
    ['custom element', '<my-widget data-id="7">Widget text</my-widget>'],
    ['definition list', '<dl><dt>Term</dt><dd>Definition</dd></dl>'],
    ['details', '<details><summary>More</summary>Hidden</details>'],
    ['object', '<object data="/x.swf"></object>'],
    ['noscript', '<noscript>Enable JS</noscript>'],
  ])('%s', (_name, fragment) => {
    const { doc, html } = convert(`<p>before</p>${fragment}<p>after</p>`);
    expect(doc.cards).toEqual([['html', { html: fragment }]]);
    expect(html).toBe(`<p>before</p><!--kg-card-begin: html-->${fragment}<!--kg-card-end: html--><p>after</p>`);
  });

  it('splits a paragraph around an inline unknown element', () => {
    expect(htmlOf('<p>text <iframe src="/x"></iframe> more</p>')).toBe(
      '<p>text</p><!--kg-card-begin: html--><iframe src="/x"></iframe><!--kg-card-end: html--><p>more</p>',
    );
  });
});

describe('htmlToMobiledoc: malformed HTML', () => {
  it('closes unclosed tags', () => {
    expect(htmlOf('<p>one <b>bold <i>both')).toBe('<p>one <b>bold <i>both</i></b></p>');
    expect(htmlOf('<p>one<p>two<h2>three')).toBe('<p>one</p><p>two</p><h2 id="three">three</h2>');
  });

  it('ignores stray closing tags', () => {
    expect(htmlOf('</b></div>text</i><p>p</p></span></p>')).toBe('<p>text</p><p>p</p>');
  });

  it('copes with misnested formatting', () => {
    const { doc, html } = convert('<p><b>a<i>b</b>c</i></p>');
    expect(doc.sections).toHaveLength(1);
    expect(html.replace(/<[^>]+>/g, '')).toBe('abc');
  });

  it('handles attributes without values and odd quoting', () => {
    expect(htmlOf("<p><a href=/x target=_blank>x</a><img src='/i.png' alt=a\"b></p>")).toBe(
      '<p><a href="/x" target="_blank">x</a></p><figure class="kg-card kg-image-card"><img src="/i.png" class="kg-image" alt="a&quot;b" loading="lazy"></figure>',
    );
  });

  it('keeps literal angle brackets and ampersands as text', () => {
    expect(htmlOf('<p>1 < 2 && 3 > 2 &copy; &#x1F600; &unknown;</p>')).toBe('<p>1 &lt; 2 &amp;&amp; 3 &gt; 2 © 😀 &amp;unknown;</p>');
  });
});

describe('htmlToMobiledoc: Unicode', () => {
  it('keeps non-Latin text, emoji and combining marks', () => {
    const text = 'Привет, мир — 你好，世界 — こんにちは — مرحبا — 👩‍👩‍👧 — é (e\u0301)';
    expect(htmlOf(`<h2>${text}</h2><p>${text}</p>`)).toBe(
      `<h2 id="${encodeURIComponent('привет-мир-—-你好，世界-—-こんにちは-—-مرحبا-—-👩‍👩‍👧-—-é-e\u0301')}">${text}</h2><p>${text}</p>`,
    );
  });
});

describe('htmlToMobiledoc: size and depth', () => {
  it('converts a ~1 MB document without losing its structure', () => {
    const block =
      '<h2>Section</h2><p>Lorem ipsum <b>dolor</b> sit amet, <a href="https://example.com/?a=1&amp;b=2">consectetur</a> adipiscing &amp; elit.<br>Line two</p>' +
      '<ul><li>one</li><li>two <em>em</em></li></ul><figure><img src="/a.png" alt="x"><figcaption>cap</figcaption></figure>' +
      '<table><tr><td>cell</td></tr></table><blockquote><p>quote</p></blockquote>';
    const copies = Math.ceil(1_000_000 / block.length);
    const html = block.repeat(copies);
    const doc = htmlToMobiledoc(html);
    expect(html.length).toBeGreaterThanOrEqual(1_000_000);
    // per block: heading, paragraph, list, image card, table card, quote
    expect(doc.sections.length).toBe(copies * 6);
    expect(doc.cards.filter(([name]) => name === 'image')).toHaveLength(copies);
    // the speed of this conversion is measured in bench/, not asserted here
  });

  it.each(['div', 'b', 'span', 'blockquote', 'table', 'ul'])('survives 10 000 nested <%s> without losing the text', (tag) => {
    const open = tag === 'ul' ? '<ul><li>' : `<${tag}>`;
    const { html } = convert(`${open.repeat(10_000)}deep text`);
    expect(html).toContain('deep text');
  });
});
