import { Parser } from 'htmlparser2';

// Streaming (no DOM) because this runs on every write over the whole post.

/** Blocks that separate text by a blank line, like paragraphs in a plain-text e-mail. */
const PARAGRAPH_BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'ul', 'ol', 'dl', 'table', 'figure', 'hr', 'aside']);
/** Blocks that only start a new line. */
const LINE_BLOCKS = new Set([
  'div',
  'li',
  'dt',
  'dd',
  'tr',
  'figcaption',
  'section',
  'article',
  'header',
  'footer',
  'nav',
  'main',
  'address',
  'details',
  'summary',
  'form',
  'fieldset',
  'legend',
  'center',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'body',
  'html',
]);
const CELLS = new Set(['td', 'th']);
/** Their content is not prose a reader sees. */
const SKIPPED = new Set(['script', 'style', 'template', 'noscript', 'head', 'title', 'svg', 'math', 'iframe', 'object', 'select', 'textarea', 'button']);
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const COLLAPSIBLE = /[ \t\n\r\f]+/g;

/**
 * The visible text of an HTML fragment: no tags, images and link URLs dropped, entities decoded,
 * paragraph-like blocks separated by a blank line, other blocks and <br> by a newline, runs of
 * white space collapsed (except inside <pre>), no leading or trailing white space.
 */
export function htmlToPlaintext(html: string): string {
  const parts: string[] = [];
  let last = ''; // last character written, to collapse spaces across text events
  let blockBreak = 0; // newlines owed before the next text, from block boundaries
  let lineBreaks = 0; // newlines owed from <br>s since the last text
  let skipDepth = 0;
  let preDepth = 0;
  let cellGap = false;

  const boundary = (name: string): void => {
    if (PARAGRAPH_BLOCKS.has(name)) blockBreak = Math.max(blockBreak, 2);
    else if (LINE_BLOCKS.has(name)) blockBreak = Math.max(blockBreak, 1);
  };

  const write = (text: string): void => {
    const newlines = parts.length === 0 ? 0 : Math.max(blockBreak, lineBreaks);
    if (newlines > 0) {
      if (last === ' ') parts[parts.length - 1] = parts[parts.length - 1].replace(/ +$/, '');
      parts.push('\n'.repeat(newlines));
      last = '\n';
    } else if (cellGap && last !== ' ' && last !== '\n' && parts.length > 0) {
      parts.push(' ');
      last = ' ';
    }
    blockBreak = 0;
    lineBreaks = 0;
    cellGap = false;
    parts.push(text);
    last = text[text.length - 1];
  };

  const parser = new Parser(
    {
      onopentag(name) {
        if (skipDepth > 0 || SKIPPED.has(name)) {
          if (!VOID.has(name)) skipDepth++;
          return;
        }
        if (name === 'br') {
          if (parts.length > 0) lineBreaks++;
          return;
        }
        if (name === 'pre') preDepth++;
        if (CELLS.has(name)) cellGap = true;
        boundary(name);
      },
      onclosetag(name) {
        if (skipDepth > 0) {
          if (!VOID.has(name)) skipDepth--;
          return;
        }
        if (name === 'pre' && preDepth > 0) preDepth--;
        boundary(name);
      },
      ontext(raw) {
        if (skipDepth > 0) return;
        if (preDepth > 0) {
          if (raw !== '') write(raw);
          return;
        }
        let text = raw.replace(COLLAPSIBLE, ' ');
        const atLineStart = parts.length === 0 || last === '\n' || blockBreak > 0 || lineBreaks > 0;
        if (text.startsWith(' ') && (atLineStart || last === ' ')) text = text.slice(1);
        if (text === '') return;
        if (text === ' ' && (blockBreak > 0 || lineBreaks > 0)) return;
        write(text);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return parts.join('').trim();
}
