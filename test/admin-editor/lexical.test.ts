import { describe, expect, it } from 'vitest';
import type { Node as PMNode } from 'prosemirror-model';
import { liftListItem, sinkListItem } from 'prosemirror-schema-list';
import { EditorState, TextSelection } from 'prosemirror-state';
import { parseMobiledoc, renderMobiledoc } from '../../lib/content';
import { parseLexical, renderLexical } from '../../lib/content/lexical';
import { fromLexical, LexicalMappingError, toLexical, toLexicalObject } from '../../admin/src/editor/lexical';
import { fromMobiledoc, toMobiledoc } from '../../admin/src/editor/mobiledoc';
import { schema } from '../../admin/src/editor/schema';
import { CARD_GENERATORS } from '../content/lexical/cards.gen';
import { Generator } from '../content/lexical/generate';

const { nodes, marks } = schema;
type Child = PMNode | string;
type Json = Record<string, unknown>;
const inline = (content: Child[]) => content.map((c) => (typeof c === 'string' ? schema.text(c) : c));
const doc = (...blocks: PMNode[]) => nodes.doc.create(null, blocks);
const p = (...content: Child[]) => nodes.paragraph.create(null, inline(content));
const h = (level: number, ...content: Child[]) => nodes.heading.create({ level }, inline(content));
const quote = (...content: Child[]) => nodes.blockquote.create(null, inline(content));
const aside = (...content: Child[]) => nodes.blockquote.create({ tag: 'aside' }, inline(content));
const li = (text: Child | Child[], ...nested: PMNode[]) => nodes.list_item.create(null, [p(...(Array.isArray(text) ? text : [text])), ...nested]);
const ul = (...items: PMNode[]) => nodes.bullet_list.create(null, items);
const ol = (...items: PMNode[]) => nodes.ordered_list.create(null, items);
const withMarks = (text: string, ...names: string[]) =>
  schema.text(
    text,
    names.map((name) => (['u', 'sub', 'sup', 'mark'].includes(name) ? marks.markup.create({ tag: name }) : marks[name].create())),
  );
const link = (href: string, ...content: PMNode[]) => content.map((node) => node.mark(marks.link.create({ href }).addToSet(node.marks)));
const card = (type: string, name: string, payload: Json) => nodes[type].create({ name, payload });
const codeBlock = (code: string, language = '') => nodes.code_block.create({ name: 'code', payload: { code: '', language } }, schema.text(code));

const text = (value: string, format = 0): Json => ({ detail: 0, format, mode: 'normal', style: '', text: value, type: 'extended-text', version: 1 });
const element = (type: string, children: Json[], extra: Json = {}): Json => ({ children, direction: 'ltr', format: '', indent: 0, type, version: 1, ...extra });
const lexical = (...children: Json[]): string => JSON.stringify({ root: element('root', children) });

/** load → save without changes gives the same bytes, and the editor document survives unchanged. */
function expectRoundTrip(node: PMNode): string {
  const saved = toLexical(node);
  const loaded = fromLexical(saved, schema);
  expect(toLexical(loaded)).toBe(saved);
  expect(fromLexical(toLexical(loaded), schema).eq(loaded)).toBe(true);
  return saved;
}

/** The html the server renders for what the editor would store, after the server's own validation. */
const lexicalHtml = (node: PMNode) => renderLexical(parseLexical(toLexical(node)));

