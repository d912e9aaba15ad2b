import { attrs, escapeText } from '../../escape';
import { figcaption } from './caption';
import { text } from './payload';
import type { CardRenderer } from './types';

// Language names go into a class; anything outside this set could not be a highlighter's language id.
const LANGUAGE = /^[\w#+.-]+$/;

export const codeCard: CardRenderer = (payload) => {
  const code = text(payload, 'code');
  if (code === '') return '';
  const language = text(payload, 'language').trim();
  const languageClass = LANGUAGE.test(language) ? `language-${language}` : null;
  const pre = `<pre><code${attrs([['class', languageClass]])}>${escapeText(code)}</code></pre>`;
  const caption = figcaption(text(payload, 'caption'));
  return caption ? `<figure class="kg-card kg-code-card">${pre}${caption}</figure>` : pre;
};
