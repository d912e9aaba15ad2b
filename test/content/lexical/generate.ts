// Seeded random lexical documents for the differential test: every node type and card the reference's
// editor writes, nested, with every text format and odd text (entities, unicode, white space, markup).

export type Node = Record<string, unknown> & { type: string; children?: Node[] };

/** mulberry32: small, fast and the same sequence everywhere for a seed. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const ODD_TEXT = [
  'plain words',
  'Hello',
  '',
  ' ',
  '  spaced  out  ',
  '<b>not bold</b> & <script>alert(1)</script>',
  '&amp; &lt; &nbsp; &#39;',
  '"double" \'single\' `back`',
  'non\u00a0breaking\u00a0space',
  'émoji 🎉 日本語 Ωmega',
  'tab\there',
  'line\nfeed',
  'carriage\r\nreturn',
  'Heading - with - dashes',
  'a--b---c',
  '#hash! (paren) [brackets] {braces}',
  'zero\u200bwidth\u200d',
  'ünïcödé Straße',
  '1. not a list',
  'x < y > z',
  'Intro',
  'intro',
  'Intro-1',
];

export const SAFE_URLS = [
  'https://example.com/a?b=1&c=2',
  '/relative/path',
  'https://example.com/"quoted"',
  'mailto:someone@example.com',
  '#fragment',
  'https://site.test/content/images/2024/01/photo.jpg',
  '__GHOST_URL__/content/images/2024/01/local.png',
  'https://images.unsplash.com/photo-1?ixid=abc&w=2000',
  'http://example.com/ü space',
];
/** Script URLs: the reference renders them, pressroom leaves the attribute out. */
export const UNSAFE_URLS = ['javascript:alert(1)', ' JavaScript:alert(document.cookie)', 'vbscript:msgbox(1)'];

export const AUTHOR_HTML = [
  'A caption',
  'a <b>bold</b> caption',
  '<a href="https://example.com/?a=1&amp;b=2">link</a> text',
  'x &amp; y &lt; z',
  '<em>em</em> <code>code</code> <i>i</i>',
  '<span style="color: red;">span</span>',
  '<b>unclosed bold',
  '<p>para</p><p>two</p>',
  'text with "quotes" and \'apostrophes\'',
  'émoji 🎉',
  '<br>after break',
  '<strong>s</strong><mark>m</mark><u>u</u><del>d</del><sup>1</sup><sub>2</sub>',
];

export const RAW_HTML = [
  '<p>raw <b>html</b></p>',
  '<div class="x"><span>unclosed',
  '<iframe src="https://www.youtube.com/embed/x" width="200" height="113" frameborder="0" allowfullscreen></iframe>',
  '<script>console.log("x")</script>',
  '<!-- a comment --><hr>',
  '<table><tr><td>cell</td></tr></table>',
  'just text & more',
];

export const MARKDOWN = [
  '# Heading\n\nSome *emphasis* and **strong** and `code`.',
  '- one\n- two\n  - nested\n\n1. first\n2. second',
  '> quote\n\n```js\nconst a = 1 < 2;\n```',
  'A [link](https://example.com "title") and an ![image](https://example.com/i.png)',
  'Footnote[^1].\n\n[^1]: The note.',
  '==mark== H~2~O x^2^',
  'line one\nline two',
  '<div>raw html</div>\n\nhttps://example.com autolinked',
  '## Same\n\n## Same',
  '| a | b |\n|---|---|\n| 1 | 2 |',
  '',
];

export class Generator {
  readonly rnd: () => number;
  unsafe: boolean;

  constructor(seed: number, unsafe = false) {
    this.rnd = random(seed);
    this.unsafe = unsafe;
  }

  int(max: number): number {
    return Math.floor(this.rnd() * max);
  }
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)];
  }
  chance(p: number): boolean {
    return this.rnd() < p;
  }
  text(): string {
    return this.pick(ODD_TEXT);
  }
  url(): string {
    return this.unsafe && this.chance(0.4) ? this.pick(UNSAFE_URLS) : this.pick(SAFE_URLS);
  }
  authorHtml(): string {
    return this.chance(0.3) ? '' : this.pick(AUTHOR_HTML);
  }

  textNode(): Node {
    const format = this.chance(0.4) ? 0 : this.int(256);
    const type = this.chance(0.1) ? 'extended-text' : 'text';
    return { detail: 0, format, mode: 'normal', style: '', text: this.text(), type, version: 1 };
  }

  inline(depth: number): Node[] {
    const count = this.int(6);
    const nodes: Node[] = [];
    for (let i = 0; i < count; i++) {
      const r = this.rnd();
      if (r < 0.6) nodes.push(this.textNode());
      else if (r < 0.72) nodes.push({ type: 'linebreak', version: 1 });
      else if (r < 0.8) nodes.push({ detail: 2, format: this.chance(0.5) ? 0 : this.int(256), mode: 'normal', style: '', text: '\t', type: 'tab', version: 1 });
      else if (depth < 2) nodes.push(this.link(depth));
      else nodes.push(this.textNode());
    }
    return nodes;
  }

  link(depth: number): Node {
    const node: Node = {
      children: this.inline(depth + 1),
      direction: 'ltr',
      format: '',
      indent: 0,
      type: 'link',
      version: 1,
      url: this.chance(0.1) ? '' : this.url(),
    };
    if (this.chance(0.5)) node.rel = this.pick(['noopener noreferrer', 'nofollow', null]);
    if (this.chance(0.3)) node.target = '_blank';
    if (this.chance(0.2)) node.title = 'a title';
    return node;
  }

  element(type: string, extra: Record<string, unknown> = {}, children = this.inline(0)): Node {
    return { children, direction: this.chance(0.5) ? 'ltr' : null, format: '', indent: 0, type, version: 1, ...extra };
  }

  list(depth: number): Node {
    const listType = this.pick(['bullet', 'number', 'check']);
    const items: Node[] = [];
    const count = 1 + this.int(4);
    for (let i = 0; i < count; i++) {
      const nested = depth < 3 && this.chance(0.25);
      const children = nested ? [this.list(depth + 1)] : this.inline(0);
      const item: Node = this.element('listitem', { value: i + 1 }, children);
      if (listType === 'check') item.checked = this.chance(0.5);
      items.push(item);
    }
    const start = listType === 'number' && this.chance(0.3) ? this.pick([0, 2, 5, 10]) : 1;
    return this.element('list', { listType, start, tag: listType === 'number' ? 'ol' : 'ul' }, items);
  }

  block(cards: ReadonlyMap<string, (g: Generator) => Node>): Node {
    const r = this.rnd();
    if (r < 0.3) return this.element('paragraph');
    if (r < 0.45) return this.element(this.chance(0.8) ? 'heading' : 'extended-heading', { tag: this.pick(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']) });
    if (r < 0.52) return this.element(this.chance(0.8) ? 'quote' : 'extended-quote');
    if (r < 0.57) return this.element('aside');
    if (r < 0.67) return this.list(0);
    const [type, make] = this.pick([...cards.entries()]);
    return { version: 1, ...make(this), type };
  }

  document(cards: ReadonlyMap<string, (g: Generator) => Node>): { root: Node } {
    const children: Node[] = [];
    const count = 1 + this.int(6);
    for (let i = 0; i < count; i++) children.push(this.block(cards));
    if (this.chance(0.3)) children.push(this.element('paragraph', {}, this.chance(0.5) ? [] : [{ ...this.textNode(), text: '  ' }]));
    return { root: { children, direction: 'ltr', format: '', indent: 0, type: 'root', version: 1 } };
  }
}
