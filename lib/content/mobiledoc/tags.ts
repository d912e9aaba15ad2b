// What the mobiledoc 0.3 DOM renderer accepts; anything else is skipped when rendering rather than
// rejected, because Ghost accepts such documents and an import must not fail on them.
export const MARKUP_SECTION_TAGS: ReadonlySet<string> = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'aside']);
export const LIST_SECTION_TAGS: ReadonlySet<string> = new Set(['ul', 'ol']);
export const MARKUP_TAGS: ReadonlySet<string> = new Set(['a', 'b', 'strong', 'i', 'em', 'u', 's', 'code', 'sub', 'sup']);
/** Per markup tag, the attributes carried into the HTML. */
export const MARKUP_ATTRIBUTES: Readonly<Record<string, ReadonlySet<string>>> = {
  a: new Set(['href', 'rel', 'target']),
};
export const SECTION_ATTRIBUTES: ReadonlySet<string> = new Set(['data-md-text-align']);

export const SUPPORTED_VERSIONS: ReadonlySet<string> = new Set(['0.3.0', '0.3.1', '0.3.2']);

export const EMPTY_MOBILEDOC = '{"version":"0.3.1","atoms":[],"cards":[],"markups":[],"sections":[]}';
