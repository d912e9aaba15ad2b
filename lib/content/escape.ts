// The same characters Ghost's renderer (SimpleDOM's serializer) escapes, so output stays byte-comparable;
// everything we write is double-quoted, so `'` never needs escaping in attributes.
const TEXT_RE = /[&<>\u00a0]/g;
const ATTR_RE = /[&"\u00a0]/g;
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\u00a0': '&nbsp;',
};
const replace = (ch: string): string => ENTITIES[ch];

export function escapeText(text: string): string {
  return text.replace(TEXT_RE, replace);
}

export function escapeAttr(value: string): string {
  return value.replace(ATTR_RE, replace);
}

/** ` name="value"` pairs; null, undefined and false skip the attribute, true writes a bare one. */
export function attrs(pairs: ReadonlyArray<readonly [string, string | number | boolean | null | undefined]>): string {
  let out = '';
  for (const [name, value] of pairs) {
    if (value === null || value === undefined || value === false) continue;
    out += value === true ? ` ${name}` : ` ${name}="${escapeAttr(String(value))}"`;
  }
  return out;
}
