// What a Ghost export carries that pressroom has no field for, kept so that an import loses nothing and
// an export gives it back: a lexical post's source (pressroom edits mobiledoc; the post is served from
// its html, kept in an html card), and the feature image's alt text and caption (Ghost's posts_meta).
export const ghostImport = /* sql */ `
ALTER TABLE posts
  ADD COLUMN lexical               text,
  ADD COLUMN feature_image_alt     varchar(2000),
  ADD COLUMN feature_image_caption text;
`;
