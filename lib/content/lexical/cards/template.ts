import { defang, firstElement, outerHTML } from '../dom';

// Several of the reference's cards are written as indented HTML templates with their fields pasted in,
// parsed by its DOM and serialized again; their white space is part of the output. pressroom parses the
// same template. Fields pasted into attributes get the characters that would end the attribute
// percent-encoded (real URLs and colours never hold them), so a field cannot add markup.

/** A newline and `n` spaces of template indentation. */
export const nl = (n: number): string => '\n' + ' '.repeat(n);

const percent = (c: string): string => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

/** For a double-quoted attribute. */
export const quoted = (value: unknown): string => String(value).replace(/"/g, percent);

/** For an unquoted attribute. */
export const unquoted = (value: unknown): string => String(value).replace(/[\s>]/g, percent);

/** The template's first element, parsed and serialized as the reference's DOM does, scripts removed. */
export function renderTemplate(template: string): string {
  const element = firstElement(template.trim());
  return element ? outerHTML(defang(element)) : '';
}
