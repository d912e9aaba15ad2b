// The search vectors of migration 016 move from `posts` into a narrow table of their own, `post_search`,
// beside the few columns a search tests and sorts by (type, status, visibility, published_at). A search
// reads the row of every post it finds, to test it and to count it (an exact total): a row of `posts`
// is wide (some 45 columns, ~10 to a page at 100k posts), a row here is small (the body's vector is in
// TOAST, the title's in the row), so that reading 37,000 matches of a common word reads a fraction of
// the pages and columns (bench/README.md, "Search"). The API's queries join it to `posts` only where a
// filter or an order names a column kept there alone (lib/storage/sql/post-browse.ts).
//
// A trigger on `posts` keeps it in the writing transaction, as the one of 016 did: its vectors when the
// text, tags or authors change (the tag, author and language triggers of 016 set a post's ids to
// themselves for that), its other columns when they change; a deleted post's row goes with it.
export const postSearchTable = /* sql */ `
CREATE TABLE post_search (
  post_id      varchar(24) PRIMARY KEY REFERENCES posts(id) ON DELETE CASCADE,
  type         varchar(50) NOT NULL,
  status       varchar(50) NOT NULL,
  visibility   varchar(50) NOT NULL,
  published_at timestamptz(3),
  -- title and public tag names A, custom excerpt and author names B: small, kept in the row, it ranks
  head         tsvector NOT NULL,
  -- head and the body (D): what the index finds posts by, in TOAST for any real body
  search       tsvector NOT NULL
);

INSERT INTO post_search (post_id, type, status, visibility, published_at, head, search)
  SELECT id, type, status, visibility, published_at, coalesce(search_head, ''), coalesce(search, '') FROM posts;

DROP TRIGGER posts_search ON posts;
DROP FUNCTION pressroom_posts_search();
DROP INDEX posts_search;
ALTER TABLE posts DROP COLUMN search, DROP COLUMN search_head;

CREATE INDEX post_search_search ON post_search USING gin (search);

-- A post's vectors, made afresh.
CREATE FUNCTION pressroom_posts_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  config regconfig := pressroom_search_config();
  head tsvector := pressroom_post_search_head(config, NEW.title, NEW.custom_excerpt, NEW.tag_ids, NEW.author_ids);
  search tsvector := head || setweight(to_tsvector(config, left(coalesce(NEW.plaintext, ''), 200000)), 'D');
BEGIN
  INSERT INTO post_search AS s (post_id, type, status, visibility, published_at, head, search)
    VALUES (NEW.id, NEW.type, NEW.status, NEW.visibility, NEW.published_at, head, search)
    ON CONFLICT (post_id) DO UPDATE SET type = EXCLUDED.type, status = EXCLUDED.status, visibility = EXCLUDED.visibility,
      published_at = EXCLUDED.published_at, head = EXCLUDED.head, search = EXCLUDED.search;
  RETURN NULL;
END $$;
CREATE TRIGGER posts_search_text AFTER INSERT OR UPDATE OF title, custom_excerpt, plaintext, tag_ids, author_ids ON posts
  FOR EACH ROW EXECUTE FUNCTION pressroom_posts_search_text();

-- Its other columns: the vectors stay as they are (an update that leaves the indexed one is cheap).
CREATE FUNCTION pressroom_posts_search_columns() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE post_search SET type = NEW.type, status = NEW.status, visibility = NEW.visibility, published_at = NEW.published_at
    WHERE post_id = NEW.id AND (type, status, visibility, published_at) IS DISTINCT FROM (NEW.type, NEW.status, NEW.visibility, NEW.published_at);
  RETURN NULL;
END $$;
CREATE TRIGGER posts_search_columns AFTER UPDATE OF type, status, visibility, published_at ON posts
  FOR EACH ROW EXECUTE FUNCTION pressroom_posts_search_columns();

-- A new site language stems every post afresh. The rows of \`posts\` no longer change with it (their
-- vectors are here now), so the answers that depend on them are told here (migrations/014).
CREATE OR REPLACE FUNCTION pressroom_settings_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.key = o.key WHERE n.key = 'lang' AND o.value IS DISTINCT FROM n.value) THEN
    UPDATE posts p SET tag_ids = p.tag_ids;
    PERFORM pressroom_touch(ARRAY['any:posts', 'any:pages']);
  END IF;
  RETURN NULL;
END $$;

ANALYZE post_search;
`;
