import { LexicalError } from '../error';
import * as json from './card-json';
import { imageAttributes, offer, type CardMatcher } from './card-read';
import { rgbToHex, styleBackgroundColor, styleColor } from './css';
import { className, getAttr, hasClass, innerHTML, querySelector, querySelectorAll, setInnerHTML, textContent, type Element } from './dom';

// The reference's importers of the two cards whose colours are read from inline styles
// (kg-default-nodes 2.0.1 calltoaction-parser.js and signup-parser.js); the styles are read by css.ts.

/** The call-to-action card: `div.kg-cta-card`. */
export const callToActionMatcher: CardMatcher = (node) => {
  if (!hasClass(node as Element, 'kg-cta-card')) return null;
  return offer(1, (div) => {
    const text = querySelector(div, '.kg-cta-text');
    const button = querySelector(div, '.kg-cta-button');
    const buttonColor = (button && styleBackgroundColor(button)) || '#000000';
    const buttonTextColor = (button && styleColor(button)) || '#ffffff';
    const sponsorLabel = querySelector(div, '.kg-cta-sponsor-label');
    const background = className(div).match(/kg-cta-bg-(\w+)/);
    const container = querySelector(div, '.kg-cta-image-container');
    const img = container && querySelector(container, 'img');
    const image: Record<string, unknown> = { imageUrl: '', imageWidth: null, imageHeight: null };
    if (img) {
      const { src, width, height } = imageAttributes(img);
      image.imageUrl = src;
      image.imageWidth = width || null;
      image.imageHeight = height || null;
    }
    // the reference keeps the label in a paragraph (re-parsed: the markup it stores is what the parser made of it)
    if (sponsorLabel) setInnerHTML(sponsorLabel, `<p>${innerHTML(sponsorLabel).trim()}</p>`);
    if (!text) throw new LexicalError('html has a call-to-action card without a .kg-cta-text'); // the reference fails here too
    return json.callToActionJson({
      layout: getAttr(div, 'data-layout') || 'minimal',
      alignment: getAttr(div, 'data-alignment') || 'left',
      textValue: textContent(text).trim() || '',
      showButton: !!button,
      showDividers: hasClass(div, 'kg-cta-has-dividers'),
      buttonText: (button && textContent(button).trim()) || '',
      buttonUrl: button ? getAttr(button, 'href') : undefined,
      buttonColor: rgbToHex(buttonColor),
      buttonTextColor: rgbToHex(buttonTextColor),
      hasSponsorLabel: !!sponsorLabel,
      sponsorLabel: sponsorLabel ? innerHTML(sponsorLabel) : '',
      backgroundColor: background ? background[1] : 'grey',
      ...image,
    });
  });
};

function signupLayout(div: Element): string {
  if (hasClass(div, 'kg-layout-split')) return 'split';
  if (hasClass(div, 'kg-layout-full')) return 'full';
  if (hasClass(div, 'kg-layout-wide')) return 'wide';
  return 'regular';
}

// `input.value` of an untouched input: its value attribute as the input's type sanitizes it
const VALUE_AS_WRITTEN = new Set(['hidden', 'submit', 'image', 'reset', 'button']);
const TEXT_LIKE = new Set(['text', 'search', 'tel', 'password']);

const ASCII_SPACE_AROUND = /^[\t\n\f\r ]+|[\t\n\f\r ]+$/g;

function inputValue(input: Element): string {
  const written = getAttr(input, 'value');
  const type = (getAttr(input, 'type') ?? 'text').toLowerCase();
  if (VALUE_AS_WRITTEN.has(type)) return written ?? '';
  if (type === 'checkbox' || type === 'radio') return written ?? 'on';
  if (type === 'file') return '';
  const value = written ?? '';
  if (type === 'color') return /^#[0-9a-f]{6}$/i.test(value) ? value.toLowerCase() : '#000000';
  if (type === 'email' && getAttr(input, 'multiple') !== null)
    return value
      .split(',')
      .map((token) => token.replace(ASCII_SPACE_AROUND, ''))
      .join(',');
  const known = TEXT_LIKE.has(type) || type === 'url' || type === 'email';
  // dates, times and numbers go through their own parsers in jsdom
  if (!known && INPUT_TYPES.has(type)) throw new LexicalError(`html has a signup card label in an <input type="${type}">, which pressroom does not read`);
  const line = value.replace(/[\r\n]/g, '');
  return type === 'url' || type === 'email' ? line.replace(ASCII_SPACE_AROUND, '') : line;
}

// the types an input knows; any other type attribute makes a text input
const INPUT_TYPES = new Set(
  'hidden text search tel url email password date month week time datetime-local number range color checkbox radio file submit image reset button'.split(' '),
);

/** The signup card: `div[data-lexical-signup-form=""]`. */
export const signupMatcher: CardMatcher = (node) => {
  if (getAttr(node as Element, 'data-lexical-signup-form') !== '') return null;
  return offer(1, (div) => {
    const text = (selector: string) => {
      const found = querySelector(div, selector);
      return found ? textContent(found) : '';
    };
    const button = querySelector(div, '.kg-signup-card-button');
    const success = querySelector(div, '.kg-signup-card-success');
    const image = querySelector(div, '.kg-signup-card-image');
    const alignment = querySelector(div, '.kg-signup-card-text');
    const defaultText = querySelector(div, '.kg-signup-card-button-default');
    return json.signupJson({
      layout: signupLayout(div),
      buttonText: (defaultText && textContent(defaultText).trim()) || 'Subscribe',
      header: text('h2'),
      subheader: text('h3'),
      disclaimer: text('p'),
      backgroundImageSrc: image ? getAttr(image, 'src') : undefined,
      backgroundSize: hasClass(div, 'kg-content-wide') ? 'contain' : 'cover',
      backgroundColor: hasClass(div, 'kg-style-accent') ? 'accent' : rgbToHex(styleBackgroundColor(div)) || '#ffffff',
      buttonColor: button && hasClass(button, 'kg-style-accent') ? 'accent' : rgbToHex((button && styleBackgroundColor(button)) || '') || '#ffffff',
      textColor: rgbToHex((success && styleColor(success)) || '') || '#ffffff',
      buttonTextColor: rgbToHex((button && styleColor(button)) || '') || '#000000',
      alignment: alignment && hasClass(alignment, 'kg-align-center') ? 'center' : 'left',
      successMessage: (success && textContent(success).trim()) || '',
      labels: querySelectorAll(div, 'input[data-members-label]').map(inputValue),
      swapped: hasClass(div, 'kg-swapped'),
    });
  });
};
