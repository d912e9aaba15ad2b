import { isAttached, isBlock, type ElementNode, type LexNode, type Tree } from './tree';

// What happens to the converted nodes after $generateNodesFromDOM in the reference: lexical's
// RangeSelection.insertNodes into an empty document (inline runs wrapped in paragraphs, stray list items
// in a bullet list, a line break opening a run dropped), then the transforms kg-default-transforms
// registers, run as lexical runs them — element by element in the order they were created or last
// changed, round after round until nothing changes: invalid nesting pulled out to the top level
// ("denest"), adjacent lists of one type merged, alignment dropped — and adjacent text merged.

/** RangeSelection.insertNodes at the end of an empty document. */
export function insertIntoRoot(tree: Tree, root: ElementNode, nodes: LexNode[]): void {
  if (nodes.length === 0) return;
  if (!nodes.some(isBlock)) {
    const paragraph = tree.element('paragraph');
    tree.append(root, [paragraph]);
    for (const node of nodes) tree.append(paragraph, [node]);
    return;
  }
  const blocks: LexNode[] = [];
  let current: ElementNode | null = null;
  for (const node of nodes) {
    const isItem = node.kind === 'element' && node.type === 'listitem';
    if (!isBlock(node) || isItem) {
      if (current === null) {
        current = isItem ? tree.element('list', { listType: 'bullet', start: 1 }) : tree.element('paragraph');
        blocks.push(current);
        if (node.kind === 'linebreak') continue;
      }
      tree.append(current, [node]);
    } else {
      blocks.push(node);
      current = null;
    }
  }
  tree.append(root, blocks);
}

function isInvalidChild(node: LexNode): boolean {
  if (node.kind === 'text' || node.kind === 'linebreak') return false;
  const parent = node.parent;
  if (node.kind === 'element' && node.type === 'list') return !(parent?.type === 'root' || parent?.type === 'listitem');
  if (node.kind === 'element' && node.type === 'listitem') return parent?.type !== 'list';
  return isBlock(node);
}

export class Transformer {
  private touched = new Map<ElementNode, true>();

  constructor(
    private readonly tree: Tree,
    private readonly root: ElementNode,
  ) {}

  run(): void {
    let round: ElementNode[] = [...this.tree.created];
    let guard = 0;
    while (round.length > 0) {
      if (++guard > 1000) throw new Error('lexical transforms did not settle');
      this.touched = new Map();
      const created = this.tree.created.length;
      for (const node of round) if (isAttached(node) && node.parent) this.transform(node);
      const fresh = this.tree.created.slice(created);
      round = [...new Set([...this.touched.keys(), ...fresh])].filter((node) => node.type !== 'root');
    }
  }

  private mark(...nodes: Array<LexNode | null | undefined>): void {
    for (const node of nodes) if (node && node.kind === 'element') this.touched.set(node, true);
  }

  private transform(node: ElementNode): void {
    switch (node.type) {
      case 'paragraph':
        return this.denest(node, () => this.tree.element('paragraph'));
      case 'heading':
        return this.denest(node, () => this.tree.element('heading', { tag: node.tag }));
      case 'list':
        this.denest(node, () => this.tree.element('list', { listType: node.listType, start: node.start }));
        if (isAttached(node)) this.mergeNextList(node);
        return;
      case 'listitem':
        if (node.parent?.type === 'list' && node.parent.listType !== 'check') node.checked = undefined;
        return this.denest(node, () => this.tree.element('listitem'));
      default:
        return;
    }
  }

  private mergeNextList(node: ElementNode): void {
    const parent = node.parent!;
    const next = parent.children[parent.children.indexOf(node) + 1];
    if (next && next.kind === 'element' && next.type === 'list' && next.listType === node.listType) {
      const items = [...next.children];
      this.tree.append(node, items);
      this.mark(node, ...items);
      this.tree.remove(next);
      this.mark(parent);
    }
  }

  /** kg-default-transforms' denest: block children leave for the top level, after the node's top ancestor. */
  private denest(node: ElementNode, create: () => ElementNode): void {
    const children = [...node.children];
    if (!children.some(isInvalidChild)) return;
    const holder = this.tree.element('paragraph');
    let current = create();
    for (const child of children) {
      if (isInvalidChild(child)) {
        if (current.children.length > 0) {
          this.tree.append(holder, [current]);
          current = create();
        }
        this.tree.append(holder, [child]);
      } else {
        this.tree.append(current, [child]);
      }
      this.mark(child);
    }
    if (current.children.length > 0) this.tree.append(holder, [current]);
    let top: ElementNode = node;
    while (top.parent && top.parent !== this.root) top = top.parent;
    for (const child of [...holder.children].reverse()) {
      if (top.parent === this.root && child.kind === 'element' && child.type === 'listitem') {
        const paragraph = this.tree.element('paragraph');
        this.tree.append(paragraph, [...child.children]);
        this.tree.remove(child);
        this.tree.insertAfter(top, paragraph);
        this.mark(paragraph);
        continue;
      }
      this.tree.insertAfter(top, child);
      this.mark(child);
    }
    this.mark(top.parent);
    const parent = node.parent;
    this.tree.remove(node);
    this.mark(parent);
    this.tree.remove(holder);
  }
}

/** lexical's text normalisation: adjacent text of the same format merged (tabs never). */
export function mergeText(node: ElementNode): void {
  const out: LexNode[] = [];
  for (const child of node.children) {
    const previous = out[out.length - 1];
    if (child.kind === 'text' && !child.tab && child.text === '') continue;
    if (child.kind === 'text' && !child.tab && previous?.kind === 'text' && !previous.tab && previous.format === child.format) {
      previous.text += child.text;
      continue;
    }
    out.push(child);
    if (child.kind === 'element') mergeText(child);
  }
  node.children = out;
}
