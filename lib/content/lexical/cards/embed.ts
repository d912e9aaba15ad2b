import { append, el, outerHTML, setAttr, setInnerHTML } from '../dom';
import { figcaption } from './simple';
import { str } from './props';
import type { LexicalCardRenderer } from './types';

// The embed's html is the provider's markup (iframes, scripts), inserted raw as in the reference.
export const embedCard: LexicalCardRenderer = (node) => {
  const html = str(node, 'html');
  const isTwitter = str(node, 'embedType') === 'twitter';
  if (!isTwitter && !html && !str(node, 'url')) return '';
  const figure = setInnerHTML(el('figure', [['class', 'kg-card kg-embed-card']]), isTwitter ? html.trim() : html);
  const caption = str(node, 'caption');
  if (caption) {
    append(figure, figcaption(caption));
    setAttr(figure, 'class', 'kg-card kg-embed-card kg-card-hascaption');
  }
  return outerHTML(figure);
};
