import { attrs, escapeText } from '../../escape';
import { safeUrl } from '../../url';
import { figcaption, widthClass } from './caption';
import { dimension, flag, text } from './payload';
import type { CardRenderer } from './types';

// Ghost's video and audio cards ship a scripted custom player; we emit the native elements with
// controls instead, keeping Ghost's outer class names so themes can still target the cards.

export const videoCard: CardRenderer = (payload) => {
  const src = safeUrl(payload.src);
  if (!src) return '';
  const caption = figcaption(text(payload, 'caption'));
  const poster = safeUrl(payload.customThumbnailSrc) ?? safeUrl(payload.thumbnailSrc);
  const video = `<video${attrs([
    ['src', src],
    ['poster', poster],
    ['width', dimension(payload, 'width')],
    ['height', dimension(payload, 'height')],
    ['controls', true],
    ['playsinline', true],
    ['preload', 'metadata'],
    ['loop', flag(payload, 'loop')],
  ])}></video>`;
  return (
    `<figure class="kg-card kg-video-card${widthClass(text(payload, 'cardWidth'))}${caption ? ' kg-card-hascaption' : ''}">` +
    `<div class="kg-video-container">${video}</div>${caption}</figure>`
  );
};

export const audioCard: CardRenderer = (payload) => {
  const src = safeUrl(payload.src);
  if (!src) return '';
  const title = text(payload, 'title');
  const thumbnail = safeUrl(payload.thumbnailSrc);
  return (
    '<div class="kg-card kg-audio-card">' +
    (thumbnail
      ? `<img${attrs([
          ['src', thumbnail],
          ['alt', 'audio-thumbnail'],
          ['class', 'kg-audio-thumbnail'],
        ])}>`
      : '') +
    '<div class="kg-audio-player-container">' +
    `<audio${attrs([
      ['src', src],
      ['controls', true],
      ['preload', 'metadata'],
    ])}></audio>` +
    (title ? `<div class="kg-audio-title">${escapeText(title)}</div>` : '') +
    '</div></div>'
  );
};

function fileSize(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export const fileCard: CardRenderer = (payload) => {
  const src = safeUrl(payload.src);
  if (!src) return '';
  const title = text(payload, 'fileTitle');
  const caption = text(payload, 'fileCaption');
  const name = text(payload, 'fileName');
  const size = fileSize(dimension(payload, 'fileSize'));
  return (
    '<div class="kg-card kg-file-card">' +
    `<a${attrs([
      ['class', 'kg-file-card-container'],
      ['href', src],
      ['title', 'Download'],
      ['download', true],
    ])}>` +
    '<div class="kg-file-card-contents">' +
    (title ? `<div class="kg-file-card-title">${escapeText(title)}</div>` : '') +
    (caption ? `<div class="kg-file-card-caption">${escapeText(caption)}</div>` : '') +
    '<div class="kg-file-card-metadata">' +
    `<div class="kg-file-card-filename">${escapeText(name)}</div>` +
    (size ? `<div class="kg-file-card-filesize">${size}</div>` : '') +
    '</div></div></a></div>'
  );
};
