import { LexicalError } from '../error';
import * as json from './card-json';
import { callToActionMatcher, signupMatcher } from './cards-styled';
import { mixtapeMatcher, squarespaceGalleryMatcher } from './cards-foreign';
import { galleryImage, imageAttributes, offer, readCaption, type CardMatcher } from './card-read';
import {
  childNodes,
  className,
  dataAttr,
  elementSibling,
  getAttr,
  hasClass,
  innerHTML,
  isComment,
  isElement,
  nextSibling,
  nodeName,
  outerHTML,
  parentElement,
  parseInteger,
  querySelector,
  querySelectorAll,
  reflectUrl,
  remove,
  setAttr,
  textContent,
  type DomNode,
  type Element,
} from './dom';

// The reference's card importers (kg-default-nodes 2.0.1 `importDOM`), each a matcher that, for a DOM
// node, offers a conversion with a priority; the highest priority wins and a conversion may still give up
// (null), which leaves the element's children to be converted instead.

const LANGUAGE = /lang(?:uage)?-(.*?)(?:\s|$)/i;

function language(pre: Element, code: Element): string | undefined {
  const match = (getAttr(pre, 'class') ?? '').match(LANGUAGE) || (getAttr(code, 'class') ?? '').match(LANGUAGE);
  return match ? match[1].toLowerCase() : undefined;
}

function durationOf(text: string | null | undefined, secondsDefault: number | undefined): number | undefined {
  if (!text) return undefined;
  const [minutes, seconds = secondsDefault] = text.split(':');
  return parseInt(minutes, 10) * 60 + parseInt(String(seconds), 10);
}

