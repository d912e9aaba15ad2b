import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { htmlToMobiledoc, htmlToPlaintext, parseMobiledoc, renderMobiledoc, type Mobiledoc } from '../../lib/content';

const reimport = (html: string): string => renderMobiledoc(parseMobiledoc(JSON.stringify(htmlToMobiledoc(html))));
const words = (html: string): string[] => htmlToPlaintext(html).split(/\s+/).filter(Boolean);

describe('HTML → mobiledoc → HTML', () => {
  it('keeps text, links, headings, lists, images and unknown fragments', () => {
    const input =
      '<h1>The Title</h1>' +
      '<p>Intro with a <a href="https://example.com/page?x=1&amp;y=2" rel="noopener" target="_blank">link</a>, <strong>bold</strong>, <em>italic</em> and <code>code</code>.<br>Second line.</p>' +
      '<h2>Lists</h2><ul><li>alpha</li><li>beta <b>bold</b></li></ul><ol><li>first</li><li>second</li></ol>' +
      '<blockquote>Quoted <i>words</i></blockquote>' +
      '<figure class="kg-card kg-image-card kg-width-wide kg-card-hascaption"><img src="https://example.com/a.jpg" class="kg-image" alt="An image" loading="lazy" width="800" height="600"><figcaption>The <em>caption</em></figcaption></figure>' +
      '<pre><code class="language-python">print("hi &lt;3")</code></pre>' +
      '<hr>' +
      '<table class="data"><tr><th>k</th><td>v &amp; w</td></tr></table>' +
      '<iframe src="https://www.youtube.com/embed/x" allowfullscreen></iframe>' +
      '<p>Outro</p>';
    const expected =
      '<h1 id="the-title">The Title</h1>' +
      '<p>Intro with a <a href="https://example.com/page?x=1&amp;y=2" rel="noopener" target="_blank">link</a>, <strong>bold</strong>, <em>italic</em> and <code>code</code>.<br>Second line.</p>' +
      '<h2 id="lists">Lists</h2><ul><li>alpha</li><li>beta <b>bold</b></li></ul><ol><li>first</li><li>second</li></ol>' +
      '<blockquote>Quoted <i>words</i></blockquote>' +
      '<figure class="kg-card kg-image-card kg-width-wide kg-card-hascaption"><img src="https://example.com/a.jpg" class="kg-image" alt="An image" loading="lazy" width="800" height="600"><figcaption>The <em>caption</em></figcaption></figure>' +
      '<pre><code class="language-python">print("hi &lt;3")</code></pre>' +
      '<hr>' +
      '<!--kg-card-begin: html--><table class="data"><tr><th>k</th><td>v &amp; w</td></tr></table><!--kg-card-end: html-->' +
      '<!--kg-card-begin: html--><iframe src="https://www.youtube.com/embed/x" allowfullscreen></iframe><!--kg-card-end: html-->' +
      '<p>Outro</p>';
    expect(reimport(input)).toBe(expected);
    expect(reimport(expected)).toBe(expected);
  });

  it('is stable for every card Ghost renders', () => {
    const doc: Mobiledoc = {
      version: '0.3.1',
      ghostVersion: '4.0',
      atoms: [],
      markups: [],
      cards: [
        ['image', { src: '/a.jpg', alt: 'a', caption: 'c', cardWidth: 'full', href: 'https://e.com' }],
        [
          'gallery',
          {
            images: [
              { src: '/1.jpg', width: 10, height: 10, row: 0 },
              { src: '/2.jpg', width: 10, height: 10, row: 1 },
            ],
            caption: 'g',
          },
        ],
        ['embed', { html: '<iframe src="https://e.com/x"></iframe>', caption: 'e' }],
        [
          'bookmark',
          {
            url: 'https://e.com',
            metadata: { url: 'https://e.com', title: 'T', description: 'D', publisher: 'P', author: 'A', icon: '/i.png', thumbnail: '/t.png' },
            caption: 'b',
          },
        ],
        ['code', { code: 'a < b', language: 'js', caption: 'k' }],
        ['callout', { calloutEmoji: '!', calloutText: 'hey' }],
        ['button', { buttonUrl: '/x', buttonText: 'Go' }],
        ['html', { html: '<div>raw</div>' }],
        ['markdown', { markdown: '**md**' }],
        ['paywall', {}],
      ],
      sections: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => [10, n] as [10, number]),
    };
    const once = renderMobiledoc(doc);
    const twice = reimport(once);
    // Cards without an importer of their own (callout, button, markdown) come back as html cards,
    // so the second rendering only adds html-card markers around them; after that it is stable.
    const markers = /<!--kg-card-(?:begin|end): (?:html|markdown)-->/g;
    expect(twice.replace(markers, '')).toBe(once.replace(markers, ''));
    expect(reimport(twice)).toBe(twice);
  });
});

