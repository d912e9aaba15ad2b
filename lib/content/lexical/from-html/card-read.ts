import { cleanBasicHtml } from '../cards/clean-basic-html';
import { LexicalError } from '../error';
import { dataAttr, getAttr, innerHTML, nodeName, parentElement, querySelectorAll, reflectUrl, unsignedLong, type DomNode, type Element } from './dom';

// What the reference's card importers share (kg-default-nodes 2.0.1 utils): the matcher shape, captions
// and image attributes read from the markup.

export type CardJson = Record<string, unknown>;
export interface CardMatch {
  priority: number;
  convert: (node: DomNode) => CardJson | null;
}
export type CardMatcher = (node: DomNode) => CardMatch | null;

export const offer = (priority: number, convert: (node: Element) => CardJson | null): CardMatch => ({ priority, convert: (node) => convert(node as Element) });

/** The reference's readCaptionFromElement: every figcaption's cleaned HTML, joined with " / ". */
export function readCaption(element: Element, selector = 'figcaption'): string | null | undefined {
  let caption: string | null | undefined;
  for (const figcaption of querySelectorAll(element, selector)) {
    const clean = cleanBasicHtml(innerHTML(figcaption));
    caption = caption ? `${caption} / ${String(clean)}` : clean;
  }
  return caption;
}

/** readImageAttributesFromElement. */
export function imageAttributes(img: Element): Record<string, unknown> {
  const attrs: Record<string, unknown> = {};
  const src = reflectUrl(img, 'src');
  if (src) attrs.src = src;
  const width = unsignedLong(getAttr(img, 'width'));
  const height = unsignedLong(getAttr(img, 'height'));
  if (width) attrs.width = width;
  else if (dataAttr(img, 'width')) attrs.width = parseIntLike(dataAttr(img, 'width')!);
  if (height) attrs.height = height;
  else if (dataAttr(img, 'height')) attrs.height = parseIntLike(dataAttr(img, 'height')!);
  const dimensions = getAttr(img, 'data-image-dimensions');
  if (!width && !height && dimensions) {
    const match = /^(\d*)x(\d*)$/i.exec(dimensions);
    if (!match) throw new LexicalError('html has an image whose data-image-dimensions is not WIDTHxHEIGHT'); // the reference fails here too
    attrs.width = parseIntLike(match[1]);
    attrs.height = parseIntLike(match[2]);
  }
  const alt = getAttr(img, 'alt');
  if (alt) attrs.alt = alt;
  const title = getAttr(img, 'title');
  if (title) attrs.title = title;
  const parent = parentElement(img);
  if (parent && nodeName(parent) === 'A') {
    const href = reflectUrl(parent, 'href');
    if (href !== attrs.src) attrs.href = href;
  }
  return attrs;
}

/** JavaScript's parseInt(value, 10), NaN included. */
function parseIntLike(value: string): number {
  return parseInt(value, 10);
}

/** readGalleryImageAttributesFromElement: the image's attributes, its file name and its row of three. */
export function galleryImage(img: Element, index: number): Record<string, unknown> {
  const image = imageAttributes(img);
  image.fileName = (/[^/]*$/.exec(reflectUrl(img, 'src')) as RegExpExecArray)[0];
  image.row = Math.floor(index / 3);
  return image;
}
