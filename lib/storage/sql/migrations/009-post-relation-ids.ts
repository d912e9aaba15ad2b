// Each post keeps the ids of its tags and of its authors, in order, beside the link rows. A filter on
// tags or authors then tests the row a browse already reads, where it would otherwise look up the link
// table once per post it visits (the cost of a tag-and-author filter at 100k posts: ~1,200 index probes).
// The storage layer keeps both in step in the statements that write links (post-writes.ts, tag delete,
// author reassignment); test/robustness/integrity.ts checks that they agree.
export const postRelationIds = /* sql */ `
ALTER TABLE posts
  ADD COLUMN tag_ids    varchar(24)[] NOT NULL DEFAULT '{}',
  ADD COLUMN author_ids varchar(24)[] NOT NULL DEFAULT '{}';
UPDATE posts p SET
  tag_ids    = ARRAY(SELECT pt.tag_id FROM posts_tags pt WHERE pt.post_id = p.id ORDER BY pt.sort_order),
  author_ids = ARRAY(SELECT pa.author_id FROM posts_authors pa WHERE pa.post_id = p.id ORDER BY pa.sort_order);
`;
