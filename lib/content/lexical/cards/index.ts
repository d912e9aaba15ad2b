import { audioCard } from './audio';
import { bookmarkCard } from './bookmark';
import { buttonCard } from './button';
import { callToActionCard } from './call-to-action';
import { calloutCard } from './callout';
import { embedCard } from './embed';
import { fileCard } from './file';
import { galleryCard } from './gallery';
import { headerCard } from './header';
import { htmlCard } from './html';
import { imageCard } from './image';
import { markdownCard } from './markdown';
import { productCard } from './product';
import { codeBlockCard, emailOnlyCard, horizontalRuleCard, paywallCard } from './simple';
import { signupCard } from './signup';
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
  ['header', headerCard],
  ['product', productCard],
  ['signup', signupCard],
  ['call-to-action', callToActionCard],
]);
