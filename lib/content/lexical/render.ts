import { LEXICAL_CARDS, type CardContext, type CardOptions } from './cards';
import { exportTopLevelElement } from './elements';
import { LexicalHeadingIds } from './heading-ids';
import { isElement, textContent } from './text';
import type { LexicalDocument } from './types';

export type LexicalRenderOptions = CardOptions;

/**
 * The web `html` of a document that has been through parseLexical, as the reference's renderer
 * (kg-lexical-html-renderer with kg-default-nodes) writes it: top-level nodes concatenated, the blank
 * paragraph the editor keeps at the end left out.
 */
export function renderLexical(doc: LexicalDocument, options: LexicalRenderOptions = {}): string {
  const context: CardContext = { ...options, headingIds: new LexicalHeadingIds() };
  const children = doc.root.children;
  const output: string[] = [];
  for (const child of children) {
    const card = LEXICAL_CARDS.get(child.type);
    if (card) output.push(card(child, context));
    else if (isElement(child)) output.push(exportTopLevelElement(child, context));
  }
  const last = children[children.length - 1];
  if (last && last.type === 'paragraph' && textContent(last).trim() === '') output.pop();
  return output.join('');
}
