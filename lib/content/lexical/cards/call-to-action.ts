import { renderedUrl } from '../url';
import { cleanBasicHtml } from './clean-basic-html';
import { bool, str } from './props';
import { nl, quoted, renderTemplate } from './template';
import type { LexicalCardRenderer } from './types';
import { withVisibility } from './visibility';

const COLOR = /^[a-zA-Z\d-]+|#([a-fA-F\d]{3}|[a-fA-F\d]{6})$/;
const DEFAULT_SPONSOR = '<p><span style="white-space: pre-wrap;">SPONSORED</span></p>';

export const callToActionCard: LexicalCardRenderer = (node) => {
  const layout = str(node, 'layout', 'minimal');
  const text = str(node, 'textValue');
  const showButton = bool(node, 'showButton', true);
  const buttonText = str(node, 'buttonText', 'Learn more');
  const buttonUrl = str(node, 'buttonUrl');
  const imageUrl = str(node, 'imageUrl');
  const hasSponsor = bool(node, 'hasSponsorLabel', true);
  let background = str(node, 'backgroundColor', 'grey');
  if (!COLOR.test(background)) background = 'white';
  let buttonColor = str(node, 'buttonColor', '#000000');
  if (!COLOR.test(buttonColor)) buttonColor = 'accent';
  const buttonTextColor = quoted(str(node, 'buttonTextColor', '#ffffff'));
  const withButton = showButton && buttonUrl && buttonText;
  const href = renderedUrl(buttonUrl) === null ? '' : `href="${quoted(buttonUrl)}"`;

  const sponsor = hasSponsor
    ? `${nl(16)}<div class="kg-cta-sponsor-label-wrapper">${nl(20)}<div class="kg-cta-sponsor-label">${nl(24)}${cleanBasicHtml(str(node, 'sponsorLabel', DEFAULT_SPONSOR), { firstChildInnerContent: true })}${nl(20)}</div>${nl(16)}</div>${nl(12)}`
    : '';
  let image = '';
  if (imageUrl) {
    const width = node.imageWidth;
    const height = node.imageHeight;
    const src = renderedUrl(imageUrl) === null ? '' : `src="${quoted(imageUrl)}" `;
    const img = `<img ${src}alt="CTA Image" ${width && height ? `data-image-dimensions="${quoted(width)}x${quoted(height)}"` : ''}>`;
    image = `${nl(20)}<div class="kg-cta-image-container">${nl(24)}${withButton ? `<a ${href}>${img}</a>` : img}${nl(20)}</div>${nl(16)}`;
  }
  let inner = '';
  if (text || showButton) {
    const textHtml = text ? `${nl(24)}<div class="kg-cta-text">${nl(28)}${text}${nl(24)}</div>${nl(20)}` : '';
    const style =
      buttonColor === 'accent' ? `style="color: ${buttonTextColor};"` : `style="background-color: ${quoted(buttonColor)}; color: ${buttonTextColor};"`;
    const button = withButton
      ? `${nl(24)}<a ${href} class="kg-cta-button ${buttonColor === 'accent' ? 'kg-style-accent' : ''}" ${style}>${nl(28)}${buttonText}${nl(24)}</a>${nl(24)}`
      : '';
    inner = `${nl(20)}<div class="kg-cta-content-inner">${nl(20)}${textHtml}${nl(20)}${button}${nl(20)}</div>${nl(16)}`;
  }
  const classes = [
    `kg-card kg-cta-card kg-cta-bg-${background} kg-cta-${layout}`,
    bool(node, 'showDividers', true) ? '' : 'kg-cta-no-dividers',
    imageUrl ? 'kg-cta-has-img' : '',
    str(node, 'linkColor', 'text') === 'accent' ? 'kg-cta-link-accent' : '',
    str(node, 'alignment', 'left') === 'center' ? 'kg-cta-centered' : '',
  ].join(' ');
  const template =
    `${nl(8)}<div class="${quoted(classes)}" data-layout="${quoted(layout)}">` +
    `${nl(12)}${sponsor}` +
    `${nl(12)}<div class="kg-cta-content">${nl(16)}${image}${nl(16)}${inner}${nl(12)}</div>` +
    `${nl(8)}</div>${nl(4)}`;
  return withVisibility(node, renderTemplate(template));
};
