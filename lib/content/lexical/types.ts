/** A node of a serialized lexical editor state, as the reference's editor writes it. */
export interface LexicalNode {
  type: string;
  children?: LexicalNode[];
  [key: string]: unknown;
}

/** A parsed lexical document: `{ root: { type: 'root', children: [...] } }`. */
export interface LexicalDocument {
  root: LexicalNode & { type: 'root'; children: LexicalNode[] };
}
