import { attrs } from '../../escape';
import { safeUrl } from '../../url';
import { figcaption } from './caption';
import { shownImage } from './image-size';
import { dimension, text } from './payload';
import type { CardContext, CardRenderer } from './types';
import type { Payload } from '../../types';

const PER_ROW = 3;

/** As the reference's galleries: a lone image in the only row may span 1200 px, any other 720 px. */
function sizesFor(width: number | null, alone: boolean): string | null {
  if (width === null || width < 720) return null;
  return alone && width >= 1200 ? '(min-width: 1200px) 1200px' : '(min-width: 720px) 720px';
}

function galleryImage(image: Payload, context: CardContext, alone: boolean): string {
  const src = safeUrl(image.src);
  if (!src) return '';
  const shown = shownImage(src, image, context.images);
  let img = `<img${attrs([
    ['src', src],
    ['width', shown.width ?? dimension(image, 'width')],
    ['height', shown.height ?? dimension(image, 'height')],
    ['loading', 'lazy'],
    ['alt', text(image, 'alt')],
    ['title', text(image, 'title') || null],
    ['srcset', shown.srcset],
    ['sizes', sizesFor(shown.srcsetWidth, alone)],
  ])}>`;
  const href = safeUrl(image.href);
  if (href) img = `<a${attrs([['href', href]])}>${img}</a>`;
  return `<div class="kg-gallery-image">${img}</div>`;
}

export const galleryCard: CardRenderer = (payload, context) => {
  const images = Array.isArray(payload.images) ? payload.images : [];
  const alone = images.length === 1;
  // Editors store each image's row; images without one fall into rows of three in order.
  const rows = new Map<number, string[]>();
  images.forEach((image: unknown, index: number) => {
    if (typeof image !== 'object' || image === null) return;
    const html = galleryImage(image as Payload, context, alone);
    if (!html) return;
    const stored = (image as Payload).row;
    const row = typeof stored === 'number' && Number.isInteger(stored) && stored >= 0 ? stored : Math.floor(index / PER_ROW);
    rows.set(row, [...(rows.get(row) ?? []), html]);
  });
  if (rows.size === 0) return '';

  const body = [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, row]) => `<div class="kg-gallery-row">${row.join('')}</div>`)
    .join('');
  const caption = figcaption(text(payload, 'caption'));
  return `<figure class="kg-card kg-gallery-card kg-width-wide${caption ? ' kg-card-hascaption' : ''}"><div class="kg-gallery-container">${body}</div>${caption}</figure>`;
};
