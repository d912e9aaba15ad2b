import { BLOCK_AND_INLINE_TAGS, sanitizeHtml } from '../../sanitize';
import { text } from './payload';
import type { CardRenderer } from './types';

const ICON =
  '<svg id="Regular" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path class="cls-1" d="M23.25,7.311,12.53,18.03a.749.749,0,0,1-1.06,0L.75,7.311"></path></svg>';

export const toggleCard: CardRenderer = (payload) => {
  const heading = sanitizeHtml(text(payload, 'heading'));
  const content = sanitizeHtml(text(payload, 'content'), BLOCK_AND_INLINE_TAGS);
  if (heading.trim() === '' && content.trim() === '') return '';
  return (
    '<div class="kg-card kg-toggle-card" data-kg-toggle-state="close">' +
    `<div class="kg-toggle-heading"><h4 class="kg-toggle-heading-text">${heading}</h4>` +
    `<button class="kg-toggle-card-icon">${ICON}</button></div>` +
    `<div class="kg-toggle-content">${content}</div></div>`
  );
};
