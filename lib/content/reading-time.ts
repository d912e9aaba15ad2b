import { htmlToPlaintext } from './plaintext';
import { countWords } from './word-count';

const WORDS_PER_MINUTE = 275;
const IMG_TAG = /<img[\s/>]/gi;

/** Ghost's image allowance: 12 s for the first image, one second less for each next, never under 3 s. */
function imageSeconds(images: number): number {
  const tapering = Math.min(images, 10); // 12, 11, … 3
  return tapering * 12 - (tapering * (tapering - 1)) / 2 + (images - tapering) * 3;
}

/**
 * Whole minutes: words / 275 per minute plus the image allowance (the feature image counts as the
 * first image), rounded to the nearest minute as Ghost does. Deviation from Ghost's raw figure:
 * content with any words or images reads at least 1 minute (Ghost's API can say 0 and leaves its
 * themes to show "1 min read"); an empty post reads 0.
 * Words are counted on the plaintext (so script/style/markup never count) with countWords' rule.
 */
export function readingTime(input: { html: string; featureImage: string | null | undefined; plaintext?: string }): number {
  const html = input.html ?? '';
  // a caller that has just made the plaintext of this html passes it, to spare a second parse
  const words = countWords(input.plaintext ?? htmlToPlaintext(html));
  const images = (html.match(IMG_TAG)?.length ?? 0) + (input.featureImage ? 1 : 0);
  if (words === 0 && images === 0) return 0;
  const seconds = (words / WORDS_PER_MINUTE) * 60 + imageSeconds(images);
  return Math.max(1, Math.round(seconds / 60));
}
