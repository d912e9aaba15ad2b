import { defaultTreeAdapter } from 'parse5';
import { el, innerHTML, setInnerHTML, type ChildNode, type Element } from '../dom';

// Port of the reference's cleanBasicHtml (kg-clean-basic-html), which the call-to-action card runs on its
// sponsor label: <br>s and runs of white space become one space, elements with no visible text are
// replaced by a space (or removed), and with firstChildInnerContent only the first element's content is kept.

const adapter = defaultTreeAdapter;

function textOf(node: ChildNode): string {
  if (adapter.isTextNode(node)) return node.value;
  if (!adapter.isElementNode(node)) return '';
  return (node as Element).childNodes.map(textOf).join('');
}

function elementsInOrder(root: Element, out: Element[] = []): Element[] {
  for (const child of root.childNodes) {
    if (!adapter.isElementNode(child)) continue;
    out.push(child as Element);
    elementsInOrder(child as Element, out);
  }
  return out;
}

/** Null when nothing but markup is left (the reference returns null, which its templates print as "null"). */
export function cleanBasicHtml(html: string, options: { firstChildInnerContent?: boolean } = {}): string | null {
  let clean = html
    .replace(/<br\s?\/?>/g, ' ')
    .replace(/(\s|&nbsp;){2,}/g, ' ')
    .trim()
    .replace(/^&nbsp;|&nbsp$/g, '')
    .trim();
  if (!clean) return clean;
  const body = setInnerHTML(el('body'), clean);
  if (textOf(body) === '') return null;
  for (const element of elementsInOrder(body)) {
    const parent = element.parentNode;
    if (!parent) continue; // already detached with an ancestor
    const text = textOf(element);
    if (text.trim().replace(/\u200c+/g, '')) continue;
    if (text.length > 0) {
      const space = el('span');
      adapter.insertText(space, ' ');
      const node = space.childNodes[0];
      adapter.insertBefore(parent, node, element);
    }
    adapter.detachNode(element);
  }
  const first = body.childNodes.find((child) => adapter.isElementNode(child)) as Element | undefined;
  clean = options.firstChildInnerContent && first ? innerHTML(first).trim() : innerHTML(body).trim();
  return clean;
}
