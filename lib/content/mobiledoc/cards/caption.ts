import { sanitizeHtml } from '../../sanitize';

export function figcaption(caption: string): string {
  const html = sanitizeHtml(caption);
  return html.trim() === '' ? '' : `<figcaption>${html}</figcaption>`;
}

/** `kg-width-wide` / `kg-width-full`; regular width adds no class. */
export function widthClass(cardWidth: string): string {
  return cardWidth === 'wide' || cardWidth === 'full' ? ` kg-width-${cardWidth}` : '';
}
