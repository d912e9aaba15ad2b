import { describe, expect, it } from 'vitest';
import { EMPTY_MOBILEDOC, parseMobiledoc, renderMobiledoc } from '../../lib/content';
import { paragraph, render } from './helpers';

describe('renderMobiledoc: sections', () => {
  it('renders nothing for the empty document', () => {
    expect(renderMobiledoc(parseMobiledoc(EMPTY_MOBILEDOC))).toBe('');
    expect(JSON.parse(EMPTY_MOBILEDOC)).toEqual({ version: '0.3.1', atoms: [], cards: [], markups: [], sections: [] });
  });

  it.each([
    ['p', '<p>Text</p>'],
    ['blockquote', '<blockquote>Text</blockquote>'],
    ['aside', '<aside>Text</aside>'],
    ['h1', '<h1 id="text">Text</h1>'],
    ['h2', '<h2 id="text">Text</h2>'],
    ['h3', '<h3 id="text">Text</h3>'],
    ['h4', '<h4 id="text">Text</h4>'],
    ['h5', '<h5 id="text">Text</h5>'],
    ['h6', '<h6 id="text">Text</h6>'],
  ])('markup section %s', (tag, expected) => {
    expect(render({ sections: [[1, tag, [[0, [], 0, 'Text']]]] })).toBe(expected);
  });

  it('accepts upper-case section tag names', () => {
    expect(
      render({
        sections: [
          [1, 'P', [[0, [], 0, 'a']]],
          [1, 'H2', [[0, [], 0, 'B']]],
          [3, 'UL', [[[0, [], 0, 'c']]]],
        ],
      }),
    ).toBe('<p>a</p><h2 id="b">B</h2><ul><li>c</li></ul>');
  });

  it('renders an empty paragraph', () => {
    expect(render({ sections: [[1, 'p', []]] })).toBe('<p></p>');
  });

  it('skips sections with tag names the format does not allow', () => {
    expect(render({ sections: [[1, 'script', [[0, [], 0, 'alert(1)']]], [1, 'div', [[0, [], 0, 'x']]], paragraph('kept')] })).toBe('<p>kept</p>');
    expect(render({ sections: [[3, 'dl', [[[0, [], 0, 'x']]]]] })).toBe('');
  });

  it('renders lists', () => {
    expect(
      render({
        markups: [['b']],
        sections: [
          [3, 'ul', [[[0, [], 0, 'one']], [[0, [0], 1, 'two']]]],
          [3, 'ol', [[[0, [], 0, 'first']], [], [[0, [], 0, 'third']]]],
        ],
      }),
    ).toBe('<ul><li>one</li><li><b>two</b></li></ul><ol><li>first</li><li></li><li>third</li></ol>');
  });

  it('renders image sections', () => {
    expect(render({ sections: [[2, 'https://example.com/a.png']] })).toBe('<img src="https://example.com/a.png">');
    expect(render({ sections: [[2, 'javascript:alert(1)']] })).toBe('');
  });

  it('renders the 0.3.2 text-align section attribute and drops others', () => {
    expect(
      render({
        version: '0.3.2',
        sections: [[1, 'p', [[0, [], 0, 'x']], ['data-md-text-align', 'center', 'onclick', 'alert(1)']]],
      }),
    ).toBe('<p data-md-text-align="center">x</p>');
  });

  it('concatenates sections without separators', () => {
    expect(render({ sections: [paragraph('a'), paragraph('b')] })).toBe('<p>a</p><p>b</p>');
  });

  it('accepts all 0.3.x versions', () => {
    for (const version of ['0.3.0', '0.3.1', '0.3.2']) {
      expect(render({ version, sections: [paragraph('x')] })).toBe('<p>x</p>');
    }
  });
});

describe('renderMobiledoc: markups', () => {
  it.each(['b', 'strong', 'i', 'em', 'u', 's', 'code', 'sub', 'sup'])('%s', (tag) => {
    expect(render({ markups: [[tag]], sections: [[1, 'p', [[0, [0], 1, 'x']]]] })).toBe(`<p><${tag}>x</${tag}></p>`);
  });

  it('accepts upper-case markup tag names', () => {
    expect(render({ markups: [['STRONG']], sections: [[1, 'p', [[0, [0], 1, 'x']]]] })).toBe('<p><strong>x</strong></p>');
  });

  it('renders links with href, rel and target only', () => {
    expect(
      render({
        markups: [['a', ['href', 'https://example.com/?a=1&b=2', 'rel', 'noopener', 'target', '_blank', 'onclick', 'x', 'style', 'y']]],
        sections: [[1, 'p', [[0, [0], 1, 'link']]]],
      }),
    ).toBe('<p><a href="https://example.com/?a=1&amp;b=2" rel="noopener" target="_blank">link</a></p>');
  });

  it('nests and closes markups by count', () => {
    expect(
      render({
        markups: [['b'], ['i'], ['a', ['href', '/x']]],
        sections: [
          [
            1,
            'p',
            [
              [0, [0], 0, 'bold '],
              [0, [1], 1, 'both'],
              [0, [], 1, ' bold'],
              [0, [], 0, ' plain '],
              [0, [2, 1], 2, 'link'],
            ],
          ],
        ],
      }),
    ).toBe('<p><b>bold <i>both</i> bold</b> plain <a href="/x"><i>link</i></a></p>');
  });

  it('reuses a markup across sections', () => {
    expect(
      render({
        markups: [['em']],
        sections: [
          [1, 'p', [[0, [0], 1, 'a']]],
          [1, 'p', [[0, [0], 1, 'b']]],
        ],
      }),
    ).toBe('<p><em>a</em></p><p><em>b</em></p>');
  });

  it('closes markups left open at the end of a section', () => {
    expect(render({ markups: [['b']], sections: [[1, 'p', [[0, [0], 0, 'x']]], paragraph('y')] })).toBe('<p><b>x</b></p><p>y</p>');
  });

  it('keeps the text of unknown markups without a tag', () => {
    expect(render({ markups: [['span', ['style', 'color:red']], ['script']], sections: [[1, 'p', [[0, [0, 1], 2, 'x']]]] })).toBe('<p>x</p>');
  });

  it('escapes text', () => {
    expect(render({ sections: [paragraph('<script>alert("x") & \'y\'</script>\u00a0')] })).toBe(
      '<p>&lt;script&gt;alert("x") &amp; \'y\'&lt;/script&gt;&nbsp;</p>',
    );
  });
});

