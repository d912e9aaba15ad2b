import { append, el, outerHTML, setAttr } from '../dom';
import { renderedUrl } from '../url';
import { figcaption } from './simple';
import { num, str } from './props';
import { isLocalContentImage, srcsetFor } from './srcset';
import type { LexicalCardRenderer } from './types';

export const imageCard: LexicalCardRenderer = (node, context) => {
  const src = str(node, 'src');
  if (src.trim() === '') return '';
  const cardWidth = str(node, 'cardWidth', 'regular');
  const caption = str(node, 'caption');
  const width = num(node, 'width');
  const height = num(node, 'height');

  let classes = 'kg-card kg-image-card';
  if (cardWidth !== 'regular') classes += ` kg-width-${cardWidth}`;
  if (caption) classes += ' kg-card-hascaption';

  const title = str(node, 'title');
  const img = el('img', [
    ['src', renderedUrl(src)],
    ['class', 'kg-image'],
    ['alt', str(node, 'alt')],
    ['loading', 'lazy'],
    ['title', title || null],
    ['width', width && height ? width : null],
    ['height', width && height ? height : null],
  ]);
  const { maxImageWidth, canTransformImage } = context;
  if (maxImageWidth && width && width > maxImageWidth && isLocalContentImage(src, context.siteUrl) && canTransformImage?.(src)) {
    setAttr(img, 'width', String(maxImageWidth));
    setAttr(img, 'height', String(Math.round(maxImageWidth / (width / (height ?? 0)))));
  }
  const srcset = width ? srcsetFor(src, width, context) : undefined;
  if (srcset && renderedUrl(src) !== null) {
    setAttr(img, 'srcset', srcset);
    if (width && width >= 720) {
      if (cardWidth === 'regular') setAttr(img, 'sizes', '(min-width: 720px) 720px');
      if (cardWidth === 'wide' && width >= 1200) setAttr(img, 'sizes', '(min-width: 1200px) 1200px');
    }
  }

  const figure = el('figure', [['class', classes]]);
  const href = str(node, 'href');
  append(figure, href ? el('a', [['href', renderedUrl(href)]], [img]) : img);
  if (caption) append(figure, figcaption(caption));
  return outerHTML(figure);
};
