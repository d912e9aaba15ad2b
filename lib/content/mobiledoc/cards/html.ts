import { text } from './payload';
import type { CardRenderer } from './types';

// Raw by design, as in Ghost: the html card is the author's escape hatch for arbitrary markup, and only
// authenticated staff or integrations can write posts. The markers let an HTML import find the card again.
export const htmlCard: CardRenderer = (payload) => {
  const html = text(payload, 'html');
  if (html.trim() === '') return '';
  return `<!--kg-card-begin: html-->${html}<!--kg-card-end: html-->`;
};
