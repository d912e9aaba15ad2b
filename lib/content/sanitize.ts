import { Parser } from 'htmlparser2';
import { attrs, escapeText } from './escape';
import { safeUrl } from './url';

/**
 * Card fields such as captions and callout text are HTML in Ghost's payloads (they carry links and
 * emphasis), but they arrive from API clients, so they are re-emitted through an allow-list rather
 * than trusted: the result is always well-formed and attribute-safe.
 */

export const INLINE_TAGS: ReadonlySet<string> = new Set([
  'a',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'del',
  'strike',
  'code',
  'sub',
  'sup',
  'mark',
  'small',
  'br',
]);

export const BLOCK_AND_INLINE_TAGS: ReadonlySet<string> = new Set([
  ...INLINE_TAGS,
  'p',
  'ul',
  'ol',
  'li',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
]);

const VOID = new Set(['br', 'hr']);
// Their text is code or markup rather than prose, so it is dropped along with the tag.
const DROP_CONTENT = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'svg', 'math', 'textarea', 'title']);

function linkAttrs(raw: Record<string, string>): string {
  const href = safeUrl(raw.href);
  return attrs([
    ['href', href],
    ['rel', raw.rel],
    ['target', raw.target],
  ]);
}

export function sanitizeHtml(html: string, allowed: ReadonlySet<string> = INLINE_TAGS): string {
  if (html === '') return '';
  let out = '';
  const open: string[] = [];
  let dropDepth = 0;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (dropDepth > 0 || DROP_CONTENT.has(name)) {
          if (!VOID.has(name)) dropDepth++;
          return;
        }
        if (!allowed.has(name)) return;
        out += `<${name}${name === 'a' ? linkAttrs(attributes) : ''}>`;
        if (!VOID.has(name)) open.push(name);
      },
      ontext(text) {
        if (dropDepth === 0) out += escapeText(text);
      },
      onclosetag(name) {
        if (dropDepth > 0) {
          if (!VOID.has(name)) dropDepth--;
          return;
        }
        const at = open.lastIndexOf(name);
        if (at === -1) return;
        while (open.length > at) out += `</${open.pop()}>`;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}

/** Inline tags and the `<span>` the reference's editor wraps caption text in (its attributes dropped). */
const CAPTION_TAGS: ReadonlySet<string> = new Set([...INLINE_TAGS, 'span']);

/**
 * A post's `feature_image_caption`: html that themes print unescaped (the reference stores and serves
 * it as sent), so it is kept through the allow-list on the way in (v5 writes, Ghost imports): links
 * and emphasis stay, scripts, handlers and `javascript:` URLs do not.
 */
export function sanitizeCaption(html: string): string {
  return sanitizeHtml(html, CAPTION_TAGS);
}
