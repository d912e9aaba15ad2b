import { attrs } from '../../escape';
import { safeUrl } from '../../url';
import { figcaption, widthClass } from './caption';
import { shownImage } from './image-size';
import { text } from './payload';
import type { CardRenderer } from './types';

/** As the reference's cards: a regular-width image fills 720 px columns, a wide one 1200 px; full width gets no hint. */
function sizesFor(cardWidth: string, width: number | null): string | null {
  if (width === null || width < 720) return null;
  if (cardWidth === '') return '(min-width: 720px) 720px';
  if (cardWidth === 'wide' && width >= 1200) return '(min-width: 1200px) 1200px';
  return null;
}

export const imageCard: CardRenderer = (payload, context) => {
  const src = safeUrl(payload.src);
  if (!src) return '';
  const caption = figcaption(text(payload, 'caption'));
  const cardWidth = text(payload, 'cardWidth');
  const shown = shownImage(src, payload, context.images);
  const classes = `kg-card kg-image-card${widthClass(cardWidth)}${caption ? ' kg-card-hascaption' : ''}`;

  let img = `<img${attrs([
    ['src', src],
    ['class', 'kg-image'],
    ['alt', text(payload, 'alt')],
    ['loading', 'lazy'],
    ['title', text(payload, 'title') || null],
    ['width', shown.width],
    ['height', shown.height],
    ['srcset', shown.srcset],
    ['sizes', sizesFor(cardWidth, shown.srcsetWidth)],
  ])}>`;
  const href = safeUrl(payload.href);
  if (href) img = `<a${attrs([['href', href]])}>${img}</a>`;

  return `<figure class="${classes}">${img}${caption}</figure>`;
};
