import { childNodes, isElement, isText, nextSibling, nodeName, parentElement, parentOf, previousSibling, styleOf, type DomNode, type TextNode } from './dom';

// How lexical 0.13 turns a DOM text node into text (its convertTextDOMNode): inside <pre> (or a
// white-space: pre* style) text is kept, newlines and tabs becoming line break and tab nodes; elsewhere
// runs of spaces, tabs and newlines collapse to one space, dropped at the start and end of a line.

const INLINE_PARENTS = /^(a|abbr|acronym|b|cite|code|del|em|i|ins|kbd|label|output|q|ruby|s|samp|span|strong|sub|sup|time|u|tt|var)$/i;

function isPre(node: DomNode): boolean {
  return nodeName(node) === 'PRE' || (isElement(node) && styleOf(node, 'white-space').startsWith('pre'));
}

export function insidePre(text: TextNode): boolean {
  let parent = parentOf(text);
  while (parent && parent.nodeName !== '#document') {
    if (isPre(parent)) return true;
    parent = parentOf(parent);
  }
  return false;
}

/** Splits preformatted text into text, line break (`\n`) and tab (`\t`) parts. */
export function preformattedParts(text: string): string[] {
  return text.split(/(\r?\n|\t)/).filter((part) => part !== '');
}

/** The next (or previous) text node on the same line, or null at a block boundary or a <br>. */
function findTextInLine(text: DomNode, forward: boolean): TextNode | null {
  let node: DomNode = text;
  for (;;) {
    let sibling: DomNode | null;
    while ((sibling = step(node, forward)) === null) {
      const parent = parentElement(node);
      if (parent === null) return null;
      node = parent;
    }
    node = sibling;
    if (isElement(node)) {
      const display = styleOf(node, 'display');
      if ((display === '' && !INLINE_PARENTS.test(nodeName(node))) || (display !== '' && !display.startsWith('inline'))) return null;
    }
    let descendant: DomNode | undefined;
    while ((descendant = edgeChild(node, forward)) !== undefined) node = descendant;
    if (isText(node)) return node;
    if (nodeName(node) === 'BR') return null;
  }
}

function step(node: DomNode, forward: boolean): DomNode | null {
  return forward ? nextSibling(node) : previousSibling(node);
}

function edgeChild(node: DomNode, forward: boolean): DomNode | undefined {
  const children = childNodes(node);
  return forward ? children[0] : children[children.length - 1];
}

/** The collapsed text of a text node outside <pre>, '' when nothing is left. */
export function collapsedText(node: TextNode): string {
  let text = node.value.replace(/\r/g, '').replace(/[ \t\n]+/g, ' ');
  if (text === '') return '';
  if (text[0] === ' ') {
    let previous: TextNode | null = node;
    let startOfLine = true;
    while (previous !== null && (previous = findTextInLine(previous, false)) !== null) {
      if (previous.value.length > 0) {
        if (/[ \t\n]$/.test(previous.value)) text = text.slice(1);
        startOfLine = false;
        break;
      }
    }
    if (startOfLine) text = text.slice(1);
  }
  if (text[text.length - 1] === ' ') {
    let next: TextNode | null = node;
    let endOfLine = true;
    while (next !== null && (next = findTextInLine(next, true)) !== null) {
      if (next.value.replace(/^( |\t|\r?\n)+/, '').length > 0) {
        endOfLine = false;
        break;
      }
    }
    if (endOfLine) text = text.slice(0, -1);
  }
  return text;
}
