import { defaultTreeAdapter, parse, parseFragment, serialize, serializeOuter, type DefaultTreeAdapterMap } from 'parse5';

// The reference parses the HTML with jsdom, whose parser is parse5: parsing with parse5 gives the same
// tree. These helpers answer what the reference's converters ask of jsdom's DOM (reflected attributes,
// inline style, classList, querySelector with the few selectors they use).

export type DomNode = DefaultTreeAdapterMap['childNode'] | DefaultTreeAdapterMap['parentNode'];
export type Element = DefaultTreeAdapterMap['element'];
export type TextNode = DefaultTreeAdapterMap['textNode'];
export type ParentNode = DefaultTreeAdapterMap['parentNode'];

const adapter = defaultTreeAdapter;

// jsdom's tree adapter for parse5, where it differs from parse5's own: text foster-parented out of a table
// (`<table><tr>x…`) with no text just before the table is appended at the end of the table's parent
// (jsdom's insertTextBefore calls `_append`, which ignores the reference node), not inserted before it.
const jsdomAdapter: typeof defaultTreeAdapter = {
  ...defaultTreeAdapter,
  insertTextBefore(parent, text, reference) {
    const list = parent.childNodes;
    const previous = list[list.indexOf(reference) - 1];
    if (previous && defaultTreeAdapter.isTextNode(previous)) previous.value += text;
    else defaultTreeAdapter.insertText(parent, text);
  },
};

/** `new JSDOM('<body>' + html + '</body>').window.document.body`. */
export function parseBody(html: string): Element {
  // jsdom runs no scripts, so <noscript> content is parsed as markup
  const document = parse(`<body>${html}</body>`, { scriptingEnabled: false, treeAdapter: jsdomAdapter });
  const htmlElement = document.childNodes.find(isElement) as Element;
  return htmlElement.childNodes.find((node) => isElement(node) && node.tagName === 'body') as Element;
}

export function isElement(node: DomNode | null | undefined): node is Element {
  return node !== null && node !== undefined && adapter.isElementNode(node as DefaultTreeAdapterMap['node']);
}

export function isText(node: DomNode | null | undefined): node is TextNode {
  return node !== null && node !== undefined && node.nodeName === '#text';
}

export function isComment(node: DomNode | null | undefined): node is DefaultTreeAdapterMap['commentNode'] {
  return node !== null && node !== undefined && node.nodeName === '#comment';
}

export function childNodes(node: DomNode): DomNode[] {
  return 'childNodes' in node ? (node.childNodes as DomNode[]) : [];
}

export function parentOf(node: DomNode): ParentNode | null {
  return 'parentNode' in node ? (node.parentNode ?? null) : null;
}

export function parentElement(node: DomNode): Element | null {
  const parent = parentOf(node);
  return isElement(parent) ? parent : null;
}

// Sibling positions, cached per parent so walking a long body stays linear; remove() drops the cache.
const positions = new WeakMap<ParentNode, Map<DomNode, number>>();

export function indexIn(parent: ParentNode, node: DomNode): number {
  let map = positions.get(parent);
  if (!map) {
    map = new Map((parent.childNodes as DomNode[]).map((child, i) => [child, i]));
    positions.set(parent, map);
  }
  return map.get(node) ?? -1;
}

function sibling(node: DomNode, step: 1 | -1): DomNode | null {
  const parent = parentOf(node);
  if (!parent) return null;
  return (parent.childNodes as DomNode[])[indexIn(parent, node) + step] ?? null;
}

export const nextSibling = (node: DomNode): DomNode | null => sibling(node, 1);
export const previousSibling = (node: DomNode): DomNode | null => sibling(node, -1);

export function elementSibling(node: DomNode, step: 1 | -1): Element | null {
  let current = sibling(node, step);
  while (current && !isElement(current)) current = sibling(current, step);
  return current;
}

export function remove(node: DomNode): void {
  const parent = parentOf(node);
  if (!parent) return;
  positions.delete(parent);
  adapter.detachNode(node as DefaultTreeAdapterMap['childNode']);
}

export function getAttr(element: Element, name: string): string | null {
  return element.attrs.find((a) => a.name === name)?.value ?? null;
}

export function setAttr(element: Element, name: string, value: string): void {
  const existing = element.attrs.find((a) => a.name === name);
  if (existing) existing.value = value;
  else element.attrs.push({ name, value });
}

export function classes(element: Element): string[] {
  return (getAttr(element, 'class') ?? '').split(/[\t\n\f\r ]+/).filter(Boolean);
}

export function hasClass(element: Element, name: string): boolean {
  return classes(element).includes(name);
}

/** `element.className`. */
export function className(element: Element): string {
  return getAttr(element, 'class') ?? '';
}

/** `element.dataset[name]` with name in the attribute's dashed form (`kg-thumbnail`). */
export function dataAttr(element: Element, dashed: string): string | undefined {
  return getAttr(element, `data-${dashed}`) ?? undefined;
}

/** The `nodeName` jsdom gives (upper case for HTML elements). */
export function nodeName(node: DomNode): string {
  return isElement(node) ? node.tagName.toUpperCase() : node.nodeName;
}

export function textContent(node: DomNode): string {
  if (isText(node)) return node.value;
  if (isComment(node)) return node.data;
  let text = '';
  const stack: DomNode[] = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (isText(current)) text += current.value;
    else if (isElement(current) || current === node) {
      const children = childNodes(current);
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
    }
  }
  return text;
}

