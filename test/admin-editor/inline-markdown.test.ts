import { describe, expect, it } from 'vitest';
import { chainCommands } from 'prosemirror-commands';
import { history, undo } from 'prosemirror-history';
import { undoInputRule } from 'prosemirror-inputrules';
import { EditorState, TextSelection, type Plugin } from 'prosemirror-state';
import { markdownShortcuts } from '../../admin/src/editor/input-rules';
import { toMobiledocObject } from '../../admin/src/editor/mobiledoc';
import { schema } from '../../admin/src/editor/schema';

// Inline Markdown as it is typed, without a browser: the input rules see each character as the view
// would hand it to them. The same in a real Chromium: test/browser/editing.e2e.ts.

type Handler = (view: unknown, from: number, to: number, text: string) => boolean;

class Editor {
  state: EditorState;
  readonly composing = false;
  private readonly rules: Plugin;

  constructor() {
    this.rules = markdownShortcuts();
    const doc = schema.nodes.doc.create(null, schema.nodes.paragraph.create());
    this.state = EditorState.create({ doc, plugins: [this.rules, history()], selection: TextSelection.atEnd(doc) });
  }

  dispatch = (tr: Parameters<EditorState['apply']>[0]) => {
    this.state = this.state.apply(tr);
  };

  type(text: string): this {
    const handle = this.rules.props.handleTextInput as unknown as Handler;
    for (const ch of text) {
      const { from, to } = this.state.selection;
      // insertText takes the stored marks, as the view's typing does
      if (!handle.call(this.rules, this, from, to, ch)) this.dispatch(this.state.tr.insertText(ch, from, to));
    }
    return this;
  }

  /** Mod-z as the editor binds it. */
  undo(): this {
    chainCommands(undoInputRule, undo)(this.state, this.dispatch);
    return this;
  }

  /** The first paragraph's markers and text, as mobiledoc writes them: [[open markups], closed count, text]. */
  get markers(): unknown[] {
    const sections = toMobiledocObject(this.state.doc).sections as [number, string, [number, number[], number, string][]][];
    return sections[0][2].map(([, open, closed, text]) => [open, closed, text]);
  }

  get markups(): unknown[] {
    return toMobiledocObject(this.state.doc).markups;
  }
}

describe('inline Markdown while typing', () => {
  it('turns **bold** into bold as the last * is typed, and what follows is plain', () => {
    const editor = new Editor().type('Some **bold** words');
    expect(editor.markups).toEqual([['strong']]);
    expect(editor.markers).toEqual([
      [[], 0, 'Some '],
      [[0], 1, 'bold'],
      [[], 0, ' words'],
    ]);
  });

  it('turns *italic* and _italic_ into italics, `code` into code', () => {
    expect(new Editor().type('an *aside* here').markers).toEqual([
      [[], 0, 'an '],
      [[0], 1, 'aside'],
      [[], 0, ' here'],
    ]);
    expect(new Editor().type('_quietly_').markups).toEqual([['em']]);
    const code = new Editor().type('run `npm test` now');
    expect(code.markups).toEqual([['code']]);
    expect(code.markers).toEqual([
      [[], 0, 'run '],
      [[0], 1, 'npm test'],
      [[], 0, ' now'],
    ]);
  });

  it('turns [text](https://…) into a link, and a bare domain into an https link', () => {
    const editor = new Editor().type('see [the docs](https://example.com/docs) first');
    expect(editor.markups).toEqual([['a', ['href', 'https://example.com/docs']]]);
    expect(editor.markers).toEqual([
      [[], 0, 'see '],
      [[0], 1, 'the docs'],
      [[], 0, ' first'],
    ]);
    expect(new Editor().type('[home](example.com)').markups).toEqual([['a', ['href', 'https://example.com']]]);
  });

  it('leaves a javascript: link, snake_case, a lone * and a code block as typed', () => {
    expect(new Editor().type('[x](javascript:alert(1))').markups).toEqual([]);
    expect(new Editor().type('call snake_case_name_ now').markups).toEqual([]);
    expect(new Editor().type('2 * 3 * 4').markups).toEqual([]);
    const block = new Editor().type('``` **not bold**');
    expect(block.state.doc.firstChild?.type.name).toBe('code_block');
    expect(block.state.doc.firstChild?.textContent).toBe('**not bold**');
  });

  it('undo right after a conversion gives back the characters as typed', () => {
    const editor = new Editor().type('Some **bold**');
    expect(editor.markups).toEqual([['strong']]);
    editor.undo();
    expect(editor.markups).toEqual([]);
    expect(editor.markers).toEqual([[[], 0, 'Some **bold**']]);
  });
});
