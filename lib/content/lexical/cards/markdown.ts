import MarkdownIt from 'markdown-it';
import footnote from 'markdown-it-footnote';
import lazyHeaders from 'markdown-it-lazy-headers';
import mark from 'markdown-it-mark';
import sub from 'markdown-it-sub';
import sup from 'markdown-it-sup';
import { normalizeHtml } from '../dom';
import { headingSlug } from '../heading-ids';
import { str } from './props';
import type { LexicalCardRenderer } from './types';

// The reference's markdown card (kg-markdown-html-renderer): raw HTML allowed, newlines as <br>, bare
// URLs linked (not fuzzy ones), footnotes, ==mark==, ~sub~, ^sup^, lazy images, and an id on every
// heading from its own text (not deduplicated, as the reference). markdown-it's link validation still
// refuses javascript:/vbscript:/file: and non-image data: URLs.
const md = new MarkdownIt({ html: true, breaks: true, linkify: true }).use(footnote).use(lazyHeaders).use(mark).use(sub).use(sup);
md.linkify.set({ fuzzyLink: false });

const renderImage = md.renderer.rules.image;
md.renderer.rules.image = (tokens, idx, options, env, self) => {
  tokens[idx].attrSet('loading', 'lazy');
  return renderImage ? renderImage(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
};

const renderHeadingOpen = md.renderer.rules.heading_open;
md.renderer.rules.heading_open = (tokens, idx, options, env, self) => {
  const title = (tokens[idx + 1]?.children ?? []).reduce((text, token) => text + token.content, '');
  tokens[idx].attrPush(['id', headingSlug(title)]);
  return renderHeadingOpen ? renderHeadingOpen(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
};

export const markdownCard: LexicalCardRenderer = (node) => normalizeHtml(md.render(str(node, 'markdown')));