describe('editor → lexical: what the editor writes', () => {
  it('writes blocks as the reference editor does: extended text, headings and quotes', () => {
    const written = toLexicalObject(doc(p('One'), h(2, 'Two'), quote('Said'), aside('Aside'), p()));
    expect(written).toEqual({
      root: element('root', [
        element('paragraph', [text('One')]),
        element('extended-heading', [text('Two')], { tag: 'h2' }),
        element('extended-quote', [text('Said')]),
        element('aside', [text('Aside')]),
        { ...element('paragraph', []), direction: null },
      ]),
    });
  });

  it('writes each text format as its lexical bit, combined', () => {
    const names = ['strong', 'em', 'strike', 'u', 'code', 'sub', 'sup', 'mark'];
    const written = toLexicalObject(doc(p(...names.map((name) => withMarks(name, name)), withMarks('all', ...names))));
    const paragraph = written.root.children as Json[];
    expect((paragraph[0].children as Json[]).map((node) => node.format)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 255]);
  });

  it('writes links around formatted text as one link node, and line breaks', () => {
    const written = toLexicalObject(doc(p('a ', ...link('https://example.com/', schema.text('b'), withMarks('c', 'strong')), nodes.hard_break.create(), 'd')));
    expect((written.root.children as Json[])[0].children).toEqual([
      text('a '),
      { ...element('link', [text('b'), text('c', 1)]), rel: null, target: null, title: null, url: 'https://example.com/' },
      { type: 'linebreak', version: 1 },
      text('d'),
    ]);
  });

  it('writes nested lists as lexical does: the nested list in an item of its own, values counted without it', () => {
    const written = toLexicalObject(doc(ul(li('a', ol(li('a1'), li('a2', ul(li('deep'))))), li('b'))));
    const list = (written.root.children as Json[])[0];
    expect(list).toMatchObject({ type: 'list', listType: 'bullet', start: 1, tag: 'ul' });
    const items = list.children as Json[];
    expect(items.map((item) => [item.value, item.indent])).toEqual([
      [1, 0],
      [2, 0],
      [2, 0],
    ]);
    expect(items[0].children).toEqual([text('a')]);
    expect(items[1]).toMatchObject({ direction: null, children: [{ type: 'list', listType: 'number', tag: 'ol' }] });
    const nested = (items[1].children as Json[])[0].children as Json[];
    expect(nested.map((item) => [item.value, item.indent])).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
    ]);
    expect(items[2].children).toEqual([text('b')]);
    expect(lexicalHtml(doc(ul(li('a', ol(li('a1'))), li('b'))))).toBe('<ul><li>a<ol><li>a1</li></ol></li><li>b</li></ul>');
  });

  it('writes the cards in the reference editor’s shapes', () => {
    const written = toLexicalObject(
      doc(
        card('image', 'image', { src: '/content/images/a.png', width: 800, height: 600, alt: 'A cat', caption: 'Our cat' }),
        codeBlock('let a = 1;', 'js'),
        card('divider', 'hr', {}),
        card('html_card', 'html', { html: '<div>hi</div>' }),
        card('markdown_card', 'markdown', { markdown: '# Title' }),
      ),
    );
    expect(JSON.stringify(written.root.children)).toBe(
      JSON.stringify([
        {
          type: 'image',
          version: 1,
          src: '/content/images/a.png',
          width: 800,
          height: 600,
          title: '',
          alt: 'A cat',
          caption: 'Our cat',
          cardWidth: 'regular',
          href: '',
        },
        { type: 'codeblock', version: 1, code: 'let a = 1;', language: 'js', caption: '' },
        { type: 'horizontalrule', version: 1 },
        { type: 'html', version: 1, html: '<div>hi</div>' },
        { type: 'markdown', version: 1, markdown: '# Title' },
      ]),
    );
  });

  it('writes every block, the empty paragraph at the end included, as the reference editor keeps it', () => {
    expect(toLexical(doc(p()))).toBe(
      '{"root":{"children":[{"children":[],"direction":null,"format":"","indent":0,"type":"paragraph","version":1}],"direction":"ltr","format":"","indent":0,"type":"root","version":1}}',
    );
    expect((toLexicalObject(doc(p('a'), p(), p('b'), p())).root.children as Json[]).map((node) => (node.children as Json[]).length)).toEqual([1, 0, 1, 0]);
    expect(lexicalHtml(doc(p('a'), p()))).toBe('<p>a</p>');
    // a root without children (the server accepts one) is read as one empty paragraph
    expect(fromLexical('{"root":{"children":[],"type":"root"}}', schema).content.eq(doc(p()).content)).toBe(true);
  });

  it('round-trips byte for byte everything it writes', () => {
    const image = card('image', 'image', { src: '/a.png', alt: '', caption: '' });
    const documents = [
      doc(p('plain')),
      doc(h(1, 'H1'), h(3, 'H3'), h(6, 'H6'), quote('q', withMarks('b', 'strong')), aside('aside')),
      doc(p(withMarks('bold', 'strong'), withMarks('both', 'strong', 'em'), ' ', withMarks('x', 'sub'), withMarks('hi', 'mark'), withMarks('c', 'code'))),
      doc(p(...link('/relative', schema.text('rel')), ' and ', ...link('https://x.test/', withMarks('bold link', 'strong')))),
      doc(ul(li('a', ol(li('a1'), li(['a2 ', withMarks('b', 'strong')], ul(li('deep'))))), li('b')), ol(li('one'))),
      doc(
        image,
        codeBlock('x < y'),
        card('divider', 'hr', {}),
        card('html_card', 'html', { html: '<p>x</p>' }),
        card('markdown_card', 'markdown', { markdown: '*a*' }),
      ),
      doc(p('line', nodes.hard_break.create(), 'next'), p(), p('after a gap')),
    ];
    for (const document of documents) expectRoundTrip(document);
  });
});

