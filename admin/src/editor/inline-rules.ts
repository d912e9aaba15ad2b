import { InputRule } from 'prosemirror-inputrules';
import type { Mark } from 'prosemirror-model';
import type { EditorState } from 'prosemirror-state';
import { normaliseHref } from './link-form';
import { safeHref, schema } from './schema';

const { marks } = schema;

/**
 * Marks the text between an opening marker (`open` characters long) and a closing one and drops both,
 * as the closing marker's last character is typed.
 * `match[1]` is what stands before the opening marker (so `**` is not read as two `*`), `match[2]`
 * the text. The typed character is not in the document yet; the rule's own step is undone by
 * undoInputRule (Backspace, Mod-z), which gives back the characters as typed.
 */
function markRule(pattern: RegExp, open: number, markOf: (match: RegExpMatchArray) => Mark | null): InputRule {
  return new InputRule(pattern, (state: EditorState, match, start, end) => {
    const mark = markOf(match);
    const $start = state.doc.resolve(start);
    if (!mark || !$start.parent.type.allowsMarkType(mark.type)) return null;
    const from = start + match[1].length;
    const textFrom = from + open;
    const textTo = textFrom + match[2].length;
    // nothing inside may carry a code mark: Markdown inside `code` stays literal
    let inCode = false;
    state.doc.nodesBetween(from, end, (node) => void (inCode ||= marks.code.isInSet(node.marks) !== undefined));
    if (inCode) return null;
    // the closing marker runs from the text's end to `end`, where its last character is being typed
    const tr = state.tr.delete(textTo, end).delete(from, textFrom);
    tr.addMark(from, from + match[2].length, mark);
    // what is typed next is plain again
    return tr.removeStoredMark(mark.type);
  });
}

/** `**bold**`, `*italic*`, `_italic_`, `` `code` `` and `[text](https://…)`, turned into marks as they close. */
export function inlineMarkdownRules(): InputRule[] {
  return [
    markRule(/(^|[^*\\])\*\*([^*\s](?:[^*]*[^*\s])?)\*\*$/, 2, () => marks.strong.create()),
    markRule(/(^|[^*\\])\*([^*\s](?:[^*]*[^*\s])?)\*$/, 1, () => marks.em.create()),
    // not inside a word, so snake_case_names stay as written
    markRule(/(^|[^\w\\])_([^_\s](?:[^_]*[^_\s])?)_$/, 1, () => marks.em.create()),
    markRule(/(^|[^`\\])`([^`]+)`$/, 1, () => marks.code.create()),
    markRule(/(^|[^\\])\[([^\]]+)\]\(\s*([^\s()]+)\s*\)$/, 1, (match) => {
      const href = normaliseHref(match[3]);
      return href && safeHref(href) !== null ? marks.link.create({ href }) : null;
    }),
  ];
}
