import { audioCard } from './audio';
import { bookmarkCard } from './bookmark';
import { buttonCard } from './button';
import { calloutCard } from './callout';
import { embedCard } from './embed';
import { fileCard } from './file';
import { galleryCard } from './gallery';
import { htmlCard } from './html';
import { imageCard } from './image';
import { markdownCard } from './markdown';
import { codeBlockCard, emailOnlyCard, horizontalRuleCard, paywallCard } from './simple';
import { toggleCard } from './toggle';
import { videoCard } from './video';
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
  ['gallery', galleryCard],
  ['bookmark', bookmarkCard],
  ['audio', audioCard],
  ['file', fileCard],
  ['video', videoCard],
]);
