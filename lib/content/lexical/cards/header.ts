import { append, el, outerHTML, setAuthorHTML } from '../dom';
import { renderedUrl } from '../url';
import { bool, num, str } from './props';
import { srcsetFor } from './srcset';
import { nl, quoted, renderTemplate } from './template';
import type { CardContext, LexicalCardRenderer } from './types';
import type { LexicalNode } from '../types';

/** The header card's own slug for its heading ids: tags and symbols removed, spaces to dashes. */
function headerSlug(html: string): string {
  return html
    .replace(/<[^>]*>?/gm, '')
    .replace(/[^\w\s]/gi, '')
    .replace(/\s+/g, '-')
    .toLowerCase();
}

function headerV1(node: LexicalNode): string {
  const header = str(node, 'header');
  const subheader = str(node, 'subheader');
  const buttonUrl = str(node, 'buttonUrl');
  const buttonText = str(node, 'buttonText');
  const buttonEnabled = bool(node, 'buttonEnabled', false);
  if (!header && !subheader && (!buttonEnabled || !buttonUrl || !buttonText)) return '';
  const style = str(node, 'style', 'dark');
  const image = str(node, 'backgroundImageSrc');
  const card = el('div', [
    ['class', `kg-card kg-header-card kg-width-full kg-size-${str(node, 'size', 'small')} kg-style-${style}`],
    ['data-kg-background-image', image],
    ['style', style === 'image' ? `background-image: url(${image})` : ''],
  ]);
  if (header)
    append(
      card,
      setAuthorHTML(
        el('h2', [
          ['class', 'kg-header-card-header'],
          ['id', headerSlug(header)],
        ]),
        header,
      ),
    );
  // the reference's test for a subheader of only <br>s replaces them with "undefined", so it is always true for them
  if (subheader && subheader.replace(/(<br>)+$/g, 'undefined').trim()) {
    append(
      card,
      setAuthorHTML(
        el('h3', [
          ['class', 'kg-header-card-subheader'],
          ['id', headerSlug(subheader)],
        ]),
        subheader,
      ),
    );
  }
  if (buttonEnabled && buttonUrl && buttonText)
    append(
      card,
      el(
        'a',
        [
          ['class', 'kg-header-card-button'],
          ['href', renderedUrl(buttonUrl)],
        ],
        [buttonText],
      ),
    );
  return outerHTML(card);
}

function cardClasses(layout: string, swapped: boolean, backgroundSize: string): string {
  const classes = ['kg-card kg-header-card kg-v2'];
  if (layout && layout !== 'split') classes.push(`kg-width-${layout}`);
  if (layout === 'split') classes.push('kg-layout-split kg-width-full');
  if (swapped && layout === 'split') classes.push('kg-swapped');
  if (layout === 'full') classes.push('kg-content-wide');
  if (layout === 'split' && backgroundSize === 'contain') classes.push('kg-content-wide');
  return classes.join(' ');
}

function headerV2(node: LexicalNode, context: CardContext): string {
  const layout = str(node, 'layout', 'full');
  const background = str(node, 'backgroundColor', '#000000');
  const buttonColor = str(node, 'buttonColor', '#ffffff');
  const textColor = str(node, 'textColor', '#FFFFFF');
  const buttonTextColor = str(node, 'buttonTextColor', '#000000');
  const image = str(node, 'backgroundImageSrc');
  const header = str(node, 'header');
  const subheader = str(node, 'subheader');
  const buttonUrl = str(node, 'buttonUrl');
  const imageStyle = background !== 'accent' && (!image || layout === 'split') ? `background-color: ${background}` : '';

  let picture = '';
  if (image) {
    const width = num(node, 'backgroundImageWidth');
    const srcset = width && renderedUrl(image) !== null ? srcsetFor(image, width, context) : undefined;
    const src = renderedUrl(image) === null ? '' : `src="${quoted(image)}" `;
    picture = `${nl(12)}<picture><img class="kg-header-card-image" ${src}${srcset ? `srcset="${quoted(srcset)}"` : ''} loading="lazy" alt="" /></picture>${nl(8)}`;
  }
  const color = quoted(textColor);
  const heading = header
    ? `<h2 id="${quoted(headerSlug(header))}" class="kg-header-card-heading" style="color: ${color};" data-text-color="${color}">${header}</h2>`
    : '';
  const sub = subheader
    ? `<p id="${quoted(headerSlug(subheader))}" class="kg-header-card-subheading" style="color: ${color};" data-text-color="${color}">${subheader}</p>`
    : '';
  let button = '';
  if (bool(node, 'buttonEnabled', false) && buttonUrl.trim() !== '') {
    const href = renderedUrl(buttonUrl) === null ? '' : `href="${quoted(buttonUrl)}" `;
    const accent = buttonColor === 'accent' ? 'kg-style-accent' : '';
    const buttonStyle = buttonColor !== 'accent' ? `background-color: ${quoted(buttonColor)};` : '';
    button = `<a ${href}class="kg-header-card-button ${accent}" style="${buttonStyle}color: ${quoted(buttonTextColor)};" data-button-color="${quoted(buttonColor)}" data-button-text-color="${quoted(buttonTextColor)}">${str(node, 'buttonText')}</a>`;
  }
  const classes = `${cardClasses(layout, bool(node, 'swapped', false), str(node, 'backgroundSize', 'cover'))} ${background === 'accent' ? 'kg-style-accent' : ''}`;
  const template =
    `${nl(8)}<div class="${quoted(classes)}" ${imageStyle ? `style="${quoted(imageStyle)};"` : ''} data-background-color="${quoted(background)}">` +
    `${nl(12)}${layout !== 'split' ? picture : ''}` +
    `${nl(12)}<div class="kg-header-card-content">` +
    `${nl(16)}${layout === 'split' ? picture : ''}` +
    `${nl(16)}<div class="kg-header-card-text ${str(node, 'alignment', 'center') === 'center' ? 'kg-align-center' : ''}">` +
    `${nl(20)}${heading}${nl(20)}${sub}${nl(20)}${button}` +
    `${nl(16)}</div>${nl(12)}</div>${nl(8)}</div>${nl(8)}`;
  return renderTemplate(template);
}

/** The header card: version 1 (size and style presets) or 2 (colours, layouts, a background image). */
export const headerCard: LexicalCardRenderer = (node, context) => {
  const version = node.version || 1;
  if (version === 1) return headerV1(node);
  if (version === 2) return headerV2(node, context);
  return '';
};
