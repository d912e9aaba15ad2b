// How each HTML element is treated on import. Anything not listed becomes an html card, so unknown
// or future elements (custom elements, <portal>, …) are carried over verbatim instead of flattened.

/** Inline formatting that maps to a mobiledoc markup, with the markup's tag name. */
export const MARKUP_TAGS: ReadonlyMap<string, string> = new Map([
  ['b', 'b'],
  ['strong', 'strong'],
  ['i', 'i'],
  ['em', 'em'],
  ['u', 'u'],
  ['s', 's'],
  ['strike', 's'],
  ['del', 's'],
  ['code', 'code'],
  ['tt', 'code'],
  ['sub', 'sub'],
  ['sup', 'sup'],
]);

/** Inline elements with no mobiledoc equivalent whose text is kept without the element. */
export const UNWRAPPED_INLINE: ReadonlySet<string> = new Set([
  'span',
  'font',
  'mark',
  'small',
  'big',
  'abbr',
  'acronym',
  'cite',
  'q',
  'time',
  'label',
  'ins',
  'kbd',
  'var',
  'samp',
  'dfn',
  'bdi',
  'bdo',
  'data',
  'nobr',
  'blink',
  'rt',
  'rp',
  'ruby',
]);

/** Markup sections. */
export const TEXT_BLOCKS: ReadonlySet<string> = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
export const QUOTE_BLOCKS: ReadonlySet<string> = new Set(['blockquote', 'aside']);

/** Layout containers: their content is converted as if it stood in their place. */
export const WRAPPERS: ReadonlySet<string> = new Set([
  'html',
  'body',
  'head',
  'div',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'nav',
  'center',
  'hgroup',
  'address',
  'li',
  'dd',
  'dt',
]);

export const LISTS: ReadonlySet<string> = new Set(['ul', 'ol', 'menu', 'dir']);

/** Document metadata, not post content: dropped when a whole page is pasted. */
export const DROPPED: ReadonlySet<string> = new Set(['title', 'meta', 'link', 'base', 'wbr']);
