import { type ResponsiveImages, srcsetFor } from '../../responsive-images';
import type { Payload } from '../../types';
import { dimension } from './payload';

export interface ShownImage {
  width: number | null;
  height: number | null;
  srcset: string | null;
  /** The width `srcset` was made for; null without one. */
  srcsetWidth: number | null;
}

/**
 * The size an image is shown at and its `srcset`: from the file when it is this site's (the truth, after
 * EXIF orientation), else from the card's own width and height, which then get no `srcset`.
 */
export function shownImage(src: string, payload: Payload, images: ResponsiveImages | undefined): ShownImage {
  const file = images?.sizeOf(src);
  if (file && images) {
    const srcset = srcsetFor(src, file.width, images);
    return { width: file.width, height: file.height, srcset, srcsetWidth: srcset ? file.width : null };
  }
  const width = dimension(payload, 'width');
  const height = dimension(payload, 'height');
  const both = width !== null && height !== null;
  return { width: both ? width : null, height: both ? height : null, srcset: null, srcsetWidth: null };
}