describe('nesting list items (Tab and Shift+Tab in a lexical post)', () => {
  it('nests an item under the one before it and lifts it out again; mobiledoc writes the nested items flat', () => {
    const start = doc(ul(li('a'), li('b')));
    const inB = start.resolve(start.content.size - 3);
    let state = EditorState.create({ doc: start, selection: TextSelection.near(inB) });
    expect(sinkListItem(nodes.list_item)(state, (tr) => (state = state.apply(tr)))).toBe(true);
    expect(state.doc.content.eq(doc(ul(li('a', ul(li('b'))))).content)).toBe(true);
    expect(lexicalHtml(state.doc)).toBe('<ul><li>a<ul><li>b</li></ul></li></ul>');
    expect(JSON.parse(toMobiledoc(state.doc)).sections).toEqual([[3, 'ul', [[[0, [], 0, 'a']], [[0, [], 0, 'b']]]]]);
    expect(liftListItem(nodes.list_item)(state, (tr) => (state = state.apply(tr)))).toBe(true);
    expect(state.doc.content.eq(start.content)).toBe(true);
  });
});

describe('lexical → editor: what the reference writes', () => {
  it('reads a document written by the reference editor and writes it back byte for byte', () => {
    // shaped as Koenig saves it: extended nodes, a link with rel, a check list with checked items
    const koenig = JSON.stringify({
      root: {
        children: [
          element('paragraph', [
            text('Hello '),
            text('bold', 1),
            text(' and '),
            { ...element('link', [text('a link')]), rel: 'noreferrer', target: null, title: null, url: 'https://ghost.org/' },
          ]),
          element('extended-heading', [text('Heading')], { tag: 'h2' }),
          element(
            'list',
            [element('listitem', [text('todo')], { checked: true, value: 1 }), element('listitem', [text('done')], { checked: false, value: 2 })],
            {
              listType: 'check',
              start: 1,
              tag: 'ul',
            },
          ),
          element('list', [element('listitem', [text('five')], { value: 5 })], { listType: 'number', start: 5, tag: 'ol' }),
          { type: 'image', version: 1, src: 'https://x.test/a.jpg', width: 100, height: 50, title: '', alt: '', caption: '', cardWidth: 'wide', href: '' },
        ],
        direction: 'ltr',
        format: '',
        indent: 0,
        type: 'root',
        version: 1,
      },
    });
    const loaded = fromLexical(koenig, schema);
    expect(toLexical(loaded)).toBe(koenig);
    expect(
      loaded
        .child(0)
        .child(3)
        .marks.map((mark) => mark.type.name),
    ).toEqual(['link']);
    expect(loaded.child(2).type).toBe(nodes.bullet_list);
    expect(loaded.child(3).type).toBe(nodes.ordered_list);
  });

  it('keeps older documents’ plain text, heading and quote types as they are', () => {
    const old = lexical(
      element('paragraph', [
        { ...text('old'), type: 'text' },
        { ...text(' style', 1), style: 'color: red;' },
      ]),
      element('heading', [{ ...text('h'), type: 'text' }], { tag: 'h3' }),
      element('quote', [{ ...text('q'), type: 'text' }]),
    );
    const loaded = fromLexical(old, schema);
    expect(toLexical(loaded)).toBe(old);
    expect(loaded.child(1).attrs.level).toBe(3);
  });

  it('keeps what it does not understand as opaque nodes, written back untouched even after an edit', () => {
    const callout = { type: 'callout', version: 1, calloutText: '<p>hi</p>', calloutEmoji: '💡', backgroundColor: 'grey' };
    const tab = { detail: 2, format: 0, mode: 'normal', style: '', text: '\t', type: 'tab', version: 1 };
    const custom = { type: 'mention', version: 1, user: 'x', children: [text('@x')] };
    const oddList = element('list', [element('listitem', [element('list', [], { listType: 'bullet' })], { value: 1 })], {
      listType: 'bullet',
      start: 1,
      tag: 'ul',
    });
    const unknownBlock = { type: 'future-block', version: 3, data: { a: [1, 2] } };
    const source = lexical(callout, element('paragraph', [text('a'), tab, custom, text('b')]), oddList, unknownBlock);
    const loaded = fromLexical(source, schema);
    expect(loaded.child(0).type).toBe(nodes.unknown_card);
    expect(loaded.child(2).type).toBe(nodes.unknown_card);
    expect(loaded.child(3).type).toBe(nodes.unknown_card);
    expect(toLexical(loaded)).toBe(source);
    // an edit elsewhere (a new paragraph at the start) leaves them byte for byte as they were
    const edited = loaded.copy(loaded.content.addToStart(p('new')));
    const written = toLexicalObject(edited).root.children as Json[];
    expect(JSON.stringify(written.slice(1))).toBe(JSON.stringify((JSON.parse(source) as { root: { children: Json[] } }).root.children));
  });

  it('refuses what is not a lexical document', () => {
    expect(() => fromLexical('{not json', schema)).toThrow(LexicalMappingError);
    expect(() => fromLexical('{"root":{"type":"paragraph","children":[]}}', schema)).toThrow(LexicalMappingError);
    expect(() => fromLexical('{"root":{"type":"root","children":[5]}}', schema)).toThrow(LexicalMappingError);
  });

  it('will not write a mobiledoc-only section into a lexical document (it would be lost)', () => {
    const mobiledocOnly = fromMobiledoc('{"version":"0.3.1","atoms":[],"cards":[],"markups":[],"sections":[[1,"pull-quote",[]]]}', schema);
    expect(() => toLexical(mobiledocOnly)).toThrow(LexicalMappingError);
  });
});

