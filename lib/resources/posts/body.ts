import { EMPTY_MOBILEDOC, MobiledocError, htmlToMobiledoc, htmlToPlaintext, parseMobiledoc, readingTime, renderMobiledoc } from '../../content';
import { validation } from '../../http/errors';
import type { Mobiledoc } from '../../content';

export interface RenderedBody {
  mobiledoc: string;
  html: string;
  plaintext: string;
}

/**
 * The stored forms of a post body from what the client sent: `mobiledoc`, or `html` with
 * `?source=html` (an `html` field without it is ignored). Undefined when the body is not being set.
 */
export function bodyFromInput(input: { mobiledoc?: string | null; html?: string | null }, sourceHtml: boolean): RenderedBody | undefined {
  let doc: Mobiledoc;
  let stored: string;
  if (sourceHtml && input.html !== undefined) {
    doc = htmlToMobiledoc(input.html ?? '');
    stored = JSON.stringify(doc);
  } else if (input.mobiledoc !== undefined) {
    stored = input.mobiledoc ?? EMPTY_MOBILEDOC;
    try {
      doc = parseMobiledoc(stored);
    } catch (error) {
      if (error instanceof MobiledocError) {
        throw validation(`Value in [posts.mobiledoc] is not valid mobiledoc: ${error.message}`, { property: 'mobiledoc' });
      }
      throw error;
    }
  } else {
    return undefined;
  }
  const html = renderMobiledoc(doc);
  const plaintext = htmlToPlaintext(html);
  // an escaped \u0000 inside the mobiledoc text survives into the html, which PostgreSQL text cannot hold
  if (html.includes('\0') || plaintext.includes('\0')) {
    throw validation('Value in [posts.mobiledoc] contains a NUL character (\\u0000) in its text.', { property: 'mobiledoc' });
  }
  return { mobiledoc: stored, html, plaintext };
}

export function emptyBody(): RenderedBody {
  return bodyFromInput({ mobiledoc: EMPTY_MOBILEDOC }, false) as RenderedBody;
}

/** `plaintext`, when given, must be `htmlToPlaintext(html)` (as a {@link RenderedBody} holds it). */
export function readingTimeOf(html: string | null, featureImage: string | null, plaintext?: string): number {
  return readingTime({ html: html ?? '', featureImage, plaintext });
}
