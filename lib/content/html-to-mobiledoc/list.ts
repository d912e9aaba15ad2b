import type { Element } from 'domhandler';
import { InlineRuns, type MarkupRef } from './builder';
import { isElement } from './dom';
import { LISTS } from './elements';
import { isBlank, MAX_DEPTH, walkInline, type InlineSink } from './inline';

/**
 * Mobiledoc lists cannot nest, so nested lists are flattened into the outer list in document order
 * (their items follow the item that contained them). Blocks inside an item become line breaks.
 */
export class ListSink implements InlineSink {
  readonly items: InlineRuns[] = [];
  private current: InlineRuns | null = null;
  private pending = false;

  private item(): InlineRuns {
    if (!this.current) {
      this.current = new InlineRuns();
      this.items.push(this.current);
      this.pending = false;
    }
    return this.current;
  }

  text(text: string, stack: readonly MarkupRef[]): void {
    if (!this.current && isBlank(text)) return;
    const item = this.item();
    if (this.pending && !isBlank(text)) {
      item.softReturn(stack);
      this.pending = false;
    }
    item.text(text, stack);
  }

  softReturn(stack: readonly MarkupRef[]): void {
    this.item().softReturn(stack);
  }

  boundary(): void {
    if (this.current?.hasText()) this.pending = true;
  }

  list(list: Element, stack: readonly MarkupRef[], depth: number): void {
    this.current = null;
    if (depth > MAX_DEPTH) {
      walkInline(list.children, stack, this, depth); // past the limit: text only
      return;
    }
    for (const child of list.children) {
      if (isElement(child) && child.name === 'li') {
        this.current = null;
        walkInline(child.children, stack, this, depth + 1);
        this.current = null;
      } else if (isElement(child) && LISTS.has(child.name)) {
        this.list(child, stack, depth + 1);
      } else {
        // Stray content directly inside <ul>/<ol> is kept as an item of its own.
        walkInline([child], stack, this, depth + 1);
      }
    }
    this.current = null;
  }
}
