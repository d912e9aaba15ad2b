// A small model of the lexical editor tree the reference builds while converting (lexical 0.13): nodes with
// parent links and the mutations its conversion and transforms use (append, insertAfter, remove), with
// lexical's side rules — a list wraps what it is given in list items, a list item absorbs paragraphs, and
// removing the last child of a node that cannot be empty (list, link) removes that node too.

export type ElementType = 'root' | 'paragraph' | 'heading' | 'quote' | 'list' | 'listitem' | 'link';

export interface TextNode {
  kind: 'text';
  text: string;
  format: number;
  /** A tab: never merged with its neighbours. */
  tab: boolean;
  parent: ElementNode | null;
}

export interface LineBreakNode {
  kind: 'linebreak';
  parent: ElementNode | null;
}

export interface CardNode {
  kind: 'card';
  /** The serialized card, keys in the reference's order. */
  json: Record<string, unknown>;
  parent: ElementNode | null;
}

export interface ElementNode {
  kind: 'element';
  type: ElementType;
  children: LexNode[];
  parent: ElementNode | null;
  indent: number;
  /** Text alignment (kept only on quotes: the reference's transforms drop it elsewhere). */
  format?: string;
  /** Creation order: the order lexical runs its transforms in. */
  id: number;
  tag?: string;
  listType?: 'bullet' | 'number' | 'check';
  start?: number;
  checked?: boolean;
  url?: string;
  rel?: string | null;
  target?: string | null;
  title?: string | null;
}

export type LexNode = TextNode | LineBreakNode | CardNode | ElementNode;

export const FORMAT = {
  bold: 1,
  italic: 2,
  strikethrough: 4,
  underline: 8,
  code: 16,
  subscript: 32,
  superscript: 64,
  highlight: 128,
} as const;
export type FormatName = keyof typeof FORMAT;

export class Tree {
  private nextId = 0;
  /** Every element created, in creation order. */
  readonly created: ElementNode[] = [];

  element(type: ElementType, fields: Partial<ElementNode> = {}): ElementNode {
    const node: ElementNode = { kind: 'element', type, children: [], parent: null, indent: 0, id: this.nextId++, ...fields };
    this.created.push(node);
    return node;
  }

  text(text: string, format = 0): TextNode {
    return { kind: 'text', text, format, tab: false, parent: null };
  }

  tab(): TextNode {
    return { kind: 'text', text: '\t', format: 0, tab: true, parent: null };
  }

  lineBreak(): LineBreakNode {
    return { kind: 'linebreak', parent: null };
  }

  card(json: Record<string, unknown>): CardNode {
    return { kind: 'card', json, parent: null };
  }

  /** `parent.append(...nodes)` with the list and list item overrides. */
  append(parent: ElementNode, nodes: readonly LexNode[]): void {
    for (const node of nodes) {
      if (parent.type === 'listitem' && node.kind === 'element' && (node.type === 'paragraph' || node.type === 'listitem')) {
        this.append(parent, [...node.children]);
        this.remove(node);
      } else if (parent.type === 'list' && !(node.kind === 'element' && node.type === 'listitem')) {
        const item = this.element('listitem');
        if (node.kind === 'element' && node.type === 'list') this.append(item, [node]);
        else if (node.kind === 'element') this.append(item, [this.text(textOf(node))]);
        else this.append(item, [node]);
        this.rawAppend(parent, item);
      } else {
        this.rawAppend(parent, node);
      }
    }
  }

  private rawAppend(parent: ElementNode, node: LexNode): void {
    detach(node);
    parent.children.push(node);
    node.parent = parent;
  }

  insertAfter(anchor: LexNode, node: LexNode): void {
    const parent = anchor.parent!;
    if (anchor.kind === 'element' && anchor.type === 'listitem' && node.kind === 'element' && node.type === 'list') {
      // a list item given a list takes its items one by one
      for (const child of [...node.children].reverse()) this.insertAfter(anchor, child);
      this.remove(node);
      return;
    }
    detach(node);
    parent.children.splice(parent.children.indexOf(anchor) + 1, 0, node);
    node.parent = parent;
  }

  /** `node.remove()`: a parent that cannot be empty goes with its last child. */
  remove(node: LexNode): void {
    const parent = node.parent;
    if (!parent) return;
    const prev = parent.children[parent.children.indexOf(node) - 1];
    const next = parent.children[parent.children.indexOf(node) + 1];
    detach(node);
    if (node.kind === 'element' && node.type === 'listitem' && isNestedListItem(prev) && isNestedListItem(next)) {
      this.mergeLists(prev.children[0] as ElementNode, next.children[0] as ElementNode);
      this.remove(next);
    }
    if (parent.type !== 'root' && parent.children.length === 0 && !canBeEmpty(parent)) this.remove(parent);
  }

  private mergeLists(first: ElementNode, second: ElementNode): void {
    const last = first.children[first.children.length - 1];
    const head = second.children[0];
    if (isNestedListItem(last) && isNestedListItem(head)) {
      this.mergeLists(last.children[0] as ElementNode, head.children[0] as ElementNode);
      this.remove(head);
    }
    const items = [...second.children];
    if (items.length > 0) this.append(first, items);
    this.remove(second);
  }
}

function detach(node: LexNode): void {
  const parent = node.parent;
  if (!parent) return;
  parent.children.splice(parent.children.indexOf(node), 1);
  node.parent = null;
}

function canBeEmpty(node: ElementNode): boolean {
  return node.type !== 'list' && node.type !== 'link';
}

export function isNestedListItem(node: LexNode | undefined): node is ElementNode {
  return node !== undefined && node.kind === 'element' && node.type === 'listitem' && node.children[0]?.kind === 'element' && node.children[0].type === 'list';
}

export function isAttached(node: LexNode): boolean {
  let current: LexNode | null = node;
  while (current && current.parent) current = current.parent;
  return current !== null && current.kind === 'element' && current.type === 'root';
}

/** Lexical's getTextContent: paragraphs-like children are separated by two newlines. */
export function textOf(node: LexNode): string {
  if (node.kind === 'text') return node.text;
  if (node.kind === 'linebreak') return '\n';
  if (node.kind === 'card') return '';
  let text = '';
  node.children.forEach((child, i) => {
    text += textOf(child);
    if (child.kind === 'element' && i !== node.children.length - 1 && isBlockish(child)) text += '\n\n';
  });
  return text;
}

function isBlockish(node: ElementNode): boolean {
  return node.type !== 'link';
}

/** Elements and cards that are not inline (links, text and line breaks are). */
export function isBlock(node: LexNode): boolean {
  return node.kind === 'card' || (node.kind === 'element' && node.type !== 'link');
}
