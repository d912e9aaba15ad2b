import { el, outerHTML, setAuthorHTML, type Element } from '../dom';
import { str } from './props';
import type { LexicalCardRenderer } from './types';

export const horizontalRuleCard: LexicalCardRenderer = () => '<hr>';

export const paywallCard: LexicalCardRenderer = () => '<!--members-only-->';

/** Email-only cards (email, email-cta) render nothing on the web. */
export const emailOnlyCard: LexicalCardRenderer = () => '';

export function figcaption(caption: string): Element {
  return setAuthorHTML(el('figcaption'), caption);
}

export const codeBlockCard: LexicalCardRenderer = (node) => {
  const code = str(node, 'code');
  if (code.trim() === '') return '';
  const language = str(node, 'language');
  const pre = el('pre', [], [el('code', [['class', language ? `language-${language}` : null]], [code])]);
  const caption = str(node, 'caption');
  if (!caption) return outerHTML(pre);
  return outerHTML(el('figure', [['class', 'kg-card kg-code-card']], [pre, figcaption(caption)]));
};
