import type { HeadingIds } from '../heading-ids';
import type { Payload } from '../../types';
import type { ResponsiveImages } from '../../responsive-images';

export interface CardContext {
  /** Shared with the post's headings so ids stay unique across sections and cards. */
  headingIds: HeadingIds;
  /** Sizes and resized copies of the document's images, when the caller gathered them. */
  images?: ResponsiveImages;
}

/** Returns '' when the payload lacks what the card needs, as Ghost renders such cards as nothing. */
export type CardRenderer = (payload: Payload, context: CardContext) => string;
