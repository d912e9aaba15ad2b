// JSON can carry unpaired surrogates ("\ud800"), which encodeURIComponent refuses (the reference fails to
// render such a heading); they become U+FFFD here.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The reference's heading slug (kg-utils, 4.0+): symbols removed, spaces to `-`, runs of dashes deleted, URL-encoded. */
export function headingSlug(text: string): string {
  if (text.trim() === '') return '';
  const slug = text
    .trim()
    .toLowerCase()
    .replace(/[\][!"#$%&'()*+,./:;<=>?@\\^_{|}~]/g, '')
    .replace(/\s+/g, '-')
    .replace(/^-|-{2,}|-$/g, '');
  return encodeURIComponent(slug.replace(LONE_SURROGATE, '\ufffd'));
}

/** Ids unique within one render, as the reference hands them out: `a`, `a-1`, `a-2`… (an empty heading gets `id=""`). */
export class LexicalHeadingIds {
  private readonly used = new Map<string, number>();

  next(text: string): string {
    const id = headingSlug(text);
    const count = this.used.get(id);
    if (count === undefined) {
      this.used.set(id, 1);
      return id;
    }
    this.used.set(id, count + 1);
    return `${id}-${count}`;
  }
}