// jsdom serializes as a document without scripting: the text of a <noscript> is escaped like any other
const SERIALIZE = { scriptingEnabled: false } as const;

export function innerHTML(element: Element): string {
  return serialize(element, SERIALIZE);
}

/** `element.innerHTML = html`: the fragment parsed in the element's context replaces its children. */
export function setInnerHTML(element: Element, html: string): void {
  const fragment = parseFragment(element, html, { scriptingEnabled: false, treeAdapter: jsdomAdapter });
  for (const child of [...element.childNodes]) adapter.detachNode(child);
  for (const child of [...fragment.childNodes]) {
    adapter.detachNode(child);
    adapter.appendChild(element, child);
  }
  positions.delete(element);
}

export function outerHTML(element: Element): string {
  return serializeOuter(element, SERIALIZE);
}

/** Descendant elements in document order. */
export function descendants(root: DomNode): Element[] {
  const out: Element[] = [];
  const stack: DomNode[] = [...childNodes(root)].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isElement(node)) continue;
    out.push(node);
    const children = childNodes(node);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return out;
}

// --- inline style, as jsdom's CSSStyleDeclaration reads the `style` attribute (simple declarations) ---

/** The declarations of the `style` attribute, in order (repeats kept), names lower-cased, `!important` dropped. */
export function styleDeclarations(node: DomNode | null): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  if (!isElement(node)) return out;
  for (const declaration of (getAttr(node, 'style') ?? '').split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const name = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration
      .slice(colon + 1)
      .replace(/!important\s*$/i, '')
      .trim();
    if (name) out.push([name, value]);
  }
  return out;
}

/** The style's properties with a value, the last declaration of each winning. */
export function style(node: DomNode | null): Map<string, string> {
  return new Map(styleDeclarations(node).filter(([, value]) => value));
}

// Keyword properties whose value decides structure: jsdom's CSS parser drops an invalid value.
const KEYWORDS: Record<string, RegExp> = {
  'white-space': /^(normal|pre|nowrap|pre-wrap|pre-line|break-spaces)$/i,
  display: /^[a-z-]+$/i,
};

export function styleOf(node: DomNode | null, property: string): string {
  const value = style(node).get(property) ?? '';
  const keyword = KEYWORDS[property];
  return keyword && !keyword.test(value) ? '' : value;
}

// --- reflected attributes ---

/**
 * A URL attribute as jsdom reflects it (`img.src`, `a.href`): resolved against the document's URL,
 * about:blank — absolute URLs and fragments resolve, anything else stays as written.
 */
export function reflectUrl(element: Element, name: string): string {
  const value = getAttr(element, name);
  if (value === null) return '';
  try {
    return new URL(value, 'about:blank').href;
  } catch {
    return value;
  }
}

/** WebIDL `unsigned long` of an attribute (`img.width`): Number(), truncated, modulo 2^32. */
export function unsignedLong(value: string | null): number {
  if (value === null) return 0;
  const number = Number(value);
  if (!Number.isFinite(number)) return 0;
  const truncated = Math.sign(number) * Math.floor(Math.abs(number));
  const modulo = truncated % 2 ** 32;
  return modulo < 0 ? modulo + 2 ** 32 : modulo + 0;
}

/** The HTML "rules for parsing integers" (reflected `long` attributes); null on error. */
export function parseInteger(value: string | null): number | null {
  if (value === null) return null;
  const match = /^[\t\n\f\r ]*([+-]?)(\d+)/.exec(value);
  if (!match) return null;
  const number = Number(match[2]);
  return match[1] === '-' ? -number : number;
}

// --- querySelector for the selectors the card parsers use: `tag`, `.class`, `tag.class`, `[attr]` and descendant combinators ---

interface Compound {
  tag?: string;
  classes: string[];
  attrs: string[];
}

function parseSelector(selector: string): Compound[] {
  return selector
    .trim()
    .split(/\s+/)
    .map((part) => {
      const compound: Compound = { classes: [], attrs: [] };
      const re = /([a-zA-Z][\w-]*)|\.([\w-]+)|\[([\w-]+)\]/g;
      let m: RegExpExecArray | null;
      while ((m = re.exec(part)) !== null) {
        if (m[1]) compound.tag = m[1].toLowerCase();
        else if (m[2]) compound.classes.push(m[2]);
        else if (m[3]) compound.attrs.push(m[3]);
      }
      return compound;
    });
}

function matchesCompound(element: Element, compound: Compound): boolean {
  if (compound.tag && element.tagName !== compound.tag) return false;
  if (compound.classes.length > 0) {
    const own = classes(element);
    if (!compound.classes.every((c) => own.includes(c))) return false;
  }
  return compound.attrs.every((a) => getAttr(element, a) !== null);
}

function matches(element: Element, chain: Compound[]): boolean {
  if (!matchesCompound(element, chain[chain.length - 1])) return false;
  let index = chain.length - 2;
  let ancestor = parentElement(element);
  while (index >= 0 && ancestor) {
    if (matchesCompound(ancestor, chain[index])) index--;
    ancestor = parentElement(ancestor);
  }
  return index < 0;
}

export function querySelectorAll(root: DomNode, selector: string): Element[] {
  const chain = parseSelector(selector);
  return descendants(root).filter((element) => matches(element, chain));
}

export function querySelector(root: DomNode, selector: string): Element | null {
  return querySelectorAll(root, selector)[0] ?? null;
}
