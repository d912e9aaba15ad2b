import type { Element } from 'domhandler';
import { safeUrl } from '../url';
import type { Payload } from '../types';
import { classes, descendants, find, hasClass, innerHtml, isElement, serialize, textContent } from './dom';

export interface CardData {
  name: string;
  payload: Payload;
}

function dimension(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const number = Number.parseInt(value, 10);
  return Number.isFinite(number) && number > 0 ? number : undefined;
}

/** Drops undefined and empty-string fields so payloads stay as small as an editor would write them. */
function compact(payload: Payload): Payload {
  const out: Payload = {};
  for (const [key, value] of Object.entries(payload)) if (value !== undefined && value !== '') out[key] = value;
  return out;
}

function caption(figure: Element): string | undefined {
  const figcaption = find(figure, (el) => el.name === 'figcaption');
  const html = figcaption ? innerHtml(figcaption).trim() : '';
  return html === '' ? undefined : html;
}

function cardWidth(figure: Element | undefined): string | undefined {
  if (!figure) return undefined;
  if (hasClass(figure, 'kg-width-full')) return 'full';
  if (hasClass(figure, 'kg-width-wide')) return 'wide';
  return undefined;
}

/** Null when the image has no usable source (nothing a reader would see is lost). */
export function imageCard(img: Element, href?: string, figure?: Element): CardData | null {
  const src = safeUrl(img.attribs.src);
  if (!src) return null;
  return {
    name: 'image',
    payload: compact({
      src,
      alt: img.attribs.alt,
      title: img.attribs.title,
      width: dimension(img.attribs.width),
      height: dimension(img.attribs.height),
      cardWidth: cardWidth(figure),
      caption: figure ? caption(figure) : undefined,
      href: href ? (safeUrl(href) ?? undefined) : undefined,
    }),
  };
}

function languageOf(element: Element | undefined): string | undefined {
  if (!element) return undefined;
  for (const name of classes(element)) {
    const match = /^(?:language|lang)-(.+)$/.exec(name);
    if (match) return match[1];
  }
  return element.attribs['data-language'] || undefined;
}

export function codeCard(pre: Element, figure?: Element): CardData {
  const code = find(pre, (el) => el.name === 'code');
  // Like a browser, ignore the newline that directly follows <pre>.
  const text = textContent(pre).replace(/^\r?\n/, '');
  return {
    name: 'code',
    payload: compact({ code: text, language: languageOf(code) ?? languageOf(pre), caption: figure ? caption(figure) : undefined }),
  };
}

function galleryCard(figure: Element): CardData | null {
  const rows = descendants(figure).filter((el) => hasClass(el, 'kg-gallery-row'));
  const groups = rows.length > 0 ? rows.map((row) => descendants(row)) : [descendants(figure)];
  const images: Payload[] = [];
  groups.forEach((group, row) => {
    for (const img of group) {
      if (img.name !== 'img') continue;
      const src = safeUrl(img.attribs.src);
      if (!src) continue;
      images.push(
        compact({
          row: rows.length > 0 ? row : Math.floor(images.length / 3),
          src,
          fileName: src.split(/[?#]/)[0].split('/').pop(),
          width: dimension(img.attribs.width),
          height: dimension(img.attribs.height),
          alt: img.attribs.alt,
          title: img.attribs.title,
        }),
      );
    }
  });
  if (images.length === 0) return null;
  return { name: 'gallery', payload: compact({ images, caption: caption(figure) }) };
}

function bookmarkCard(figure: Element): CardData | null {
  const link = find(figure, (el) => el.name === 'a' && hasClass(el, 'kg-bookmark-container'));
  const url = safeUrl(link?.attribs.href);
  const text = (name: string): string | undefined => {
    const element = find(figure, (el) => hasClass(el, name));
    return element ? textContent(element).trim() || undefined : undefined;
  };
  const title = text('kg-bookmark-title');
  if (!url || !title) return null;
  const icon = find(figure, (el) => el.name === 'img' && hasClass(el, 'kg-bookmark-icon'));
  const thumbnailBox = find(figure, (el) => hasClass(el, 'kg-bookmark-thumbnail'));
  const thumbnail = thumbnailBox && find(thumbnailBox, (el) => el.name === 'img');
  return {
    name: 'bookmark',
    payload: compact({
      url,
      metadata: compact({
        url,
        title,
        description: text('kg-bookmark-description'),
        icon: safeUrl(icon?.attribs.src) ?? undefined,
        thumbnail: safeUrl(thumbnail?.attribs.src) ?? undefined,
        // Ghost's markup swaps these two (see the renderer), so swap back.
        publisher: text('kg-bookmark-author'),
        author: text('kg-bookmark-publisher'),
      }),
      caption: caption(figure),
    }),
  };
}

function embedCard(figure: Element): CardData | null {
  const content = figure.children.filter((node) => !(isElement(node) && node.name === 'figcaption'));
  const html = serialize(content).trim();
  if (html === '') return null;
  return { name: 'embed', payload: compact({ html, caption: caption(figure) }) };
}

/** Wrappers that may sit around a figure's single image without carrying content of their own. */
const IMAGE_WRAPPERS = new Set(['a', 'picture', 'source', 'div', 'span']);

function singleImage(figure: Element): { img: Element; href?: string } | null {
  let img: Element | undefined;
  let href: string | undefined;
  const stack: Element[] = [figure];
  while (stack.length > 0) {
    const element = stack.pop()!;
    for (const node of element.children) {
      if (node.type === 'text') {
        if (node.data.trim() !== '') return null;
        continue;
      }
      if (!isElement(node)) continue;
      if (node.name === 'figcaption') continue;
      if (node.name === 'img') {
        if (img) return null;
        img = node;
        continue;
      }
      if (!IMAGE_WRAPPERS.has(node.name)) return null;
      if (node.name === 'a') href = node.attribs.href;
      stack.push(node);
    }
  }
  return img ? { img, href } : null;
}

/** A card for a <figure>, or null when it must be kept as an html card. */
export function figureCard(figure: Element): CardData | null {
  if (hasClass(figure, 'kg-gallery-card')) return galleryCard(figure);
  if (hasClass(figure, 'kg-bookmark-card')) return bookmarkCard(figure);
  if (hasClass(figure, 'kg-embed-card')) return embedCard(figure);
  const significant = figure.children.filter((node) => isElement(node) || (node.type === 'text' && node.data.trim() !== ''));
  const pre = significant.find((node): node is Element => isElement(node) && node.name === 'pre');
  const onlyCode = significant.every((node) => isElement(node) && (node.name === 'pre' || node.name === 'figcaption'));
  if (pre && onlyCode) return codeCard(pre, figure);
  const image = singleImage(figure);
  if (image) return imageCard(image.img, image.href, figure);
  return null;
}
