import { escapeText } from '../../escape';
import { textOf, urlAttr } from './audio';
import { DOWNLOAD_ICON } from './icons';
import { str } from './props';
import type { LexicalCardRenderer } from './types';

const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'];

/** The reference's file size label: `0 Byte` for none, else rounded in the largest unit (1024-based). */
export function bytesToSize(bytes: unknown): string {
  if (!bytes) return '0 Byte';
  const value = Number(bytes);
  const i = Number.parseInt(String(Math.floor(Math.log(value) / Math.log(1024))), 10);
  return `${Math.round(value / Math.pow(1024, i))} ${UNITS[i]}`;
}

export const fileCard: LexicalCardRenderer = (node) => {
  const src = str(node, 'src');
  if (src.trim() === '') return '';
  return (
    `<div class="kg-card kg-file-card"><a class="kg-file-card-container"${urlAttr('href', src)} title="Download" download="">` +
    `<div class="kg-file-card-contents"><div class="kg-file-card-title">${textOf(node.fileTitle || '')}</div>` +
    `<div class="kg-file-card-caption">${textOf(node.fileCaption || '')}</div>` +
    `<div class="kg-file-card-metadata"><div class="kg-file-card-filename">${textOf(node.fileName || '')}</div>` +
    `<div class="kg-file-card-filesize">${escapeText(bytesToSize(node.fileSize || ''))}</div></div></div>` +
    `<div class="kg-file-card-icon">${DOWNLOAD_ICON}</div></a></div>`
  );
};
