// Scripts written without spaces between words: each character counts as a word, as Ghost does
// (one Chinese character is roughly one word's reading effort). Hangul is written with spaces, so
// Korean counts by space-separated runs like Latin text (Ghost counts each syllable; we don't).
const CHARACTER_WORDS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
// Apostrophes and hyphens inside a run keep "don't" and "e-mail" one word.
const RUN = /[\p{L}\p{N}\p{M}_'’-]+/gu;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Words in plain text; punctuation and symbols alone are not words. */
export function countWords(text: string): number {
  let count = 0;
  for (const [run] of text.matchAll(RUN)) {
    if (!LETTER_OR_DIGIT.test(run)) continue;
    const characters = run.match(CHARACTER_WORDS);
    if (!characters) {
      count++;
      continue;
    }
    count += characters.length;
    // Latin words glued to CJK text ("使用React框架") still count once each.
    for (const rest of run.split(CHARACTER_WORDS)) if (LETTER_OR_DIGIT.test(rest)) count++;
  }
  return count;
}