describe('the server’s renderer fixtures (test/content/lexical/generate.ts seeds)', () => {
  const SEEDS = 1500;
  const understood = new Set([
    'paragraph',
    'heading',
    'extended-heading',
    'quote',
    'extended-quote',
    'aside',
    'list',
    'image',
    'codeblock',
    'horizontalrule',
    'html',
    'markdown',
  ]);

  it('load → save keeps every node the editor does not understand, and the server renders the same html', () => {
    const failures: string[] = [];
    let opaque = 0;
    for (let seed = 1; seed <= SEEDS && failures.length < 5; seed++) {
      const source = JSON.stringify(new Generator(seed, seed % 10 === 0).document(CARD_GENERATORS));
      const input = JSON.parse(source) as { root: { children: Json[] } };
      const loaded = fromLexical(source, schema);
      // an edit, so nothing is kept by the editor's "unchanged, the original string stands"
      const saved = toLexical(loaded.copy(loaded.content.addToStart(p('edited'))));
      const output = (JSON.parse(saved) as { root: { children: Json[] } }).root.children.slice(1);
      input.root.children.forEach((node, i) => {
        if (understood.has(node.type as string)) return;
        opaque++;
        if (JSON.stringify(output[i]) !== JSON.stringify(node)) failures.push(`seed ${seed}: ${node.type} at ${i} changed`);
      });
      const expected = '<p>edited</p>' + renderLexical(parseLexical(source));
      const actual = renderLexical(parseLexical(saved));
      if (actual !== expected) failures.push(`seed ${seed}\n${source}\nexpected ${expected}\nactual   ${actual}`);
      // and what the editor wrote round-trips byte for byte
      if (toLexical(fromLexical(saved, schema)) !== saved) failures.push(`seed ${seed}: the saved document does not round-trip`);
    }
    expect(failures.join('\n\n')).toBe('');
    expect(opaque).toBeGreaterThan(500);
  });
});

describe('the html of the lexical path and the mobiledoc path', () => {
  // a new mobiledoc post carries ghostVersion 4.0, which gives its headings ids as lexical's have
  const mobiledocHtml = (node: PMNode) => renderMobiledoc(parseMobiledoc(toMobiledoc(node.type.create({ ...node.attrs, ghostVersion: '4.0' }, node.content))));

  it('is the same for the same content where the formats are equivalent', () => {
    const image = card('image', 'image', { src: 'https://example.com/a.png', alt: 'A', caption: 'Cap' });
    const cases: [string, PMNode][] = [
      [
        'paragraphs and formats',
        doc(p('a ', withMarks('b', 'strong'), ' ', withMarks('i', 'em'), ' ', withMarks('s', 'strike'), ' ', withMarks('c', 'code')), p('x')),
      ],
      ['links', doc(p('see ', ...link('https://example.com/?a=1&b=2', schema.text('this')), '.'))],
      ['line breaks', doc(p('one', nodes.hard_break.create(), 'two'))],
      ['lists', doc(ul(li('a'), li(['b ', withMarks('bold', 'strong')])), ol(li('one'), li('two')))],
      ['a quote', doc(quote('quoted ', withMarks('text', 'em')))],
      ['headings', doc(h(2, 'A heading'), h(3, 'A heading'), p('text'))],
      ['cards', doc(image, codeBlock('const a = 1 < 2;', 'js'), card('divider', 'hr', {}))],
    ];
    for (const [name, node] of cases) expect(lexicalHtml(node), name).toBe(mobiledocHtml(node));
  });

  it('differs in the html and markdown cards’ markers, as the reference’s two renderers do', () => {
    const html = doc(card('html_card', 'html', { html: '<div class="x">hi</div>' }));
    expect(lexicalHtml(html)).toBe('\n<!--kg-card-begin: html-->\n<div class="x">hi</div>\n<!--kg-card-end: html-->\n');
    expect(mobiledocHtml(html)).toBe('<!--kg-card-begin: html--><div class="x">hi</div><!--kg-card-end: html-->');
    const markdown = doc(card('markdown_card', 'markdown', { markdown: 'Some *emphasis*' }));
    expect(lexicalHtml(markdown)).toBe('<p>Some <em>emphasis</em></p>\n');
    expect(mobiledocHtml(markdown)).toBe('<!--kg-card-begin: markdown--><p>Some <em>emphasis</em></p>\n<!--kg-card-end: markdown-->');
  });
});
