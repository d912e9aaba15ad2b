import render from 'dom-serializer';
import type { AnyNode, Element } from 'domhandler';
import { escapeText } from '../escape';

export function isElement(node: AnyNode): node is Element {
  return node.type === 'tag' || node.type === 'script' || node.type === 'style';
}

export function classes(element: Element): string[] {
  const value = element.attribs.class;
  return value ? value.split(/\s+/).filter(Boolean) : [];
}

export function hasClass(element: Element, name: string): boolean {
  const value = element.attribs.class;
  return value !== undefined && value.includes(name) && classes(element).includes(name);
}

/**
 * Visits descendant elements in document order until the visitor returns true; iterative, so deep
 * nesting cannot overflow the stack. Returns the element that stopped the walk.
 */
export function find(root: Element, test: (element: Element) => boolean): Element | undefined {
  const stack: AnyNode[] = [];
  for (let i = root.children.length - 1; i >= 0; i--) stack.push(root.children[i]);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isElement(node)) continue;
    if (test(node)) return node;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  return undefined;
}

export function descendants(root: Element): Element[] {
  const all: Element[] = [];
  find(root, (element) => {
    all.push(element);
    return false;
  });
  return all;
}

export function textContent(root: AnyNode): string {
  let text = '';
  const stack: AnyNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'text') text += node.data;
    else if ('children' in node) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  return text;
}

/** Outer HTML; extremely deep trees fall back to their escaped text rather than failing. */
export function serialize(nodes: AnyNode | AnyNode[]): string {
  try {
    return render(nodes, { encodeEntities: 'utf8' });
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    const list = Array.isArray(nodes) ? nodes : [nodes];
    return `<p>${escapeText(list.map(textContent).join(''))}</p>`;
  }
}

export function innerHtml(element: Element): string {
  return serialize(element.children);
}
