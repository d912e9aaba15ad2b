/** The document of an empty post as the reference's editor saves it: one blank paragraph. */
export const EMPTY_LEXICAL =
  '{"root":{"children":[{"children":[],"direction":null,"format":"","indent":0,"type":"paragraph","version":1}],"direction":null,"format":"","indent":0,"type":"root","version":1}}';
