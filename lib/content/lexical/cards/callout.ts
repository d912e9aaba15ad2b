import { defaultTreeAdapter } from 'parse5';
import { append, defang, el, innerHTML, outerHTML, setInnerHTML, type Element } from '../dom';
import { str } from './props';
import type { LexicalCardRenderer } from './types';

const ALLOWED = new Set(['a', 'strong', 'em', 'b', 'i', 'br', 'code', 'mark', 's', 'del', 'u', 'sup', 'sub']);

/** The reference's cleanDOM: elements outside the allow-list are replaced by their children. */
function unwrapDisallowed(parent: Element): void {
  for (let i = 0; i < parent.childNodes.length; i++) {
    const child = parent.childNodes[i];
    if (!defaultTreeAdapter.isElementNode(child)) continue;
    const element = child as Element;
    if (!ALLOWED.has(element.tagName) || element.namespaceURI !== 'http://www.w3.org/1999/xhtml') {
      const moved = [...element.childNodes];
      parent.childNodes.splice(i, 1, ...moved);
      for (const node of moved) node.parentNode = parent;
      i -= 1;
    } else {
      unwrapDisallowed(element);
    }
  }
}

export const calloutCard: LexicalCardRenderer = (node) => {
  let background = str(node, 'backgroundColor', 'blue');
  if (!/^[a-zA-Z\d-]+$/.test(background)) background = 'white';
  const card = el('div', [['class', `kg-card kg-callout-card kg-callout-card-${background}`]]);
  // unlike other fields, only a missing emoji takes the default: an empty one means none
  const emoji = node.calloutEmoji === undefined ? '💡' : typeof node.calloutEmoji === 'string' ? node.calloutEmoji : '';
  if (emoji) append(card, el('div', [['class', 'kg-callout-emoji']], [emoji]));

  const temporary = setInnerHTML(el('div'), str(node, 'calloutText'));
  unwrapDisallowed(temporary);
  const text = defang(setInnerHTML(el('div', [['class', 'kg-callout-text']]), innerHTML(temporary)));
  append(card, text);
  return outerHTML(card);
};
