import { defang, firstElement, outerHTML } from '../dom';
import { str } from './props';
import type { LexicalCardRenderer } from './types';

// The reference writes this card from an indented template; its white space is part of the output.
const I = (n: number): string => '\n' + ' '.repeat(n);

export const toggleCard: LexicalCardRenderer = (node) => {
  const template =
    `<div class="kg-card kg-toggle-card" data-kg-toggle-state="close">` +
    `${I(12)}<div class="kg-toggle-heading">` +
    `${I(16)}<h4 class="kg-toggle-heading-text">${str(node, 'heading')}</h4>` +
    `${I(16)}<button class="kg-toggle-card-icon" aria-label="Expand toggle to read content">` +
    `${I(20)}<svg id="Regular" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">` +
    `${I(24)}<path class="cls-1" d="M23.25,7.311,12.53,18.03a.749.749,0,0,1-1.06,0L.75,7.311"></path>` +
    `${I(20)}</svg>` +
    `${I(16)}</button>` +
    `${I(12)}</div>` +
    `${I(12)}<div class="kg-toggle-content">${str(node, 'content')}</div>` +
    `${I(8)}</div>`;
  const element = firstElement(template);
  return element ? outerHTML(defang(element)) : '';
};
