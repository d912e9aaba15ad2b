import type { LexicalHeadingIds } from '../heading-ids';
import type { LexicalNode } from '../types';

/** Rendering options of one document, the subset of the reference's renderer options pressroom uses. */
export interface CardOptions {
  /** The site's URL, to tell its own images (`<site>/content/images/…`) from others. */
  siteUrl?: string;
  /** Widths resized copies of the site's images exist in (the reference's `imageOptimization.contentImageSizes`); none → no srcset. */
  imageWidths?: readonly number[];
  /** Whether resized copies of this site image exist (the reference's `canTransformImage`); default yes. */
  canTransformImage?: (src: string) => boolean;
  /** Site images wider than this were scaled down on upload, so their width and height are shown scaled (`imageOptimization.defaultMaxWidth`). */
  maxImageWidth?: number;
}

export interface CardContext extends CardOptions {
  headingIds: LexicalHeadingIds;
}

/** The card's contribution to the document's html ('' renders nothing). */
export type LexicalCardRenderer = (node: LexicalNode, context: CardContext) => string;
