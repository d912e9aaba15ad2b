import { figcaption } from './caption';
import { text } from './payload';
import type { CardRenderer } from './types';

// The html is the provider's oEmbed markup (usually an iframe) and is kept raw, as Ghost does;
// see the html card for why author-supplied markup is trusted.
export const embedCard: CardRenderer = (payload) => {
  const html = text(payload, 'html');
  if (html.trim() === '') return '';
  const caption = figcaption(text(payload, 'caption'));
  return `<figure class="kg-card kg-embed-card${caption ? ' kg-card-hascaption' : ''}">${html}${caption}</figure>`;
};
