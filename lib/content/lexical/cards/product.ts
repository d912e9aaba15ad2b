import { renderedUrl } from '../url';
import { bool, str } from './props';
import { nl, quoted, renderTemplate } from './template';
import type { LexicalCardRenderer } from './types';

const STAR =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M12.729,1.2l3.346,6.629,6.44.638a.805.805,0,0,1,.5,1.374l-5.3,5.253,1.965,7.138a.813.813,0,0,1-1.151.935L12,19.934,5.48,23.163a.813.813,0,0,1-1.151-.935L6.294,15.09.99,9.837a.805.805,0,0,1,.5-1.374l6.44-.638L11.271,1.2A.819.819,0,0,1,12.729,1.2Z"/></svg>';

export const productCard: LexicalCardRenderer = (node) => {
  const image = str(node, 'productImageSrc');
  const title = str(node, 'productTitle');
  const description = str(node, 'productDescription');
  const url = str(node, 'productUrl');
  const buttonText = str(node, 'productButton');
  const buttonEnabled = bool(node, 'productButtonEnabled', false);
  const ratingEnabled = bool(node, 'productRatingEnabled', false);
  if (!title && !description && !(buttonEnabled && url && buttonText) && !image && !ratingEnabled) return '';

  const width = node.productImageWidth;
  const height = node.productImageHeight;
  const src = renderedUrl(image) === null ? '' : `src="${quoted(image)}" `;
  const img = image
    ? `<img ${src}${width ? `width="${quoted(width)}"` : ''} ${height ? `height="${quoted(height)}"` : ''} class="kg-product-card-image" loading="lazy" />`
    : '';
  const rating = Number(node.productStarRating || 5);
  const stars = [1, 2, 3, 4, 5]
    .map((i) => `${nl(24)}<span class="${rating >= i ? 'kg-product-card-rating-active' : ''} kg-product-card-rating-star">${STAR}</span>`)
    .join('');
  const ratingHtml = ratingEnabled ? `${nl(20)}<div class="kg-product-card-rating">${stars}${nl(20)}</div>${nl(16)}` : '';
  const href = renderedUrl(url) === null ? '' : `href="${quoted(url)}" `;
  const button = buttonEnabled
    ? `${nl(20)}<a ${href}class="kg-product-card-button kg-product-card-btn-accent" target="_blank" rel="noopener noreferrer"><span>${buttonText}</span></a>${nl(16)}`
    : '';
  const template =
    `${nl(8)}<div class="kg-card kg-product-card">${nl(12)}<div class="kg-product-card-container">` +
    `${nl(16)}${img}` +
    `${nl(16)}<div class="kg-product-card-title-container">${nl(20)}<h4 class="kg-product-card-title">${title}</h4>${nl(16)}</div>` +
    `${nl(16)}${ratingHtml}\n` +
    `${nl(16)}<div class="kg-product-card-description">${description}</div>` +
    `${nl(16)}${button}` +
    `${nl(12)}</div>${nl(8)}</div>${nl(4)}`;
  return renderTemplate(template);
};
