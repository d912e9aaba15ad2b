import { el, outerHTML } from '../dom';
import { renderedUrl } from '../url';
import { str } from './props';
import type { LexicalCardRenderer } from './types';

export const buttonCard: LexicalCardRenderer = (node) => {
  const url = str(node, 'buttonUrl');
  if (url.trim() === '') return '';
  const alignment = str(node, 'alignment', 'center');
  const classes = `kg-card kg-button-card${alignment ? ` kg-align-${alignment}` : ''}`;
  const button = el(
    'a',
    [
      ['href', renderedUrl(url)],
      ['class', 'kg-btn kg-btn-accent'],
    ],
    [str(node, 'buttonText') || 'Button Title'],
  );
  return outerHTML(el('div', [['class', classes]], [button]));
};
