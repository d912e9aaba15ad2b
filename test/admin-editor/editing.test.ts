import { describe, expect, it } from 'vitest';
import type { Node as PMNode } from 'prosemirror-model';
import { EditorState, TextSelection, type Command, type Plugin } from 'prosemirror-state';
import { backspaceCommand, cardNode, enterCommand, insertBlock, toggleList, toggleStrong, toggleTextblock } from '../../admin/src/editor/commands';
import { markdownShortcuts } from '../../admin/src/editor/input-rules';
import { normaliseHref } from '../../admin/src/editor/link-form';
import { fromMobiledoc, toMobiledocObject } from '../../admin/src/editor/mobiledoc';
import { schema } from '../../admin/src/editor/schema';

// Editing without a browser: commands and input rules only need an EditorState and something that
// dispatches. What needs a DOM (the view, node views, uploads) is covered by the browser tests.

const { nodes } = schema;
type Handler = (view: unknown, from: number, to: number, text: string) => boolean;

class Editor {
  state: EditorState;
  readonly composing = false;
  private readonly rules: Plugin;

  constructor(doc: PMNode = nodes.doc.create(null, nodes.paragraph.create())) {
    this.rules = markdownShortcuts();
    this.state = EditorState.create({ doc, plugins: [this.rules], selection: TextSelection.atEnd(doc) });
  }

  dispatch = (tr: Parameters<EditorState['apply']>[0]) => {
    this.state = this.state.apply(tr);
  };

  /** Types text one character at a time, giving the input rules their chance as a browser would. */
  type(text: string): this {
    const handle = this.rules.props.handleTextInput as unknown as Handler;
    for (const ch of text) {
      const { from, to } = this.state.selection;
      if (!handle.call(this.rules, this, from, to, ch)) this.dispatch(this.state.tr.insertText(ch, from, to));
    }
    return this;
  }

  run(command: Command): boolean {
    return command(this.state, this.dispatch);
  }

  get sections(): unknown[] {
    return toMobiledocObject(this.state.doc).sections;
  }
}

describe('Markdown shortcuts while typing', () => {
  it('turns #, ## and ### into headings', () => {
    expect(new Editor().type('# One').sections).toEqual([[1, 'h1', [[0, [], 0, 'One']]]]);
    expect(new Editor().type('## Two').sections).toEqual([[1, 'h2', [[0, [], 0, 'Two']]]]);
    expect(new Editor().type('### Three').sections).toEqual([[1, 'h3', [[0, [], 0, 'Three']]]]);
  });

  it('turns "- ", "* " and "1. " into lists and "> " into a quote', () => {
    expect(new Editor().type('- a').sections).toEqual([[3, 'ul', [[[0, [], 0, 'a']]]]]);
    expect(new Editor().type('* a').sections).toEqual([[3, 'ul', [[[0, [], 0, 'a']]]]]);
    expect(new Editor().type('1. a').sections).toEqual([[3, 'ol', [[[0, [], 0, 'a']]]]]);
    expect(new Editor().type('> a').sections).toEqual([[1, 'blockquote', [[0, [], 0, 'a']]]]);
  });

  it('turns ``` into a code block, keeping a language name', () => {
    const editor = new Editor().type('```js let x');
    expect(toMobiledocObject(editor.state.doc).cards).toEqual([['code', { code: 'let x', language: 'js' }]]);
    expect(toMobiledocObject(new Editor().type('``` a').state.doc).cards).toEqual([['code', { code: 'a', language: '' }]]);
  });

  it('turns --- into a divider with a paragraph after it for the next words', () => {
    const editor = new Editor().type('---next');
    expect(toMobiledocObject(editor.state.doc).cards).toEqual([['hr', {}]]);
    expect(editor.sections).toEqual([
      [10, 0],
      [1, 'p', [[0, [], 0, 'next']]],
    ]);
  });

  it('leaves text alone where a shortcut does not apply', () => {
    expect(new Editor().type('a ## b').sections).toEqual([[1, 'p', [[0, [], 0, 'a ## b']]]]);
    expect(new Editor().type('a---').sections).toEqual([[1, 'p', [[0, [], 0, 'a---']]]]);
    // Inside a code block nothing is converted.
    const code = new Editor().type('``` ').type('## x\n---');
    expect(toMobiledocObject(code.state.doc).cards).toEqual([['code', { code: '## x\n---', language: '' }]]);
  });
});