describe('renderMobiledoc: atoms', () => {
  it('renders soft-return as <br>', () => {
    expect(
      render({
        atoms: [['soft-return', '', {}]],
        sections: [
          [
            1,
            'p',
            [
              [0, [], 0, 'a'],
              [1, [], 0, 0],
              [0, [], 0, 'b'],
            ],
          ],
        ],
      }),
    ).toBe('<p>a<br>b</p>');
  });

  it('renders unknown atoms as their escaped text', () => {
    expect(render({ atoms: [['mention', '@<bob>', { id: 1 }]], sections: [[1, 'p', [[1, [], 0, 0]]]] })).toBe('<p>@&lt;bob&gt;</p>');
  });

  it('applies markups to atoms', () => {
    expect(
      render({
        markups: [['b']],
        atoms: [['soft-return', '', {}]],
        sections: [
          [
            1,
            'p',
            [
              [0, [0], 0, 'a'],
              [1, [], 0, 0],
              [0, [], 1, 'b'],
            ],
          ],
        ],
      }),
    ).toBe('<p><b>a<br>b</b></p>');
  });
});

describe('renderMobiledoc: heading ids', () => {
  const h = (tag: string, text: string): unknown[] => [1, tag, [[0, [], 0, text]]];

  it('lower-cases, turns spaces into dashes and drops punctuation', () => {
    expect(render({ sections: [h('h2', '  Hello, World! What’s up?  ')] })).toBe(
      `<h2 id="hello-world-${encodeURIComponent('what’s')}-up">  Hello, World! What’s up?  </h2>`,
    );
    expect(render({ sections: [h('h2', "It's a (small) test_case")] })).toBe('<h2 id="its-a-small-testcase">It\'s a (small) test_case</h2>');
  });

  it('makes ids unique within a post with -1, -2', () => {
    expect(render({ sections: [h('h2', 'Intro'), h('h3', 'Intro'), h('h2', 'Intro'), h('h2', 'Intro-1')] })).toBe(
      '<h2 id="intro">Intro</h2><h3 id="intro-1">Intro</h3><h2 id="intro-2">Intro</h2><h2 id="intro-1-1">Intro-1</h2>',
    );
  });

  it('shares the id space with markdown and header cards', () => {
    expect(
      render({
        cards: [
          ['markdown', { markdown: '## Intro' }],
          ['header', { header: 'Intro', size: 'small', style: 'dark' }],
        ],
        sections: [h('h2', 'Intro'), [10, 0], [10, 1]],
      }),
    ).toBe(
      '<h2 id="intro">Intro</h2><!--kg-card-begin: markdown--><h2 id="intro-1">Intro</h2>\n<!--kg-card-end: markdown-->' +
        '<div class="kg-card kg-header-card kg-width-full kg-size-small kg-style-dark"><h2 class="kg-header-card-header" id="intro-2">Intro</h2></div>',
    );
  });

  it('takes the id from the text of all markers, without markup', () => {
    expect(
      render({
        markups: [['em']],
        atoms: [['soft-return', '', {}]],
        sections: [
          [
            1,
            'h2',
            [
              [0, [], 0, 'A '],
              [0, [0], 1, 'big'],
              [1, [], 0, 0],
              [0, [], 0, ' deal'],
            ],
          ],
        ],
      }),
    ).toBe('<h2 id="a-big-deal">A <em>big</em><br> deal</h2>');
  });

  it('percent-encodes non-ASCII ids as Ghost 4+ does', () => {
    expect(render({ sections: [h('h2', 'Привет мир')] })).toBe(`<h2 id="${encodeURIComponent('привет-мир')}">Привет мир</h2>`);
  });

  it('uses the legacy algorithm for documents written before Ghost 4', () => {
    expect(render({ ghostVersion: '3.0', sections: [h('h2', 'Hello, World?'), h('h2', 'A & B')] })).toBe(
      '<h2 id="hello-world">Hello, World?</h2><h2 id="a-b">A &amp; B</h2>',
    );
  });

  it('survives unpaired surrogates, which JSON can carry', () => {
    expect(render({ sections: [h('h2', 'a\ud800b')] })).toBe('<h2 id="a%EF%BF%BDb">a\ud800b</h2>');
  });

  it('writes no id for an empty heading', () => {
    expect(render({ sections: [[1, 'h2', []], h('h3', '!!!')] })).toBe('<h2></h2><h3>!!!</h3>');
  });
});

describe('renderMobiledoc: hand-built documents', () => {
  it('tolerates missing atoms, cards and markups lists', () => {
    const doc = { version: '0.3.1', sections: [[1, 'p', [[0, [], 0, 'x']]]] } as unknown as Parameters<typeof renderMobiledoc>[0];
    expect(renderMobiledoc(doc)).toBe('<p>x</p>');
  });
});
