import { LEXICAL_CARDS } from './cards';
import { LexicalError } from './error';
import { ELEMENT_TYPES, TEXT_TYPES } from './text';
import type { LexicalDocument, LexicalNode } from './types';

export interface LexicalLimits {
  /** Characters of the JSON text. */
  maxLength: number;
  /** Nesting of nodes below the root. */
  maxDepth: number;
  /** Nodes in the whole document. */
  maxNodes: number;
}

export const LEXICAL_LIMITS: LexicalLimits = { maxLength: 8_000_000, maxDepth: 64, maxNodes: 200_000 };

const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const LIST_TYPES = new Set(['bullet', 'number', 'check']);

function fail(message: string): never {
  throw new LexicalError(`lexical ${message}`);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a serialized type is one pressroom renders (the reference's editor nodes). */
export function isKnownLexicalType(type: string): boolean {
  return ELEMENT_TYPES.has(type) || TEXT_TYPES.has(type) || type === 'linebreak' || LEXICAL_CARDS.has(type);
}

function checkFields(node: Record<string, unknown>, where: string): void {
  const type = node.type as string;
  if (TEXT_TYPES.has(type) && type !== 'tab' && node.text !== undefined && typeof node.text !== 'string') fail(`${where}: text must be a string`);
  if (TEXT_TYPES.has(type) && node.format !== undefined && typeof node.format !== 'number' && typeof node.format !== 'string') {
    fail(`${where}: format must be a number`);
  }
  if ((type === 'heading' || type === 'extended-heading') && !HEADING_TAGS.has(node.tag as string)) fail(`${where}: tag must be one of h1…h6`);
  if (type === 'list') {
    if (!LIST_TYPES.has(node.listType as string)) fail(`${where}: listType must be bullet, number or check`);
    if (node.start !== undefined && node.start !== null && !Number.isInteger(node.start)) fail(`${where}: start must be an integer`);
  }
  if (type === 'link' && node.url !== undefined && typeof node.url !== 'string') fail(`${where}: url must be a string`);
  if (type === 'link' && node.rel !== undefined && node.rel !== null && typeof node.rel !== 'string') fail(`${where}: rel must be a string`);
  if (node.visibility !== undefined && node.visibility !== null && !isObject(node.visibility)) fail(`${where}: visibility must be an object`);
}

/**
 * Checks a lexical document (its JSON text, or already parsed) and returns it parsed. Refuses non-JSON,
 * a missing root, an unknown node type, a malformed node and a document over the limits, with a message
 * naming where (`root.children[2].children[0]`).
 */
export function parseLexical(input: unknown, limits: LexicalLimits = LEXICAL_LIMITS): LexicalDocument {
  let value = input;
  if (typeof input === 'string') {
    if (input.length > limits.maxLength) fail(`is longer than ${limits.maxLength} characters`);
    try {
      value = JSON.parse(input);
    } catch {
      fail('is not valid JSON');
    }
  }
  if (!isObject(value) || !isObject(value.root)) fail('has no root');
  const root = value.root;
  if (root.type !== 'root') fail('root must have type "root"');
  if (!Array.isArray(root.children)) fail('root must have a children list');

  let count = 0;
  // iterative, so a hostile nesting depth cannot overflow the stack before the limit is seen
  const stack: Array<{ node: unknown; where: string; depth: number }> = root.children.map((node, i) => ({ node, where: `root.children[${i}]`, depth: 1 }));
  while (stack.length > 0) {
    const { node, where, depth } = stack.pop() as { node: unknown; where: string; depth: number };
    if (++count > limits.maxNodes) fail(`has more than ${limits.maxNodes} nodes`);
    if (depth > limits.maxDepth) fail(`is nested deeper than ${limits.maxDepth} levels`);
    if (!isObject(node)) fail(`${where} must be an object`);
    if (typeof node.type !== 'string') fail(`${where} has no type`);
    if (!isKnownLexicalType(node.type) || node.type === 'root') fail(`${where} has an unknown node type "${node.type}"`);
    checkFields(node, where);
    if (ELEMENT_TYPES.has(node.type)) {
      if (node.children === undefined) node.children = [];
      if (!Array.isArray(node.children)) fail(`${where}: children must be a list`);
      (node.children as unknown[]).forEach((child, i) => stack.push({ node: child, where: `${where}.children[${i}]`, depth: depth + 1 }));
    }
  }
  return value as unknown as LexicalDocument;
}

export type { LexicalNode };
