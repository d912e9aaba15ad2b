import {
  EMPTY_LEXICAL,
  EMPTY_MOBILEDOC,
  LexicalError,
  MobiledocError,
  htmlToLexical,
  htmlToMobiledoc,
  htmlToPlaintext,
  imageSources,
  parseLexical,
  parseMobiledoc,
  readingTime,
  renderLexical,
  renderMobiledoc,
} from '../../content';
import type { LexicalRenderOptions, Mobiledoc, ResponsiveImages } from '../../content';
import { ImageSizes } from '../../files/image-sizes';
import { UPLOAD_MAX_WIDTH } from '../../files/image-options';
import { isResizable } from '../../files/variants';
import type { AppContext, Version } from '../../core/context';
import { takesLexical } from '../../core/context';
import { validation } from '../../core/errors';

/** A post's body as stored: its source in exactly one format (the other null), and what is served from it. */
export interface RenderedBody {
  mobiledoc: string | null;
  lexical: string | null;
  html: string;
  plaintext: string;
}

export interface BodyInput {
  mobiledoc?: string | null;
  lexical?: string | null;
  html?: string | null;
}

export interface BodyOptions {
  /** `?source=html`: the body is the `html` field, converted (an `html` field without it is ignored). */
  sourceHtml: boolean;
  /** What `?source=html` converts to: lexical on v5 writes, as the reference does; mobiledoc on v2 and v3. */
  htmlTo?: 'lexical' | 'mobiledoc';
  /** Sizes of a mobiledoc body's images (imagesOfInput). */
  images?: ResponsiveImages;
  /** How lexical image cards are rendered (lexicalRenderOptions). */
  lexical?: LexicalRenderOptions;
}

/**
 * The stored forms of a post body from what the client sent: `lexical`, `mobiledoc`, or `html` with
 * `?source=html`. Undefined when the body is not being set. parsePostInput has refused both formats at
 * once. A null clears the body only in the post's own format (`current`; a new post's is mobiledoc): a
 * null in the other format's field is what every read of the post shows there, and a client sending
 * back what it read (a v3 SDK's edit of a lexical post) must not wipe the body with it.
 */
export function bodyFromInput(input: BodyInput, options: BodyOptions, current: 'mobiledoc' | 'lexical' = 'mobiledoc'): RenderedBody | undefined {
  if (options.sourceHtml && input.html !== undefined) return fromHtml(input.html ?? '', options);
  if (typeof input.lexical === 'string') return lexicalBody(input.lexical, options.lexical);
  if (typeof input.mobiledoc === 'string') return mobiledocBody(input.mobiledoc, options.images);
  if (current === 'mobiledoc' && input.mobiledoc === null) return mobiledocBody(EMPTY_MOBILEDOC, options.images);
  if (current === 'lexical' && input.lexical === null) return lexicalBody(EMPTY_LEXICAL, options.lexical);
  return undefined;
}

/**
 * `?source=html`: the html made into a body, as the reference makes it: lexical on v5 writes
 * (lib/content/lexical/from-html/), mobiledoc on v2 and v3.
 */
function fromHtml(html: string, options: BodyOptions): RenderedBody {
  if (options.htmlTo !== 'lexical') return mobiledocBody(JSON.stringify(htmlToMobiledoc(html)), options.images);
  let lexical: string;
  try {
    lexical = htmlToLexical(html);
  } catch (error) {
    if (error instanceof LexicalError) throw validation(`Value in [posts.html] cannot be converted to lexical: ${error.message}.`, { property: 'html' });
    throw error;
  }
  return lexicalBody(lexical, options.lexical);
}

function mobiledocBody(stored: string, images: ResponsiveImages | undefined): RenderedBody {
  let doc: Mobiledoc;
  try {
    doc = parseMobiledoc(stored);
  } catch (error) {
    if (error instanceof MobiledocError) {
      throw validation(`Value in [posts.mobiledoc] is not valid mobiledoc: ${error.message}`, { property: 'mobiledoc' });
    }
    throw error;
  }
  return served({ mobiledoc: stored, lexical: null }, renderMobiledoc(doc, { images }), 'mobiledoc');
}

/** Stored as sent, byte for byte; served from the html lib/content/lexical renders as the reference does. */
function lexicalBody(stored: string, options: LexicalRenderOptions | undefined): RenderedBody {
  let html: string;
  try {
    html = renderLexical(parseLexical(stored), options);
  } catch (error) {
    if (error instanceof LexicalError) throw validation(`Value in [posts.lexical] is not valid: ${error.message}.`, { property: 'lexical' });
    throw error;
  }
  return served({ mobiledoc: null, lexical: stored }, html, 'lexical');
}

function served(source: Pick<RenderedBody, 'mobiledoc' | 'lexical'>, html: string, format: 'mobiledoc' | 'lexical'): RenderedBody {
  const plaintext = htmlToPlaintext(html);
  // an escaped \u0000 inside the body's text survives into the html, which PostgreSQL text cannot hold
  if (html.includes('\0') || plaintext.includes('\0')) {
    throw validation(`Value in [posts.${format}] contains a NUL character (\\u0000) in its text.`, { property: format });
  }
  return { ...source, html, plaintext };
}

export function emptyBody(): RenderedBody {
  return mobiledocBody(EMPTY_MOBILEDOC, undefined);
}

/**
 * How this site's lexical image cards are rendered, as the reference renders them: `srcset` over the
 * widths its image copies are made in, and sizes scaled as uploads are when they are resized.
 */
export function lexicalRenderOptions(app: AppContext): LexicalRenderOptions {
  const { url, images } = app.options;
  return {
    siteUrl: url,
    imageWidths: images.sizes,
    maxImageWidth: images.uploadTransform ? UPLOAD_MAX_WIDTH : undefined,
    canTransformImage: (src) => isResizable(src.split(/[?#]/)[0]),
  };
}

/** `plaintext`, when given, must be `htmlToPlaintext(html)` (as a {@link RenderedBody} holds it). */
export function readingTimeOf(html: string | null, featureImage: string | null, plaintext?: string): number {
  return readingTime({ html: html ?? '', featureImage, plaintext });
}

const imageSizes = new WeakMap<AppContext, ImageSizes>();

/**
 * The sizes of the site's own images a mobiledoc body shows, for `srcset`, `width` and `height`;
 * undefined when it shows none. A body without image or gallery cards costs one substring search, not a
 * parse. Html that `version` converts to lexical is not looked into: lexical image cards are rendered
 * with `lexicalRenderOptions`, never with these sizes.
 */
export async function imagesOfInput(app: AppContext, input: BodyInput, sourceHtml: boolean, version?: Version): Promise<ResponsiveImages | undefined> {
  let doc: Mobiledoc;
  try {
    if (sourceHtml && input.html !== undefined) {
      if (!input.html?.includes('<img') || (version !== undefined && takesLexical(version))) return undefined;
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
