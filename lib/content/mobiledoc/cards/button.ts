import { attrs, escapeText } from '../../escape';
import { safeUrl } from '../../url';
import { oneOf, text } from './payload';
import type { CardRenderer } from './types';

export const buttonCard: CardRenderer = (payload) => {
  const url = safeUrl(payload.buttonUrl);
  const label = text(payload, 'buttonText');
  if (!url || label.trim() === '') return '';
  const alignment = oneOf(payload, 'alignment', ['left', 'center'] as const, 'center');
  return (
    `<div class="kg-card kg-button-card kg-align-${alignment}">` +
    `<a${attrs([
      ['href', url],
      ['class', 'kg-btn kg-btn-accent'],
    ])}>${escapeText(label)}</a></div>`
  );
};
