import { defaultTreeAdapter, html as htmlNs, parseFragment, serialize, serializeOuter, type DefaultTreeAdapterMap } from 'parse5';
import { safeUrl } from '../url';

// The reference builds its cards with a DOM (jsdom) and serializes them; jsdom parses and serializes with
// parse5, so building the same tree with parse5's own tree adapter gives the same bytes, including how
// author HTML assigned through `innerHTML` is normalised (unclosed tags, entities, attribute quoting).

export type Element = DefaultTreeAdapterMap['element'];
export type ChildNode = DefaultTreeAdapterMap['childNode'];

const adapter = defaultTreeAdapter;
const NS = htmlNs.NS.HTML;

export type AttrValue = string | number | null | undefined | false;

/** An element with attributes in the given order; null, undefined and false leave an attribute out. */
export function el(tag: string, attributes: ReadonlyArray<readonly [string, AttrValue]> = [], children: ReadonlyArray<ChildNode | string> = []): Element {
  const attrs = attributes.filter(([, v]) => v !== null && v !== undefined && v !== false).map(([name, value]) => ({ name, value: String(value) }));
  const element = adapter.createElement(tag, NS, attrs);
  for (const child of children) append(element, child);
  return element;
}

/** Appends a node, or a string as a text node (as DOM `append` does; an empty string adds nothing visible). */
export function append(parent: Element, child: ChildNode | string): void {
  if (typeof child === 'string') {
    if (child !== '') adapter.insertText(parent, child);
    return;
  }
  adapter.appendChild(parent, child);
}

/** `element.innerHTML = html`: parsed as a fragment in the element's context, replacing its children. */
export function setInnerHTML(element: Element, html: string): Element {
  for (const child of [...element.childNodes]) adapter.detachNode(child);
  const fragment = parseFragment(element, html, {});
  for (const child of [...fragment.childNodes]) {
    adapter.detachNode(child);
    adapter.appendChild(element, child);
  }
  return element;
}

/** `element.setAttribute(name, value)`: replaces in place, or adds at the end. */
export function setAttr(element: Element, name: string, value: string): void {
  const existing = element.attrs.find((a) => a.name === name);
  if (existing) existing.value = value;
  else element.attrs.push({ name, value });
}

export function getAttr(element: Element, name: string): string | null {
  return element.attrs.find((a) => a.name === name)?.value ?? null;
}

export function outerHTML(element: Element): string {
  return serializeOuter(element);
}

export function innerHTML(element: Element): string {
  return serialize(element);
}

/** `div.innerHTML = html; div.innerHTML` — author HTML normalised as the reference's DOM does. */
export function normalizeHtml(html: string, context = 'div'): string {
  return innerHTML(setInnerHTML(el(context), html));
}

/** The first element child of the fragment `html` parses to (`container.firstElementChild`). */
export function firstElement(html: string): Element | null {
  const container = setInnerHTML(el('div'), html);
  for (const child of container.childNodes) if (adapter.isElementNode(child)) return child as Element;
  return null;
}

const SCRIPT_ELEMENTS: ReadonlySet<string> = new Set(['script']);
const URL_ATTRIBUTES: ReadonlySet<string> = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'data']);

/**
 * Author HTML of a card's text fields (captions, callout and toggle text, header and product text): the
 * reference inserts it as is; pressroom also drops `<script>` elements, `on…` handler attributes and
 * script URLs, which benign text never carries, so such text renders byte for byte as the reference's.
 */
export function defang(element: Element): Element {
  for (const child of [...element.childNodes]) {
    if (!adapter.isElementNode(child)) continue;
    const node = child as Element;
    if (SCRIPT_ELEMENTS.has(node.tagName)) {
      adapter.detachNode(node);
      continue;
    }
    node.attrs = node.attrs.filter((a) => !/^on/i.test(a.name) && !(URL_ATTRIBUTES.has(a.name) && isScriptUrl(a.value)));
    defang(node);
    const content = (node as Element & { content?: Element }).content;
    if (node.tagName === 'template' && content) defang(content);
  }
  return element;
}

function isScriptUrl(value: string): boolean {
  return value.trim() !== '' && safeUrl(value) === null;
}

/** `element.innerHTML = html` for a card's author-HTML field, defanged. */
export function setAuthorHTML(element: Element, html: string): Element {
  return defang(setInnerHTML(element, html));
}

/** Removes the first element under `root` whose class list holds `name` (`querySelector('.name')?.remove()`). */
export function removeFirstWithClass(root: Element, name: string): boolean {
  for (const child of root.childNodes) {
    if (!adapter.isElementNode(child)) continue;
    const element = child as Element;
    if ((getAttr(element, 'class') ?? '').split(/\s+/).includes(name)) {
      adapter.detachNode(element);
      return true;
    }
    if (removeFirstWithClass(element, name)) return true;
  }
  return false;
}
