import { chainCommands, exitCode, setBlockType, toggleMark } from 'prosemirror-commands';
import type { MarkType, Node as PMNode, NodeType } from 'prosemirror-model';
import { liftListItem, splitListItem, wrapInList } from 'prosemirror-schema-list';
import { NodeSelection, TextSelection, type Command, type EditorState, type Transaction } from 'prosemirror-state';
import { schema, type Payload } from './schema';

const { nodes, marks } = schema;

export function markActive(state: EditorState, type: MarkType): boolean {
  const { from, $from, to, empty } = state.selection;
  if (empty) return !!type.isInSet(state.storedMarks ?? $from.marks());
  return state.doc.rangeHasMark(from, to, type);
}

/** The textblock the selection starts in, or null for a selected card or gap cursor. */
function currentTextblock(state: EditorState): PMNode | null {
  const parent = state.selection.$from.parent;
  return parent.isTextblock ? parent : null;
}

export function blockActive(state: EditorState, type: NodeType, attrs: Record<string, unknown> = {}): boolean {
  const block = currentTextblock(state);
  return !!block && block.type === type && Object.entries(attrs).every(([key, value]) => block.attrs[key] === value);
}

/** The list around the selection, if any. */
export function listAround(state: EditorState): PMNode | null {
  const { $from } = state.selection;
  for (let depth = $from.depth; depth > 0; depth--) {
    const node = $from.node(depth);
    if (node.type === nodes.bullet_list || node.type === nodes.ordered_list) return node;
  }
  return null;
}

export function toggleTextblock(type: NodeType, attrs: Record<string, unknown> = {}): Command {
  return (state, dispatch) => (blockActive(state, type, attrs) ? setBlockType(nodes.paragraph)(state, dispatch) : setBlockType(type, attrs)(state, dispatch));
}

export function toggleList(type: NodeType): Command {
  return (state, dispatch) => {
    const list = listAround(state);
    if (!list) return wrapInList(type)(state, dispatch);
    if (list.type === type) return liftListItem(nodes.list_item)(state, dispatch);
    // Switch the kind of the list the selection is in.
    const { $from } = state.selection;
    for (let depth = $from.depth; depth > 0; depth--) {
      if ($from.node(depth) === list) {
        if (dispatch) dispatch(state.tr.setNodeMarkup($from.before(depth), type, list.attrs));
        return true;
      }
    }
    return false;
  };
}

export const toggleStrong = toggleMark(marks.strong);
export const toggleEm = toggleMark(marks.em);
export const toggleCode = toggleMark(marks.code);
export const toggleStrike = toggleMark(marks.strike);

export function newCodeBlockAttrs(language = ''): { name: string; payload: Payload } {
  return { name: 'code', payload: { code: '', language } };
}

export const toggleCodeBlock: Command = (state, dispatch) =>
  blockActive(state, nodes.code_block) ? setBlockType(nodes.paragraph)(state, dispatch) : setBlockType(nodes.code_block, newCodeBlockAttrs())(state, dispatch);

/**
 * Puts a block (a card) at the top level near `pos`: in place of the empty paragraph there, otherwise
 * after the top-level block holding `pos`. A paragraph follows it so typing can go on, and the cursor
 * goes there (or into the block, for a code block).
 */
export function placeBlock(tr: Transaction, pos: number, node: PMNode): Transaction {
  const $pos = tr.doc.resolve(pos);
  let from = pos;
  let to = pos;
  if ($pos.depth > 0) {
    const top = $pos.node(1);
    to = $pos.after(1);
    from = top.type === nodes.paragraph && top.content.size === 0 ? $pos.before(1) : to;
  }
  tr.replaceWith(from, to, node);
  const after = from + node.nodeSize;
  if (!tr.doc.resolve(after).nodeAfter?.isTextblock) tr.insert(after, nodes.paragraph.create());
  return tr.setSelection(TextSelection.create(tr.doc, node.isTextblock ? from + 1 : after + 1));
}

/** Inserts a block at the selection (after a selected card, or in place of an empty paragraph). */
export function insertBlock(node: PMNode): Command {
  return (state, dispatch) => {
    const { selection } = state;
    const pos = selection instanceof NodeSelection && selection.$from.depth === 0 ? selection.to : selection.from;
    if (dispatch) dispatch(placeBlock(state.tr, pos, node).scrollIntoView());
    return true;
  };
}

export function cardNode(type: 'divider' | 'html_card' | 'markdown_card'): PMNode {
  if (type === 'divider') return nodes.divider.create({ name: 'hr', payload: {} });
  if (type === 'html_card') return nodes.html_card.create({ name: 'html', payload: { html: '' } });
  return nodes.markdown_card.create({ name: 'markdown', payload: { markdown: '' } });
}

/** Enter in an empty list item leaves the list (mobiledoc lists do not nest). */
const liftEmptyListItem: Command = (state, dispatch) => {
  const { $from, empty } = state.selection;
  if (!empty || $from.parent.content.size > 0 || $from.node(-1)?.type !== nodes.list_item) return false;
  return liftListItem(nodes.list_item)(state, dispatch);
};

/** Backspace at the start of a list item turns it into a paragraph, as in Ghost's editor. */
const liftListItemAtStart: Command = (state, dispatch) => {
  const { $from, empty } = state.selection;
  if (!empty || $from.parentOffset > 0 || $from.node(-1)?.type !== nodes.list_item) return false;
  return liftListItem(nodes.list_item)(state, dispatch);
};

/** Backspace at the start of a heading or quote makes it a paragraph before joining anything. */
const unstyleAtStart: Command = (state, dispatch) => {
  const { $from, empty } = state.selection;
  const type = $from.parent.type;
  if (!empty || $from.parentOffset > 0 || (type !== nodes.heading && type !== nodes.blockquote)) return false;
  return setBlockType(nodes.paragraph)(state, dispatch);
};

/** Enter after "```lang" turns the paragraph into a code block, like the ``` + space input rule. */
const fenceToCode: Command = (state, dispatch) => {
  const { $from, empty } = state.selection;
  if (!empty || $from.parent.type !== nodes.paragraph || $from.depth !== 1) return false;
  const match = /^```([\w#+.-]*)$/.exec($from.parent.textContent);
  if (!match || $from.parentOffset !== $from.parent.content.size) return false;
  if (dispatch) {
    const start = $from.start();
    const tr = state.tr.delete(start, $from.end()).setBlockType(start, start, nodes.code_block, newCodeBlockAttrs(match[1]));
    dispatch(tr.scrollIntoView());
  }
  return true;
};

const insertHardBreak: Command = (state, dispatch) => {
  if (!currentTextblock(state) || state.selection.$from.parent.type.spec.code) return false;
  if (dispatch) dispatch(state.tr.replaceSelectionWith(nodes.hard_break.create()).scrollIntoView());
  return true;
};

export const enterCommand = chainCommands(fenceToCode, splitListItem(nodes.list_item), liftEmptyListItem);
export const backspaceCommand = chainCommands(liftListItemAtStart, unstyleAtStart);
export const hardBreakCommand = chainCommands(exitCode, insertHardBreak);
