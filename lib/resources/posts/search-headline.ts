import type { Headline } from '../../storage/storage';

/** What `include` names to show each result's headline while searching. */
export const HEADLINE_INCLUDE = 'search.headline';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ENTITIES[ch]);

/** A headline as HTML: the matches in `<mark>`, every other character escaped. */
export function headlineHtml(headline: Headline | undefined): string {
  let html = '';
  for (const run of headline ?? []) {
    // the body's line breaks read as spaces in one short line
    const text = escapeHtml(run.text.replace(/\s+/g, ' '));
    html += run.match ? `<mark>${text}</mark>` : text;
  }
  return html.trim();
}

const utf8 = new TextEncoder();
const CLOSE = '}'.charCodeAt(0);

/**
 * A post's JSON (UTF-8, as the read model keeps it) with `"search":{"headline":…}` added last: the
 * kept JSON of the post is shared by every answer showing it, and only a search's answer adds this.
 */
export function withHeadline(json: Uint8Array, headline: Headline | undefined): Uint8Array {
  const end = json.lastIndexOf(CLOSE);
  // JSON.stringify writes no spaces: `{}` is the one object with nothing before its end
  const added = utf8.encode(`${end === 1 ? '' : ','}"search":${JSON.stringify({ headline: headlineHtml(headline) })}}`);
  const out = new Uint8Array(end + added.byteLength);
  out.set(json.subarray(0, end));
  out.set(added, end);
  return out;
}
