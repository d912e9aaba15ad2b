import { escapeText } from '../../escape';
import { sanitizeHtml } from '../../sanitize';
import { oneOf, text } from './payload';
import type { CardRenderer } from './types';

const COLOURS = ['grey', 'white', 'blue', 'green', 'yellow', 'red', 'pink', 'purple', 'accent'] as const;

export const calloutCard: CardRenderer = (payload) => {
  const body = sanitizeHtml(text(payload, 'calloutText'));
  const emoji = text(payload, 'calloutEmoji');
  if (body.trim() === '' && emoji.trim() === '') return '';
  const colour = oneOf(payload, 'backgroundColor', COLOURS, 'grey');
  return (
    `<div class="kg-card kg-callout-card kg-callout-card-${colour}">` +
    (emoji ? `<div class="kg-callout-emoji">${escapeText(emoji)}</div>` : '') +
    `<div class="kg-callout-text">${body}</div></div>`
  );
};
