import { append, el, outerHTML } from '../dom';
import { renderedUrl } from '../url';
import { figcaption } from './simple';
import { obj, str } from './props';
import type { LexicalCardRenderer } from './types';

export const bookmarkCard: LexicalCardRenderer = (node) => {
  const url = str(node, 'url');
  if (url.trim() === '') return '';
  const metadata = obj(node, 'metadata');
  const meta = (name: string): string => str(metadata, name);
  const caption = str(node, 'caption');

  const details = el('div', [['class', 'kg-bookmark-metadata']]);
  const icon = meta('icon');
  if (icon)
    append(
      details,
      el('img', [
        ['class', 'kg-bookmark-icon'],
        ['src', renderedUrl(icon)],
        ['alt', ''],
      ]),
    );
  // the classes are swapped on purpose, as the reference keeps them for themes
  if (meta('publisher')) append(details, el('span', [['class', 'kg-bookmark-author']], [meta('publisher')]));
  if (meta('author')) append(details, el('span', [['class', 'kg-bookmark-publisher']], [meta('author')]));

  const content = el(
    'div',
    [['class', 'kg-bookmark-content']],
    [el('div', [['class', 'kg-bookmark-title']], [meta('title')]), el('div', [['class', 'kg-bookmark-description']], [meta('description')]), details],
  );
  const container = el(
    'a',
    [
      ['class', 'kg-bookmark-container'],
      ['href', renderedUrl(url)],
    ],
    [content],
  );
  const thumbnail = meta('thumbnail');
  if (thumbnail) {
    const img = el('img', [
      ['src', renderedUrl(thumbnail)],
      ['alt', ''],
      ['onerror', "this.style.display = 'none'"],
    ]);
    append(container, el('div', [['class', 'kg-bookmark-thumbnail']], [img]));
  }
  const figure = el('figure', [['class', caption ? 'kg-card kg-bookmark-card kg-card-hascaption' : 'kg-card kg-bookmark-card']], [container]);
  if (caption) append(figure, figcaption(caption));
  return outerHTML(figure);
};