// Generated documents: words without spaces (so white-space collapsing cannot change them) in
// sections, lists, markups and cards.
const word = fc.stringMatching(/^[a-zA-Z0-9&<>"'é你😀]{1,8}$/u);
const markupSet = fc.subarray([0, 1, 2, 3]);
const segment = fc.record({ text: word, markups: markupSet });
const line = fc.array(segment, { minLength: 1, maxLength: 6 });

function markers(segments: Array<{ text: string; markups: number[] }>): unknown[] {
  // Each segment opens its markups and closes them again, with a plain space between segments.
  const out: unknown[] = [];
  segments.forEach(({ text, markups }, i) => {
    out.push([0, markups, markups.length, text]);
    if (i < segments.length - 1) out.push([0, [], 0, ' ']);
  });
  return out;
}

const section = fc.oneof(
  fc.record({ kind: fc.constantFrom('p', 'h2', 'h3', 'blockquote'), line }).map(({ kind, line }) => [1, kind, markers(line)]),
  fc
    .record({ kind: fc.constantFrom('ul', 'ol'), items: fc.array(line, { minLength: 1, maxLength: 4 }) })
    .map(({ kind, items }) => [3, kind, items.map(markers)]),
  fc.constantFrom([10, 0], [10, 1], [10, 2]),
);

const generated = fc.array(section, { minLength: 1, maxLength: 8 }).map((sections): Mobiledoc =>
  parseMobiledoc(
    JSON.stringify({
      version: '0.3.1',
      ghostVersion: '4.0',
      atoms: [],
      markups: [['strong'], ['em'], ['a', ['href', 'https://example.com/?q=1&r=2']], ['code']],
      cards: [
        ['image', { src: '/x.png', alt: 'x' }],
        ['html', { html: '<table><tr><td>t</td></tr></table>' }],
        ['hr', {}],
      ],
      sections,
    }),
  ),
);

describe('round-trip properties', () => {
  it('render → import → render is a fixpoint for generated documents', () => {
    fc.assert(
      fc.property(generated, (doc) => {
        const html = renderMobiledoc(doc);
        expect(reimport(html)).toBe(html);
      }),
      { numRuns: 300 },
    );
  });

  const tags = [
    'p',
    'div',
    'b',
    'i',
    'span',
    'h2',
    'blockquote',
    'ul',
    'ol',
    'li',
    'table',
    'td',
    'a href="/x"',
    'section',
    'aside',
    'em',
    'pre',
    'code',
    'my-el',
    'figure',
    'figcaption',
    'dl',
    'dd',
    'h1',
    'sup',
    'strike',
    'center',
  ];
  const fragment: fc.Arbitrary<string> = fc.letrec((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.stringMatching(/^[a-z]{1,6}$/).map((w) => ` ${w} `),
      fc.constantFrom('<br>', '<hr>', '<img src="/i.png">', '<!-- c -->'),
      fc
        .record({ tag: fc.constantFrom(...tags), body: fc.array(tie('node'), { maxLength: 4 }) })
        .map(({ tag, body }) => `<${tag}>${(body as string[]).join('')}</${tag.split(' ')[0]}>`),
    ),
  })).node;

  it('import never loses a word of text, in order, and always yields valid mobiledoc', () => {
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 6 }), (parts) => {
        const input = parts.join('');
        const output = reimport(input);
        expect(words(output)).toEqual(words(input));
      }),
      { numRuns: Number(process.env.CONTENT_FUZZ_RUNS ?? 400) },
    );
  });

  it('import never throws on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (input) => {
        expect(() => reimport(input)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});
