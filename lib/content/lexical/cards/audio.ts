import { escapeAttr, escapeText } from '../../escape';
import { renderedUrl } from '../url';
import { AUDIO_PLACEHOLDER_PATHS, MUTE_PATH, PAUSE_RECTS, PLAY_PATH, UNMUTE_PATH } from './icons';
import { str } from './props';
import type { LexicalCardRenderer } from './types';

/** ` name="value"`, or nothing for a script URL. */
const urlAttr = (name: string, url: string): string => {
  const safe = renderedUrl(url);
  return safe === null ? '' : ` ${name}="${escapeAttr(safe)}"`;
};

/** DOM textContent of a field the reference assigns as is (a number shows as written, null as nothing). */
function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  return escapeText(String(value));
}

export const audioCard: LexicalCardRenderer = (node) => {
  const src = str(node, 'src');
  if (src.trim() === '') return '';
  const thumbnail = str(node, 'thumbnailSrc');
  const placeholder = AUDIO_PLACEHOLDER_PATHS.map((d) => `<path fill-rule="evenodd" clip-rule="evenodd" d="${d}"></path>`).join('');
  return (
    `<div class="kg-card kg-audio-card"><img${urlAttr('src', thumbnail)} alt="audio-thumbnail" class="kg-audio-thumbnail${thumbnail ? '' : ' kg-audio-hide'}">` +
    `<div class="kg-audio-thumbnail placeholder${thumbnail ? ' kg-audio-hide' : ''}"><svg width="24" height="24" fill="none">${placeholder}</svg></div>` +
    `<div class="kg-audio-player-container"><audio${urlAttr('src', src)} preload="metadata"></audio>` +
    `<div class="kg-audio-title">${textOf(node.title || '')}</div>` +
    `<div class="kg-audio-player"><button class="kg-audio-play-icon" aria-label="Play audio"><svg viewBox="0 0 24 24"><path d="${PLAY_PATH}"></path></svg></button>` +
    `<button class="kg-audio-pause-icon kg-audio-hide" aria-label="Pause audio"><svg viewBox="0 0 24 24">${PAUSE_RECTS}</svg></button>` +
    `<span class="kg-audio-current-time">0:00</span><div class="kg-audio-time">/<span class="kg-audio-duration">${textOf(node.duration || 0)}</span></div>` +
    `<input type="range" class="kg-audio-seek-slider" max="100" value="0"><button class="kg-audio-playback-rate" aria-label="Adjust playback speed">1×</button>` +
    `<button class="kg-audio-unmute-icon" aria-label="Unmute"><svg viewBox="0 0 24 24"><path d="${UNMUTE_PATH}"></path></svg></button>` +
    `<button class="kg-audio-mute-icon kg-audio-hide" aria-label="Mute"><svg viewBox="0 0 24 24"><path d="${MUTE_PATH}"></path></svg></button>` +
    `<input type="range" class="kg-audio-volume-slider" max="100" value="100"></div></div></div>`
  );
};

export { textOf, urlAttr };
