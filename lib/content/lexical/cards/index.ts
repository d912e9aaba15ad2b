import { buttonCard } from './button';
import { calloutCard } from './callout';
import { embedCard } from './embed';
import { htmlCard } from './html';
import { imageCard } from './image';
import { markdownCard } from './markdown';
import { codeBlockCard, emailOnlyCard, horizontalRuleCard, paywallCard } from './simple';
import { toggleCard } from './toggle';
import type { LexicalCardRenderer } from './types';

export type { CardContext, CardOptions, LexicalCardRenderer } from './types';

/** The cards (decorator nodes) the reference's editor writes, by serialized type. */
export const LEXICAL_CARDS: ReadonlyMap<string, LexicalCardRenderer> = new Map([
  ['horizontalrule', horizontalRuleCard],
  ['paywall', paywallCard],
  ['email', emailOnlyCard],
  ['email-cta', emailOnlyCard],
  ['codeblock', codeBlockCard],
  ['html', htmlCard],
  ['markdown', markdownCard],
  ['callout', calloutCard],
  ['toggle', toggleCard],
  ['button', buttonCard],
  ['image', imageCard],
  ['embed', embedCard],
]);
