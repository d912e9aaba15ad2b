import type { CardRenderer } from './types';

// Ghost's members-only boundary: everything after it is cut from public (free) renderings.
export const paywallCard: CardRenderer = () => '<!--members-only-->';
