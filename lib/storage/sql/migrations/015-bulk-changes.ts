// A statement that changes more than 50 posts at once (an import's batch of 200, a tag taken off all its
// posts) records one key, `*` (lib/read-model/keys.ts EVERYTHING: every instance forgets all it keeps),
// instead of working out each post's keys and lists: those cost a fifth of a 10,000-post import
// (bench/README.md, migrate), and a change to that many posts touches nearly every list anyway.
// Otherwise as migrations/014.
export const bulkChanges = /* sql */ `
CREATE OR REPLACE FUNCTION pressroom_posts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text[];
  changed bigint;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT count(*) INTO changed FROM old_rows;
  ELSE
    SELECT count(*) INTO changed FROM new_rows;
  END IF;
  IF changed > 50 THEN
    touched := ARRAY['*'];
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT k) INTO touched FROM new_rows n,
      LATERAL unnest(ARRAY['post:' || n.id, 'any:' || n.type || 's'] || pressroom_post_lists(n.type, n.tag_ids, n.author_ids)) k
    WHERE n.status = 'published';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT k) INTO touched FROM old_rows o,
      LATERAL unnest(ARRAY['post:' || o.id, 'any:' || o.type || 's'] || pressroom_post_lists(o.type, o.tag_ids, o.author_ids)) k
    WHERE o.status = 'published';
  ELSE
    SELECT array_agg(DISTINCT k) INTO touched FROM old_rows o JOIN new_rows n ON n.id = o.id,
      LATERAL unnest(ARRAY['post:' || n.id, 'any:' || o.type || 's', 'any:' || n.type || 's']
        || CASE WHEN (o.status, o.type, o.published_at, o.featured, o.visibility, o.tag_ids, o.author_ids)
                     IS DISTINCT FROM (n.status, n.type, n.published_at, n.featured, n.visibility, n.tag_ids, n.author_ids)
                THEN pressroom_post_lists(o.type, o.tag_ids, o.author_ids) || pressroom_post_lists(n.type, n.tag_ids, n.author_ids)
                ELSE '{}'::text[] END) k
    WHERE (o.status = 'published' OR n.status = 'published') AND o IS DISTINCT FROM n;
  END IF;
  PERFORM pressroom_touch(touched);
  RETURN NULL;
END $$;
`;
