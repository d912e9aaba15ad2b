import { renderedUrl } from '../url';
import { MUTE_PATH, PAUSE_RECTS, PLAY_PATH, UNMUTE_PATH } from './icons';
import { bool, str } from './props';
import { nl as I, quoted, renderTemplate, unquoted } from './template';
import type { LexicalCardRenderer } from './types';

// The reference pastes the fields into this template unescaped, two of them into unquoted attributes.

function duration(seconds: unknown): string {
  const value = Number(seconds ?? 0);
  const minutes = Math.floor(value / 60);
  return `${minutes}:${String(Math.floor(value - minutes * 60)).padStart(2, '0')}`;
}

export const videoCard: LexicalCardRenderer = (node) => {
  const src = str(node, 'src');
  if (src.trim() === '') return '';
  const caption = str(node, 'caption');
  const cardWidth = str(node, 'cardWidth', 'regular');
  const loop = bool(node, 'loop', false);
  // a script URL as a thumbnail is left out, as for src: it reaches the page's script through the data attributes
  const thumbnail = renderedUrl(str(node, 'thumbnailSrc')) ?? '';
  const custom = renderedUrl(str(node, 'customThumbnailSrc')) ?? '';
  const width = node.width || null;
  const height = node.height || null;
  const classes = ['kg-card kg-video-card', cardWidth ? `kg-width-${cardWidth}` : '', caption ? 'kg-card-hascaption' : ''].filter(Boolean).join(' ');
  const safeSrc = renderedUrl(src);

  const template =
    `<figure class="${quoted(classes)}" data-kg-thumbnail=${unquoted(thumbnail)} data-kg-custom-thumbnail=${unquoted(custom)}>` +
    `${I(12)}<div class="kg-video-container">` +
    `${I(16)}<video${safeSrc === null ? '' : ` src="${quoted(safeSrc)}"`} poster="https://img.spacergif.org/v1/${quoted(width)}x${quoted(height)}/0a/spacer.png" width="${quoted(width)}" height="${quoted(height)}"${loop ? ' loop autoplay muted' : ''} playsinline preload="metadata" style="background: transparent url('${quoted(custom || thumbnail)}') 50% 50% / cover no-repeat;"></video>` +
    `${I(16)}<div class="kg-video-overlay">` +
    `${I(20)}<button class="kg-video-large-play-icon" aria-label="Play video">` +
    `${I(24)}<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">${I(28)}<path d="${PLAY_PATH}"></path>${I(24)}</svg>` +
    `${I(20)}</button>${I(16)}</div>` +
    `${I(16)}<div class="kg-video-player-container${loop ? ' kg-video-hide' : ''}">` +
    `${I(20)}<div class="kg-video-player">` +
    `${I(24)}<button class="kg-video-play-icon" aria-label="Play video">${I(28)}<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">${I(32)}<path d="${PLAY_PATH}"></path>${I(28)}</svg>${I(24)}</button>` +
    `${I(24)}<button class="kg-video-pause-icon kg-video-hide" aria-label="Pause video">${I(28)}<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">${I(32)}${PAUSE_RECTS.replace('</rect><rect', `</rect>${I(32)}<rect`)}${I(28)}</svg>${I(24)}</button>` +
    `${I(24)}<span class="kg-video-current-time">0:00</span>` +
    `${I(24)}<div class="kg-video-time">${I(28)}/<span class="kg-video-duration">${duration(node.duration)}</span>${I(24)}</div>` +
    `${I(24)}<input type="range" class="kg-video-seek-slider" max="100" value="0">` +
    `${I(24)}<button class="kg-video-playback-rate" aria-label="Adjust playback speed">1×</button>` +
    `${I(24)}<button class="kg-video-unmute-icon" aria-label="Unmute">${I(28)}<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">${I(32)}<path d="${UNMUTE_PATH}"></path>${I(28)}</svg>${I(24)}</button>` +
    `${I(24)}<button class="kg-video-mute-icon kg-video-hide" aria-label="Mute">${I(28)}<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">${I(32)}<path d="${MUTE_PATH}"></path>${I(28)}</svg>${I(24)}</button>` +
    `${I(24)}<input type="range" class="kg-video-volume-slider" max="100" value="100">` +
    `${I(20)}</div>${I(16)}</div>${I(12)}</div>` +
    `${I(12)}${caption ? `<figcaption>${caption}</figcaption>` : ''}` +
    `${I(8)}</figure>`;
  return renderTemplate(template);
};