function iframePayload(iframe: Element): Record<string, unknown> | null {
  let src = reflectUrl(iframe, 'src');
  if (!src || !/^(https?:)?\/\//i.test(src)) return null;
  if (/^\/\//.test(src)) {
    setAttr(iframe, 'src', `https:${src}`);
    src = reflectUrl(iframe, 'src');
  }
  return { url: src, html: outerHTML(iframe) };
}

function cardWidth(element: Element): string {
  if (hasClass(element, 'kg-width-full')) return 'full';
  if (hasClass(element, 'kg-width-wide')) return 'wide';
  return 'regular';
}

const figureMatchers: CardMatcher[] = [
  // code block with a caption (priority 2; without one the <pre> converts by itself)
  (node) => {
    const figure = node as Element;
    const pre = querySelector(figure, 'pre');
    if (!pre) return null;
    return offer(2, (domNode) => {
      const code = querySelector(pre, 'code');
      const figcaption = querySelector(domNode, 'figcaption');
      if (!code || !figcaption) return null;
      return json.codeBlockJson({ code: textContent(code), caption: readCaption(domNode), language: language(pre, code) });
    });
  },
  // image (priority 0: any figure holding an <img>)
  (node) => {
    const img = querySelector(node, 'img');
    if (!img) return null;
    return offer(0, (domNode) => {
      const payload = imageAttributes(img);
      const kg = className(domNode).match(/kg-width-(wide|full)/);
      const graf = className(domNode).match(/graf--layout(FillWidth|OutsetCenter)/);
      if (kg) payload.cardWidth = kg[1];
      else if (graf) payload.cardWidth = graf[1] === 'FillWidth' ? 'full' : 'wide';
      payload.caption = readCaption(domNode);
      return json.imageJson(payload);
    });
  },
  // video
  (node) => {
    if (!hasClass(node as Element, 'kg-video-card')) return null;
    return offer(1, (domNode) => {
      const video = querySelector(domNode, '.kg-video-container video');
      const duration = querySelector(domNode, '.kg-video-duration');
      const src = video ? reflectUrl(video, 'src') : null;
      if (!video || !src) return null;
      const payload: Record<string, unknown> = { src, loop: getAttr(video, 'loop') !== null, cardWidth: cardWidth(video) };
      const durationText = duration ? innerHTML(duration).trim() : null;
      if (durationText) payload.duration = durationOf(durationText, undefined);
      if (dataAttr(domNode, 'kg-thumbnail')) payload.thumbnailSrc = dataAttr(domNode, 'kg-thumbnail');
      if (dataAttr(domNode, 'kg-custom-thumbnail')) payload.customThumbnailSrc = dataAttr(domNode, 'kg-custom-thumbnail');
      const caption = readCaption(domNode);
      if (caption) payload.caption = caption;
      const width = reflectedDimension(video, 'width');
      const height = reflectedDimension(video, 'height');
      if (width) payload.width = width;
      if (height) payload.height = height;
      return json.videoJson(payload);
    });
  },
  // bookmark
  (node) => {
    if (!hasClass(node as Element, 'kg-bookmark-card')) return null;
    return offer(1, (domNode) => {
      const text = (selector: string) => {
        const found = querySelector(domNode, selector);
        return found ? textContent(found) : undefined;
      };
      const src = (selector: string) => {
        const found = querySelector(domNode, selector);
        return found ? reflectUrl(found, 'src') : undefined;
      };
      const container = querySelector(domNode, '.kg-bookmark-container');
      return json.bookmarkJson({
        url: container ? getAttr(container, 'href') : undefined,
        metadata: {
          icon: src('.kg-bookmark-icon'),
          title: text('.kg-bookmark-title'),
          description: text('.kg-bookmark-description'),
          // the reference swaps these two classes, for themes written against old markup
          author: text('.kg-bookmark-publisher'),
          publisher: text('.kg-bookmark-author'),
          thumbnail: src('.kg-bookmark-thumbnail img'),
        },
        caption: text('figure.kg-bookmark-card figcaption'),
      });
    });
  },
  // embed: an iframe, or a blockquote linking to an http(s) URL (tweets…)
  (node) => {
    const iframe = querySelector(node, 'iframe');
    if (iframe) {
      return offer(1, (domNode) => {
        const payload = iframePayload(iframe);
        if (!payload) return null;
        payload.caption = readCaption(domNode);
        return json.embedJson(payload);
      });
    }
    if (!querySelector(node, 'blockquote')) return null;
    return offer(1, (domNode) => {
      const link = querySelector(domNode, 'a');
      if (!link) return null;
      const url = getAttr(link, 'href');
      if (!url || !/^https?:\/\//i.test(url)) return null;
      const caption = readCaption(domNode);
      const figcaption = querySelector(domNode, 'figcaption');
      if (figcaption) remove(figcaption);
      return json.embedJson({ url, caption, html: innerHTML(domNode) });
    });
  },
  // gallery
  (node) => {
    if (!hasClass(node as Element, 'kg-gallery-card')) return null;
    return offer(1, (domNode) => json.galleryJson({ images: querySelectorAll(domNode, 'img').map(galleryImage), caption: readCaption(domNode) }));
  },
];

/** HTMLVideoElement.width: the HTML integer parse of the attribute, 0 when invalid or negative. */
function reflectedDimension(element: Element, name: string): number {
  const value = parseInteger(getAttr(element, name));
  return value !== null && value >= 0 && value <= 2147483647 ? value : 0;
}

function calloutColor(element: Element): string | null {
  const match = (getAttr(element, 'class') ?? '').match(/kg-callout-card-(\w+)/);
  return match && match[1];
}

// in the order the reference registers its nodes (DEFAULT_NODES): on equal priority the first one wins
const divMatchers: CardMatcher[] = [
  // audio
  (node) => {
    if (!hasClass(node as Element, 'kg-audio-card')) return null;
    return offer(1, (domNode) => {
      const title = querySelector(domNode, '.kg-audio-title');
      const audio = querySelector(domNode, '.kg-audio-player-container audio');
      const duration = querySelector(domNode, '.kg-audio-duration');
      const thumbnail = querySelector(domNode, '.kg-audio-thumbnail');
      const payload: Record<string, unknown> = { src: audio && reflectUrl(audio, 'src'), title: title && innerHTML(title).trim() };
      const thumbnailSrc = thumbnail && reflectUrl(thumbnail, 'src');
      if (thumbnailSrc) payload.thumbnailSrc = thumbnailSrc;
      const durationText = duration && innerHTML(duration).trim();
      if (durationText) payload.duration = durationOf(durationText, 0);
      return json.audioJson(payload);
    });
  },
  // callout
  (node) => {
    if (!hasClass(node as Element, 'kg-callout-card')) return null;
    return offer(1, (domNode) => {
      const text = querySelector(domNode, '.kg-callout-text');
      const emoji = querySelector(domNode, '.kg-callout-emoji');
      return json.calloutJson({
        calloutText: (text && innerHTML(text).trim()) || '',
        calloutEmoji: (emoji && innerHTML(emoji).trim()) || '',
        backgroundColor: calloutColor(domNode),
      });
    });
  },
  callToActionMatcher,
  // file
  (node) => {
    if (!hasClass(node as Element, 'kg-file-card')) return null;
    return offer(1, (domNode) => {
      const link = querySelector(domNode, 'a');
      if (!link) throw new LexicalError('html has a file card without a link'); // the reference fails here too
      const text = (selector: string) => {
        const found = querySelector(domNode, selector);
        return (found && textContent(found)) || '';
      };
      return json.fileJson({
        src: getAttr(link, 'href'),
        fileTitle: text('.kg-file-card-title'),
        fileCaption: text('.kg-file-card-caption'),
        fileName: text('.kg-file-card-filename'),
        fileSize: sizeToBytes(text('.kg-file-card-filesize')),
      });
    });
  },
  // toggle
  (node) => {
    if (!hasClass(node as Element, 'kg-toggle-card')) return null;
    return offer(1, (domNode) => {
      const heading = querySelector(domNode, '.kg-toggle-heading-text');
      const content = querySelector(domNode, '.kg-toggle-content');
      if (!heading || !content) throw new LexicalError('html has a toggle card without heading or content'); // the reference fails here too
      return json.toggleJson({ heading: textContent(heading), content: textContent(content) });
    });
  },
  // button
  (node) => {
    if (!hasClass(node as Element, 'kg-button-card')) return null;
    return offer(1, (domNode) => {
      const alignment = className(domNode).match(/kg-align-(left|center)/);
      const button = querySelector(domNode, '.kg-btn');
      if (!button) throw new LexicalError('html has a button card without a .kg-btn'); // the reference fails here too
      return json.buttonJson({ buttonText: textContent(button), alignment: alignment ? alignment[1] : undefined, buttonUrl: getAttr(button, 'href') });
    });
  },
  // header, v1 and v2
  (node) => {
    const div = node as Element;
    if (!hasClass(div, 'kg-header-card')) return null;
    if (!hasClass(div, 'kg-v2')) {
      return offer(1, (domNode) => {
        const header = querySelector(domNode, '.kg-header-card-header');
        const subheader = querySelector(domNode, '.kg-header-card-subheader');
        const button = querySelector(domNode, '.kg-header-card-button');
        return json.headerJson({
          size: hasClass(domNode, 'kg-size-large') ? 'large' : 'small',
          style: hasClass(domNode, 'kg-style-image') ? 'image' : 'text',
          backgroundImageSrc: getAttr(domNode, 'data-kg-background-image'),
          header: header ? textContent(header) : '',
          subheader: subheader ? textContent(subheader) : '',
          buttonEnabled: !!button,
          buttonUrl: button ? getAttr(button, 'href') : '',
          buttonText: button ? textContent(button) : '',
          version: 1,
        });
      });
    }
    return offer(1, (domNode) => {
      const header = querySelector(domNode, '.kg-header-card-heading');
      const subheader = querySelector(domNode, '.kg-header-card-subheading');
      const button = querySelector(domNode, '.kg-header-card-button');
      const image = querySelector(domNode, '.kg-header-card-image');
      const backgroundImageSrc = image ? getAttr(image, 'src') : undefined;
      return json.headerJson({
        backgroundColor: hasClass(domNode, 'kg-style-accent') ? 'accent' : getAttr(domNode, 'data-background-color'),
        buttonColor: (button && getAttr(button, 'data-button-color')) || '',
        alignment: hasClass(domNode, 'kg-align-center') ? 'center' : '',
        backgroundImageSrc,
        layout: backgroundImageSrc ? 'split' : '',
        textColor: (header && getAttr(header, 'data-text-color')) || '',
        header: (header && textContent(header)) || '',
        subheader: (subheader && textContent(subheader)) || '',
        buttonEnabled: !!button,
        buttonUrl: button ? getAttr(button, 'href') : '',
        buttonText: button ? textContent(button) : '',
        buttonTextColor: (button && getAttr(button, 'data-button-text-color')) || '',
        version: 2,
      });
    });
  },
  mixtapeMatcher,
  // product (gives up when it has none of title, description, image, link)
  (node) => {
    if (!hasClass(node as Element, 'kg-product-card')) return null;
    return offer(1, (domNode) => {
      const title = readCaption(domNode, '.kg-product-card-title');
      const description = readCaption(domNode, '.kg-product-card-description');
      const payload: Record<string, unknown> = {
        productButtonEnabled: false,
        productRatingEnabled: false,
        productTitle: title,
        productDescription: description,
      };
      const img = querySelector(domNode, '.kg-product-card-image');
      if (img && getAttr(img, 'src')) {
        payload.productImageSrc = getAttr(img, 'src');
        if (getAttr(img, 'width')) payload.productImageWidth = getAttr(img, 'width');
        if (getAttr(img, 'height')) payload.productImageHeight = getAttr(img, 'height');
      }
      const stars = querySelectorAll(domNode, '.kg-product-card-rating-active').length;
      if (stars) {
        payload.productRatingEnabled = true;
        payload.productStarRating = stars;
      }
      const button = querySelector(domNode, 'a');
      if (button) {
        const url = getAttr(button, 'href');
        const text = textContent(button).replace(/\n/g, ' ').replace(/\s+/g, ' ').trim();
        if (url && text) {
          payload.productButtonEnabled = true;
          payload.productButton = text;
          payload.productUrl = url;
        }
      }
      if (!title && !description && !img && !button) return null;
      return json.productJson(payload);
    });
  },
  // Medium ("graf") galleries: a run of sibling divs with images, gathered into one
  (node) => {
    if (!isGrafGallery(node)) return null;
    return offer(1, (domNode) => {
      let caption: unknown = readCaption(domNode);
      let images = querySelectorAll(domNode, 'img');
      let next = elementSibling(domNode, 1);
      while (next && isGrafGallery(next)) {
        const current = next;
        images = images.concat(querySelectorAll(current, 'img'));
        const currentCaption = readCaption(current);
        if (currentCaption) caption = `${String(caption)} / ${currentCaption}`;
        next = elementSibling(current, 1);
        remove(current);
      }
      return json.galleryJson({ caption, images: images.map(galleryImage) });
    });
  },
  squarespaceGalleryMatcher,
  signupMatcher,
];

function isGrafGallery(node: DomNode): boolean {
  return isElement(node) && nodeName(node) === 'DIV' && !!dataAttr(node, 'paragraph-count') && querySelectorAll(node, 'img').length > 0;
}

/** kg-default-nodes' sizeToBytes: "12 KB" → 12288; 0 when unreadable. */
function sizeToBytes(size: string): number {
  if (!size) return 0;
  const [number, unit] = size.split(' ');
  const index = ['Bytes', 'KB', 'MB', 'GB', 'TB'].indexOf(unit);
  if (index === -1) return 0;
  return Math.round(parseFloat(number) * 1024 ** index);
}

const CARD_BEGIN = /^kg-card-begin:\s?html$/;
const CARD_END = /^kg-card-end:\s?html$/;

const commentMatchers: CardMatcher[] = [
  // <!--kg-card-begin: html--> … <!--kg-card-end: html-->: the nodes between, verbatim
  (node) => {
    if (!isComment(node) || !CARD_BEGIN.test(node.data.trim())) return null;
    return {
      priority: 0,
      convert: (domNode) => {
        const html: Array<string | undefined> = [];
        let next = nextSibling(domNode);
        while (next && !(isComment(next) && CARD_END.test(next.data.trim()))) {
          const current = next;
          html.push(isElement(current) ? outerHTML(current) : undefined);
          next = nextSibling(current);
          remove(current);
        }
        // Array.join prints undefined (a text node's outerHTML) as nothing
        return json.htmlJson({
          html: html
            .map((part) => part ?? '')
            .join('\n')
            .trim(),
        });
      },
    };
  },
  (node) => (isComment(node) && node.data.trim() === 'members-only' ? { priority: 0, convert: () => json.paywallJson() } : null),
];

/** Card importers by lower-case node name, in the reference's registration order. */
export const CARD_MATCHERS: ReadonlyMap<string, readonly CardMatcher[]> = new Map<string, CardMatcher[]>([
  ['figure', figureMatchers],
  ['div', divMatchers],
  ['#comment', commentMatchers],
  [
    'pre',
    [
      () =>
        offer(1, (domNode) => {
          const code = childNodes(domNode).find(isElement);
          if (!code || nodeName(code) !== 'CODE') return null;
          return json.codeBlockJson({ code: textContent(code), language: language(domNode, code) });
        }),
    ],
  ],
  [
    'img',
    [
      () =>
        offer(1, (domNode) => {
          const { src, width, height, alt, title, href } = imageAttributes(domNode);
          return json.imageJson({ src, width, height, alt, title, href });
        }),
    ],
  ],
  ['hr', [() => offer(0, () => json.horizontalRuleJson())]],
  [
    'table',
    [
      (node) => {
        const parent = parentElement(node);
        if (parent && nodeName(parent) === 'TABLE') return null;
        return offer(0, (domNode) => json.htmlJson({ html: outerHTML(domNode) }));
      },
    ],
  ],
  [
    'iframe',
    [
      () =>
        offer(1, (domNode) => {
          const payload = iframePayload(domNode);
          return payload ? json.embedJson(payload) : null;
        }),
    ],
  ],
]);
