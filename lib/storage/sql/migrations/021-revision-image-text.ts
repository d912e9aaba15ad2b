// Revisions keep the feature image's alt text and caption (reference §13: a revision carries
// feature_image_alt and feature_image_caption), beside the feature image they describe.
// Revisions recorded before this migration are given their post's current values, which are the values
// the post had when each was recorded: before this migration nothing but a Ghost import wrote these two
// columns of posts (migrations/012), and an import writes them when it creates the post, before any of its
// revisions (v5 writes of them, lib/resources/posts/fields.ts, ship with this migration).
export const revisionImageText = /* sql */ `
ALTER TABLE post_revisions
  ADD COLUMN feature_image_alt     text,
  ADD COLUMN feature_image_caption text;

UPDATE post_revisions r
   SET feature_image_alt = p.feature_image_alt, feature_image_caption = p.feature_image_caption
  FROM posts p
 WHERE p.id = r.post_id AND (p.feature_image_alt IS NOT NULL OR p.feature_image_caption IS NOT NULL);
`;
