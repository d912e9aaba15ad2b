import { attrs, escapeText } from '../../escape';
import { htmlToPlaintext } from '../../plaintext';
import { sanitizeHtml } from '../../sanitize';
import { safeUrl } from '../../url';
import { flag, oneOf, text } from './payload';
import type { CardContext, CardRenderer } from './types';

const SIZES = ['small', 'medium', 'large'] as const;
const STYLES = ['dark', 'light', 'accent', 'image'] as const;

// Inside url('…') in a style attribute: quotes, parentheses, backslashes and newlines would end the
// CSS string early, so they are percent-encoded (harmless in a URL) before attribute escaping.
function cssUrl(url: string): string {
  return url.replace(/['"()\\\n\r\f]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

function heading(tag: 'h2' | 'h3', className: string, html: string, context: CardContext): string {
  const body = sanitizeHtml(html);
  if (body.trim() === '') return '';
  const id = context.headingIds.next(htmlToPlaintext(body));
  return `<${tag}${attrs([
    ['class', className],
    ['id', id],
  ])}>${body}</${tag}>`;
}

export const headerCard: CardRenderer = (payload, context) => {
  const header = heading('h2', 'kg-header-card-header', text(payload, 'header'), context);
  const subheader = heading('h3', 'kg-header-card-subheader', text(payload, 'subheader'), context);
  const buttonUrl = safeUrl(payload.buttonUrl);
  const buttonText = text(payload, 'buttonText');
  const button =
    flag(payload, 'buttonEnabled') && buttonUrl && buttonText.trim() !== ''
      ? `<a${attrs([
          ['href', buttonUrl],
          ['class', 'kg-header-card-button'],
        ])}>${escapeText(buttonText)}</a>`
      : '';
  if (!header && !subheader && !button) return '';

  const size = oneOf(payload, 'size', SIZES, 'small');
  const style = oneOf(payload, 'style', STYLES, 'dark');
  const background = style === 'image' ? safeUrl(payload.backgroundImageSrc) : null;
  return `<div${attrs([
    ['class', `kg-card kg-header-card kg-width-full kg-size-${size} kg-style-${style}`],
    ['style', background ? `background-image: url('${cssUrl(background)}')` : null],
    ['data-kg-background-image', background],
  ])}>${header}${subheader}${button}</div>`;
};
