import type { HeadingIds } from '../heading-ids';
import type { Payload } from '../../types';

export interface CardContext {
  /** Shared with the post's headings so ids stay unique across sections and cards. */
  headingIds: HeadingIds;
}

/** Returns '' when the payload lacks what the card needs, as Ghost renders such cards as nothing. */
export type CardRenderer = (payload: Payload, context: CardContext) => string;
