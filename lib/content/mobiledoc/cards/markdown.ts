import MarkdownIt from 'markdown-it';
import type { HeadingIds } from '../heading-ids';
import { text } from './payload';
import type { CardRenderer } from './types';

interface Env {
  headingIds?: HeadingIds;
  [key: string | symbol]: unknown;
}

// Ghost's options: raw HTML allowed, single newlines become <br>, bare URLs linked, no typographer.
// markdown-it's own link validation still refuses javascript:/vbscript:/file: and non-image data: URLs.
const md = new MarkdownIt({ html: true, breaks: true, linkify: true, typographer: false });

md.renderer.rules.heading_open = (tokens, idx, options, env: Env | undefined, self) => {
  const inline = tokens[idx + 1];
  const headingText = (inline?.children ?? [])
    .filter((token) => token.type === 'text' || token.type === 'code_inline')
    .map((token) => token.content)
    .join('');
  const id = env?.headingIds?.next(headingText);
  if (id) tokens[idx].attrSet('id', id);
  return self.renderToken(tokens, idx, options);
};

export function renderMarkdown(markdown: string, headingIds?: HeadingIds): string {
  const env: Env = { headingIds };
  return md.render(markdown, env);
}

export const markdownCard: CardRenderer = (payload, context) => {
  const markdown = text(payload, 'markdown');
  if (markdown.trim() === '') return '';
  return `<!--kg-card-begin: markdown-->${renderMarkdown(markdown, context.headingIds)}<!--kg-card-end: markdown-->`;
};
