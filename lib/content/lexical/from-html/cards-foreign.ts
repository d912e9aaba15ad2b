import { LexicalError } from '../error';
import * as json from './card-json';
import { galleryImage, offer, readCaption, type CardMatcher } from './card-read';
import { styleBackgroundImage } from './css';
import { className, elementSibling, getAttr, innerHTML, nodeName, parentElement, querySelector, querySelectorAll, remove, setAttr, type Element } from './dom';

// The reference's importers of markup other platforms export (kg-default-nodes 2.0.1): Squarespace
// galleries (gallery-parser.js) and Medium "mixtape" link previews (bookmark-parser.js).

function isSquarespaceGallery(div: Element): boolean {
  return /sqs-gallery-container/.test(className(div)) && !/summary-/.test(className(div));
}

/**
 * A Squarespace gallery: every image appears twice, once in a <noscript> and once without a src (its
 * address in data-src), right after it; the second takes the address and the <noscript> goes.
 */
export const squarespaceGalleryMatcher: CardMatcher = (node) => {
  if (!isSquarespaceGallery(node as Element)) return null;
  return offer(1, (div) => {
    const images = querySelectorAll(div, 'img.thumb-image').filter((img) => {
      if (getAttr(img, 'src')) return true;
      const previous = elementSibling(img, -1);
      if (!previous) throw new LexicalError('html has a Squarespace gallery image without a src and nothing before it'); // the reference fails here too
      if (nodeName(previous) !== 'NOSCRIPT' || querySelectorAll(previous, 'img').length === 0) return false;
      // setAttribute(name, null) writes "null"
      setAttr(img, 'src', getAttr(img, 'data-src') ?? 'null');
      remove(previous);
      return true;
    });
    return json.galleryJson({ images: images.map(galleryImage), caption: readCaption(div, '.meta-title') });
  });
};

/** A Medium "mixtape" embed: a link whose strong/em children are the title and description, the rest the publisher. */
export const mixtapeMatcher: CardMatcher = (node) => {
  if (!/graf--mixtapeEmbed/.test(className(node as Element))) return null;
  return offer(1, (div) => {
    const anchor = querySelector(div, '.markup--mixtapeEmbed-anchor');
    if (!anchor) throw new LexicalError('html has a Medium mixtape without its anchor'); // the reference fails here too
    const title = querySelector(anchor, '.markup--mixtapeEmbed-strong');
    const description = querySelector(anchor, '.markup--mixtapeEmbed-em');
    const image = querySelector(div, '.mixtapeImage');
    const br = querySelector(div, 'br');
    if (!br) throw new LexicalError('html has a Medium mixtape without its <br>'); // the reference fails here too
    remove(br);
    const url = getAttr(anchor, 'href');
    const take = (element: Element | null): string => {
      if (!element) return '';
      const html = innerHTML(element);
      if (!html) return '';
      // removeChild of an element that is not a direct child throws in the reference
      if (parentElement(element) !== anchor) throw new LexicalError('html has a Medium mixtape whose title or description is not directly in its anchor');
      remove(element);
      return html.trim();
    };
    const titleText = take(title);
    const descriptionText = take(description);
    const publisher = innerHTML(anchor).trim();
    let thumbnail = '';
    const backgroundImage = image ? styleBackgroundImage(image) : '';
    if (backgroundImage) {
      const match = /url\(([^)]*?)\)/.exec(backgroundImage);
      if (!match) throw new LexicalError('html has a Medium mixtape image whose background is not a url()'); // the reference fails here too
      thumbnail = match[1];
    }
    return json.bookmarkJson({ url, metadata: { title: titleText, description: descriptionText, publisher, thumbnail } });
  });
};
