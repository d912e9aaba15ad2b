import type { CardRenderer } from './types';

export const hrCard: CardRenderer = () => '<hr>';
