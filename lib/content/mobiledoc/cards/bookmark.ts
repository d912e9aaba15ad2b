import { attrs, escapeText } from '../../escape';
import { safeUrl } from '../../url';
import { figcaption } from './caption';
import { object, text } from './payload';
import type { CardRenderer } from './types';

export const bookmarkCard: CardRenderer = (payload) => {
  const metadata = object(payload, 'metadata');
  const url = safeUrl(text(metadata, 'url') || text(payload, 'url'));
  const title = text(metadata, 'title');
  if (!url || !title) return '';

  const description = text(metadata, 'description');
  const icon = safeUrl(metadata.icon);
  const thumbnail = safeUrl(metadata.thumbnail);
  const publisher = text(metadata, 'publisher');
  const author = text(metadata, 'author');
  const caption = figcaption(text(payload, 'caption'));

  let meta = '';
  if (icon)
    meta += `<img${attrs([
      ['class', 'kg-bookmark-icon'],
      ['src', icon],
      ['alt', ''],
    ])}>`;
  // Ghost's markup puts the publisher in the "author" span and vice versa; themes style it that way.
  if (publisher) meta += `<span class="kg-bookmark-author">${escapeText(publisher)}</span>`;
  if (author) meta += `<span class="kg-bookmark-publisher">${escapeText(author)}</span>`;

  return (
    `<figure class="kg-card kg-bookmark-card${caption ? ' kg-card-hascaption' : ''}">` +
    `<a${attrs([
      ['class', 'kg-bookmark-container'],
      ['href', url],
    ])}>` +
    '<div class="kg-bookmark-content">' +
    `<div class="kg-bookmark-title">${escapeText(title)}</div>` +
    (description ? `<div class="kg-bookmark-description">${escapeText(description)}</div>` : '') +
    `<div class="kg-bookmark-metadata">${meta}</div>` +
    '</div>' +
    (thumbnail
      ? `<div class="kg-bookmark-thumbnail"><img${attrs([
          ['src', thumbnail],
          ['alt', ''],
        ])}></div>`
      : '') +
    `</a>${caption}</figure>`
  );
};
