import { defang, el, outerHTML, removeFirstWithClass, setInnerHTML, type Element } from '../dom';
import { defaultTreeAdapter } from 'parse5';
import { renderedUrl } from '../url';
import { bool, str } from './props';
import { nl, quoted } from './template';
import type { LexicalCardRenderer } from './types';

const LOADING_ICON =
  `<svg xmlns="http://www.w3.org/2000/svg" height="24" width="24" viewBox="0 0 24 24">` +
  `${nl(8)}<g stroke-linecap="round" stroke-width="2" fill="currentColor" stroke="none" stroke-linejoin="round" class="nc-icon-wrapper">` +
  `${nl(12)}<g class="nc-loop-dots-4-24-icon-o">` +
  `${nl(16)}<circle cx="4" cy="12" r="3"></circle>${nl(16)}<circle cx="12" cy="12" r="3"></circle>${nl(16)}<circle cx="20" cy="12" r="3"></circle>` +
  `${nl(12)}</g>` +
  `${nl(12)}<style data-cap="butt">` +
  `${nl(16)}.nc-loop-dots-4-24-icon-o{--animation-duration:0.8s}` +
  `${nl(16)}.nc-loop-dots-4-24-icon-o *{opacity:.4;transform:scale(.75);animation:nc-loop-dots-4-anim var(--animation-duration) infinite}` +
  `${nl(16)}.nc-loop-dots-4-24-icon-o :nth-child(1){transform-origin:4px 12px;animation-delay:-.3s;animation-delay:calc(var(--animation-duration)/-2.666)}` +
  `${nl(16)}.nc-loop-dots-4-24-icon-o :nth-child(2){transform-origin:12px 12px;animation-delay:-.15s;animation-delay:calc(var(--animation-duration)/-5.333)}` +
  `${nl(16)}.nc-loop-dots-4-24-icon-o :nth-child(3){transform-origin:20px 12px}` +
  `${nl(16)}@keyframes nc-loop-dots-4-anim{0%,100%{opacity:.4;transform:scale(.75)}50%{opacity:1;transform:scale(1)}}` +
  `${nl(12)}</style>${nl(8)}</g>${nl(4)}</svg>`;

function classesOf(layout: string, swapped: boolean, backgroundSize: string): string {
  const classes = ['kg-card kg-signup-card'];
  if (layout && layout !== 'split') classes.push(`kg-width-${layout}`);
  if (layout === 'split') classes.push('kg-layout-split kg-width-full');
  if (swapped && layout === 'split') classes.push('kg-swapped');
  if (layout === 'full') classes.push('kg-content-wide');
  if (layout === 'split' && backgroundSize === 'contain') classes.push('kg-content-wide');
  return classes.join(' ');
}

/** The signup form as the web shows it (hidden until the members script shows it). */
export const signupCard: LexicalCardRenderer = (node) => {
  const layout = str(node, 'layout', 'wide');
  const background = str(node, 'backgroundColor', '#F0F0F0');
  const image = str(node, 'backgroundImageSrc');
  // the reference decides the text colour from the fields as sent (before defaults)
  const textColor = node.backgroundColor === 'transparent' && (node.layout === 'split' || !node.backgroundImageSrc) ? '' : str(node, 'textColor', '#000000');
  const buttonColor = str(node, 'buttonColor', 'accent');
  const header = str(node, 'header');
  const subheader = str(node, 'subheader');
  const disclaimer = str(node, 'disclaimer');
  const labels = Array.isArray(node.labels) ? node.labels.filter((l): l is string => typeof l === 'string') : [];

  const accent = (layout === 'split' && background === 'accent') || (layout !== 'split' && !image && background === 'accent') ? 'kg-style-accent' : '';
  const buttonStyle = buttonColor !== 'accent' ? `background-color: ${quoted(buttonColor)};` : '';
  const imageStyle = background !== 'accent' && (!image || layout === 'split') ? `background-color: ${quoted(background)}` : '';
  const src = renderedUrl(image) === null ? '' : `src="${quoted(image)}" `;
  const picture = image ? `${nl(8)}<picture><img class="kg-signup-card-image" ${src}alt="" /></picture>${nl(4)}` : '';
  const color = textColor ? `style="color: ${quoted(textColor)};"` : '';

  const form =
    `${nl(8)}<form class="kg-signup-card-form" data-members-form="signup">` +
    `${nl(12)}${labels.map((label) => `<input data-members-label type="hidden" value="${quoted(label)}" />`).join('\n')}` +
    `${nl(12)}<div class="kg-signup-card-fields">` +
    `${nl(16)}<input class="kg-signup-card-input" id="email" data-members-email="" type="email" required="true" placeholder="Your email" />` +
    `${nl(16)}<button class="kg-signup-card-button ${buttonColor === 'accent' ? 'kg-style-accent' : ''}" style="${buttonStyle}color: ${quoted(str(node, 'buttonTextColor', '#FFFFFF'))};" type="submit">` +
    `${nl(20)}<span class="kg-signup-card-button-default">${str(node, 'buttonText', 'Subscribe')}</span>` +
    `${nl(20)}<span class="kg-signup-card-button-loading">${LOADING_ICON}</span>` +
    `${nl(16)}</button>${nl(12)}</div>` +
    `${nl(12)}<div class="kg-signup-card-success" ${color}>${nl(16)}${str(node, 'successMessage', 'Email sent! Check your inbox to complete your signup.')}${nl(12)}</div>` +
    `${nl(12)}<div class="kg-signup-card-error" ${color} data-members-error></div>` +
    `${nl(8)}</form>${nl(8)}`;

  const template =
    `<div class="${quoted(classesOf(layout, bool(node, 'swapped', false), str(node, 'backgroundSize', 'cover')))} ${accent}" data-lexical-signup-form style="${imageStyle}; display: none;">` +
    `${nl(12)}${layout !== 'split' ? picture : ''}` +
    `${nl(12)}<div class="kg-signup-card-content">` +
    `${nl(16)}${layout === 'split' ? picture : ''}` +
    `${nl(16)}<div class="kg-signup-card-text ${str(node, 'alignment', 'left') === 'center' ? 'kg-align-center' : ''}">` +
    `${nl(20)}<h2 class="kg-signup-card-heading" ${color}>${header}</h2>` +
    `${nl(20)}<p class="kg-signup-card-subheading" ${color}>${subheader}</p>` +
    `${nl(20)}${form}` +
    `${nl(20)}<p class="kg-signup-card-disclaimer" ${color}>${disclaimer}</p>` +
    `${nl(16)}</div>${nl(12)}</div>${nl(8)}</div>`;

  const container = setInnerHTML(el('div'), template);
  if (header === '') removeFirstWithClass(container, 'kg-signup-card-heading');
  if (subheader === '') removeFirstWithClass(container, 'kg-signup-card-subheading');
  if (disclaimer === '') removeFirstWithClass(container, 'kg-signup-card-disclaimer');
  const first = container.childNodes.find((child) => defaultTreeAdapter.isElementNode(child)) as Element | undefined;
  return first ? outerHTML(defang(first)) : '';
};
