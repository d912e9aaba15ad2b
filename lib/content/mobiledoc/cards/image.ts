import { attrs } from '../../escape';
import { safeUrl } from '../../url';
import { figcaption, widthClass } from './caption';
import { dimension, text } from './payload';
import type { CardRenderer } from './types';

export const imageCard: CardRenderer = (payload) => {
  const src = safeUrl(payload.src);
  if (!src) return '';
  const caption = figcaption(text(payload, 'caption'));
  const width = dimension(payload, 'width');
  const height = dimension(payload, 'height');
  const hasSize = width !== null && height !== null;
  const classes = `kg-card kg-image-card${widthClass(text(payload, 'cardWidth'))}${caption ? ' kg-card-hascaption' : ''}`;

  let img = `<img${attrs([
    ['src', src],
    ['class', 'kg-image'],
    ['alt', text(payload, 'alt')],
    ['loading', 'lazy'],
    ['title', text(payload, 'title') || null],
    ['width', hasSize ? width : null],
    ['height', hasSize ? height : null],
  ])}>`;
  const href = safeUrl(payload.href);
  if (href) img = `<a${attrs([['href', href]])}>${img}</a>`;

  return `<figure class="${classes}">${img}${caption}</figure>`;
};
