import { append, el, outerHTML, setAttr } from '../dom';
import { renderedUrl } from '../url';
import { figcaption } from './simple';
import { str } from './props';
import { isLocalContentImage, srcsetFor } from './srcset';
import type { CardContext, LexicalCardRenderer } from './types';

type Image = Record<string, unknown>;

const MAX_PER_ROW = 3;

const isValid = (image: Image): boolean => Boolean(image.fileName && image.src && image.width && image.height);

/** Rows as the editor laid them out (`row`), except that a lone image at the end joins the row before it. */
function rowsOf(images: Image[]): Image[][] {
  // an array indexed by whatever `row` holds, as the reference does; holes are skipped but counted
  const rows: Image[][] = [];
  const byKey = rows as unknown as Record<string, Image[]>;
  images.forEach((image, index) => {
    let row = image.row as number;
    if (images.length > 1 && images.length % MAX_PER_ROW === 1 && index === images.length - 2) row = row + 1;
    (byKey[String(row)] ??= []).push(image);
  });
  return rows;
}

function galleryImage(image: Image, single: boolean, context: CardContext): ReturnType<typeof el> {
  const src = String(image.src);
  const width = Number(image.width);
  const img = el('img', [
    ['src', renderedUrl(src)],
    ['width', String(image.width)],
    ['height', String(image.height)],
    ['loading', 'lazy'],
    ['alt', typeof image.alt === 'string' && image.alt ? image.alt : ''],
    ['title', typeof image.title === 'string' && image.title ? image.title : null],
  ]);
  const { maxImageWidth, canTransformImage } = context;
  if (maxImageWidth && width > maxImageWidth && isLocalContentImage(src, context.siteUrl) && canTransformImage?.(src)) {
    setAttr(img, 'width', String(maxImageWidth));
    setAttr(img, 'height', String(Math.round(maxImageWidth / (width / Number(image.height)))));
  }
  const srcset = renderedUrl(src) ? srcsetFor(src, width, context) : undefined;
  if (srcset) {
    setAttr(img, 'srcset', srcset);
    if (width >= 720) setAttr(img, 'sizes', single && width >= 1200 ? '(min-width: 1200px) 1200px' : '(min-width: 720px) 720px');
  }
  const href = typeof image.href === 'string' ? image.href : '';
  return el('div', [['class', 'kg-gallery-image']], [href ? el('a', [['href', renderedUrl(href)]], [img]) : img]);
}

export const galleryCard: LexicalCardRenderer = (node, context) => {
  const images = (Array.isArray(node.images) ? node.images : []).filter(
    (image): image is Image => typeof image === 'object' && image !== null && isValid(image as Image),
  );
  if (images.length === 0) return '';
  const rows = rowsOf(images);
  const container = el('div', [['class', 'kg-gallery-container']]);
  rows.forEach((row) => {
    const rowDiv = el('div', [['class', 'kg-gallery-row']]);
    for (const image of row) append(rowDiv, galleryImage(image, rows.length === 1 && row.length === 1, context));
    append(container, rowDiv);
  });
  const figure = el('figure', [['class', 'kg-card kg-gallery-card kg-width-wide']], [container]);
  const caption = str(node, 'caption');
  if (caption) {
    append(figure, figcaption(caption));
    setAttr(figure, 'class', 'kg-card kg-gallery-card kg-width-wide kg-card-hascaption');
  }
  return outerHTML(figure);
};
