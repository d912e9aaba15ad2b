import type { Mobiledoc, Payload } from './types';
import { CARD_SECTION } from './types';

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * What the renderer knows of the images a document shows, gathered before it runs (the renderer stays
 * synchronous and does no I/O): their sizes as displayed, and where resized copies of them are served.
 */
export interface ResponsiveImages {
  /** The size of the image at `src` as displayed (after EXIF orientation), when it is a file of this site whose size is known. */
  sizeOf(src: string): ImageSize | undefined;
  /** The URL of the `width`-wide copy of `src`, or null when `src` is not resized (not this site's, SVG, ICO…). */
  resizedUrl(src: string, width: number): string | null;
  /** The widths copies are made in, ascending. */
  readonly widths: readonly number[];
}

/**
 * `srcset` for an image `width` pixels wide: each copy narrower than it, then the original itself,
 * each candidate exactly as wide as its descriptor says. Null when there is no narrower copy to offer.
 */
export function srcsetFor(src: string, width: number, images: ResponsiveImages): string | null {
  const candidates: string[] = [];
  for (const w of images.widths) {
    if (w >= width) break;
    const url = images.resizedUrl(src, w);
    if (url === null) return null;
    candidates.push(`${url} ${w}w`);
  }
  if (candidates.length === 0) return null;
  candidates.push(`${src} ${width}w`);
  return candidates.join(', ');
}

function cardImageSources(name: string, payload: Payload): string[] {
  if (name === 'image') return typeof payload.src === 'string' ? [payload.src] : [];
  if (name === 'gallery' && Array.isArray(payload.images)) {
    return payload.images.flatMap((image: unknown) =>
      typeof image === 'object' && image !== null && typeof (image as Payload).src === 'string' ? [(image as Payload).src as string] : [],
    );
  }
  return [];
}

/** The `src` of every image and gallery card, in order: what a ResponsiveImages must know about before rendering. */
export function imageSources(doc: Mobiledoc): string[] {
  const cards = doc.cards ?? [];
  const sources: string[] = [];
  for (const section of doc.sections ?? []) {
    if (section[0] !== CARD_SECTION) continue;
    const card = cards[section[1]];
    if (card) sources.push(...cardImageSources(card[0], card[1] ?? {}));
  }
  return sources;
}