describe('keyboard behaviour', () => {
  it('Enter splits a list item, and Enter in an empty item leaves the list', () => {
    const editor = new Editor().type('- one');
    expect(editor.run(enterCommand)).toBe(true);
    editor.type('two');
    editor.run(enterCommand);
    editor.run(enterCommand);
    editor.type('after');
    expect(editor.sections).toEqual([
      [3, 'ul', [[[0, [], 0, 'one']], [[0, [], 0, 'two']]]],
      [1, 'p', [[0, [], 0, 'after']]],
    ]);
  });

  it('Backspace at the start of a list item or heading makes it a paragraph', () => {
    const list = new Editor().type('- one');
    list.dispatch(list.state.tr.setSelection(TextSelection.create(list.state.doc, 3)));
    expect(list.run(backspaceCommand)).toBe(true);
    expect(list.sections).toEqual([[1, 'p', [[0, [], 0, 'one']]]]);

    const heading = new Editor().type('## Title');
    heading.dispatch(heading.state.tr.setSelection(TextSelection.create(heading.state.doc, 1)));
    expect(heading.run(backspaceCommand)).toBe(true);
    expect(heading.sections).toEqual([[1, 'p', [[0, [], 0, 'Title']]]]);
  });

  it('Enter after ```lang makes a code block', () => {
    const editor = new Editor().type('```ts');
    expect(editor.run(enterCommand)).toBe(true);
    editor.type('x');
    expect(toMobiledocObject(editor.state.doc).cards).toEqual([['code', { code: 'x', language: 'ts' }]]);
  });
});

describe('toolbar commands', () => {
  it('bold wraps the selection in <strong>', () => {
    const editor = new Editor().type('make this bold');
    editor.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, 11, 15)));
    editor.run(toggleStrong);
    expect(toMobiledocObject(editor.state.doc)).toMatchObject({
      markups: [['strong']],
      sections: [
        [
          1,
          'p',
          [
            [0, [], 0, 'make this '],
            [0, [0], 1, 'bold'],
          ],
        ],
      ],
    });
  });

  it('heading and list toggles switch on and off', () => {
    const editor = new Editor().type('text');
    editor.run(toggleTextblock(nodes.heading, { level: 2 }));
    expect(editor.sections).toEqual([[1, 'h2', [[0, [], 0, 'text']]]]);
    editor.run(toggleTextblock(nodes.heading, { level: 2 }));
    expect(editor.sections).toEqual([[1, 'p', [[0, [], 0, 'text']]]]);
    editor.run(toggleList(nodes.bullet_list));
    expect(editor.sections).toEqual([[3, 'ul', [[[0, [], 0, 'text']]]]]);
    editor.run(toggleList(nodes.ordered_list));
    expect(editor.sections).toEqual([[3, 'ol', [[[0, [], 0, 'text']]]]]);
    editor.run(toggleList(nodes.ordered_list));
    expect(editor.sections).toEqual([[1, 'p', [[0, [], 0, 'text']]]]);
  });

  it('inserts cards in place of an empty paragraph, or after the current block', () => {
    const editor = new Editor();
    editor.run(insertBlock(cardNode('html_card')));
    expect(editor.state.doc.lastChild?.type).toBe(nodes.paragraph); // somewhere to go on typing
    expect(editor.sections).toEqual([[10, 0]]);
    editor.type('text');
    editor.run(insertBlock(cardNode('divider')));
    expect(editor.sections).toEqual([
      [10, 0],
      [1, 'p', [[0, [], 0, 'text']]],
      [10, 1],
    ]);
    expect(toMobiledocObject(editor.state.doc).cards).toEqual([
      ['html', { html: '' }],
      ['hr', {}],
    ]);
  });

  it('edits around an unknown card keep it byte for byte', () => {
    const card = ['bookmark', { url: 'https://e.com', metadata: { title: 'T', nested: [1, { a: null }] } }];
    const doc = fromMobiledoc(
      {
        version: '0.3.1',
        atoms: [],
        cards: [card as never],
        markups: [],
        sections: [
          [10, 0],
          [1, 'p', [[0, [], 0, 'x']]],
        ],
      },
      schema,
    );
    const editor = new Editor(doc).type(' more');
    expect(toMobiledocObject(editor.state.doc).cards).toEqual([card]);
    expect(editor.sections).toEqual([
      [10, 0],
      [1, 'p', [[0, [], 0, 'x more']]],
    ]);
  });
});

describe('link addresses', () => {
  it('adds https:// to bare domains and keeps other addresses', () => {
    expect(normaliseHref('example.com')).toBe('https://example.com');
    expect(normaliseHref(' https://e.com/a ')).toBe('https://e.com/a');
    expect(normaliseHref('/about')).toBe('/about');
    expect(normaliseHref('#top')).toBe('#top');
    expect(normaliseHref('jo@example.com')).toBe('mailto:jo@example.com');
    expect(normaliseHref('mailto:jo@example.com')).toBe('mailto:jo@example.com');
  });
});
