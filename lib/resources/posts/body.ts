import { EMPTY_MOBILEDOC, MobiledocError, htmlToMobiledoc, htmlToPlaintext, imageSources, parseMobiledoc, readingTime, renderMobiledoc } from '../../content';
import type { Mobiledoc, ResponsiveImages } from '../../content';
import { ImageSizes } from '../../files/image-sizes';
import type { AppContext } from '../../core/context';
import { validation } from '../../core/errors';

export interface RenderedBody {
  mobiledoc: string;
  html: string;
  plaintext: string;
}

/**
 * The stored forms of a post body from what the client sent: `mobiledoc`, or `html` with
 * `?source=html` (an `html` field without it is ignored). Undefined when the body is not being set.
 */
export function bodyFromInput(
  input: { mobiledoc?: string | null; html?: string | null },
  sourceHtml: boolean,
  images?: ResponsiveImages,
): RenderedBody | undefined {
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
  const html = renderMobiledoc(doc, { images });
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

const imageSizes = new WeakMap<AppContext, ImageSizes>();

/**
 * The sizes of the site's own images a body shows, for `srcset`, `width` and `height`; undefined when it
 * shows none. A body without image or gallery cards costs one substring search, not a parse.
 */
export async function imagesOfInput(
  app: AppContext,
  input: { mobiledoc?: string | null; html?: string | null },
  sourceHtml: boolean,
): Promise<ResponsiveImages | undefined> {
  let doc: Mobiledoc;
  try {
    if (sourceHtml && input.html !== undefined) {
      if (!input.html?.includes('<img')) return undefined;
      doc = htmlToMobiledoc(input.html);
    } else {
      if (!input.mobiledoc || !/"(image|gallery)"/.test(input.mobiledoc)) return undefined;
      doc = parseMobiledoc(input.mobiledoc);
    }
  } catch {
    return undefined; // bodyFromInput reports what is wrong with it
  }
  const sources = imageSources(doc);
  if (sources.length === 0) return undefined;
  let sizes = imageSizes.get(app);
  if (!sizes) {
    const { files, url, imagesPath, images } = app.options;
    sizes = new ImageSizes(files.images, url, imagesPath, images.sizes);
    imageSizes.set(app, sizes);
  }
  return sizes.gather(sources);
}
