import { InputRule, inputRules, textblockTypeInputRule, wrappingInputRule } from 'prosemirror-inputrules';
import type { Plugin } from 'prosemirror-state';
import { TextSelection } from 'prosemirror-state';
import { cardNode, newCodeBlockAttrs } from './commands';
import { inlineMarkdownRules } from './inline-rules';
import { schema } from './schema';

const { nodes } = schema;

/** `---` on its own in a top-level paragraph becomes a divider, with a paragraph after it to go on typing. */
const dividerRule = new InputRule(/^---$/, (state, _match, start) => {
  const $start = state.doc.resolve(start);
  // Only when the paragraph is just the two dashes typed so far: nothing else is replaced.
  if ($start.parent.type !== nodes.paragraph || $start.depth !== 1 || $start.parent.textContent !== '--') return null;
  const before = $start.before();
  const tr = state.tr.replaceWith(before, $start.after(), [cardNode('divider'), nodes.paragraph.create()]);
  const paragraphStart = before + nodes.divider.create().nodeSize + 1;
  return tr.setSelection(TextSelection.create(tr.doc, paragraphStart));
});

/** The Markdown shortcuts Ghost's editor has: blocks typed at the start of a paragraph, marks as they close. */
export function markdownShortcuts(): Plugin {
  return inputRules({
    rules: [
      textblockTypeInputRule(/^(#{1,6})\s$/, nodes.heading, (match) => ({ level: match[1].length })),
      wrappingInputRule(/^\s*[-*+]\s$/, nodes.bullet_list),
      wrappingInputRule(/^\d+[.)]\s$/, nodes.ordered_list),
      textblockTypeInputRule(/^>\s$/, nodes.blockquote),
      textblockTypeInputRule(/^```([\w#+.-]*)\s$/, nodes.code_block, (match) => newCodeBlockAttrs(match[1])),
      dividerRule,
      ...inlineMarkdownRules(),
    ],
  });
}
