import { bookmarkCard } from './bookmark';
import { buttonCard } from './button';
import { calloutCard } from './callout';
import { codeCard } from './code';
import { embedCard } from './embed';
import { galleryCard } from './gallery';
import { headerCard } from './header';
import { hrCard } from './hr';
import { htmlCard } from './html';
import { imageCard } from './image';
import { markdownCard } from './markdown';
import { audioCard, fileCard, videoCard } from './media';
import { paywallCard } from './paywall';
import { toggleCard } from './toggle';
import type { CardRenderer } from './types';

export type { CardContext, CardRenderer } from './types';

const CARDS: ReadonlyMap<string, CardRenderer> = new Map([
  ['html', htmlCard],
  ['markdown', markdownCard],
  ['card-markdown', markdownCard], // Ghost 1.x name, still found in migrated content
  ['image', imageCard],
  ['gallery', galleryCard],
  ['embed', embedCard],
  ['bookmark', bookmarkCard],
  ['code', codeCard],
  ['hr', hrCard],
  ['callout', calloutCard],
  ['toggle', toggleCard],
  ['button', buttonCard],
  ['header', headerCard],
  ['video', videoCard],
  ['audio', audioCard],
  ['file', fileCard],
  ['paywall', paywallCard],
]);

/** Unknown cards render nothing, as in Ghost. */
export function cardRenderer(name: string): CardRenderer | undefined {
  return CARDS.get(name);
}
