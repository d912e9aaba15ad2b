// Which public content each committed change touched, decided in the database: triggers on the tables
// the Content API reads record the keys a change touched (lib/read-model/keys.ts names them) in the
// writing transaction, whoever wrote it. The first change of a transaction moves the generation on;
// the row lock on `content_generation` makes transactions take generations in commit order, so an
// instance that has read generation g has seen every change up to g and asks for the keys after it.
//
// Statement-level triggers with transition tables: a bulk write (an import of 10,000 posts) costs one
// call, not one per row.
export const contentChanges = /* sql */ `
CREATE TABLE content_changes (
  generation bigint NOT NULL,
  keys       text[] NOT NULL
);
CREATE INDEX content_changes_generation ON content_changes (generation);

-- Records keys for the current transaction; the first call of a transaction moves the generation on and
-- announces it (PostgreSQL delivers the notification only if and when the transaction commits).
CREATE FUNCTION pressroom_touch(touched text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  current_generation bigint := nullif(current_setting('pressroom.generation', true), '')::bigint;
BEGIN
  IF touched IS NULL OR cardinality(touched) = 0 THEN
    RETURN;
  END IF;
  IF current_generation IS NULL THEN
    UPDATE content_generation SET value = value + 1 WHERE id = 1 RETURNING value INTO current_generation;
    PERFORM set_config('pressroom.generation', current_generation::text, true);
    PERFORM pg_notify('pressroom_changes', current_generation::text);
    -- an instance that fell further behind than this forgets everything instead (read-model/follower.ts)
    IF current_generation % 100 = 0 THEN
      DELETE FROM content_changes WHERE generation < current_generation - 5000;
    END IF;
  END IF;
  INSERT INTO content_changes (generation, keys) VALUES (current_generation, touched);
END $$;

-- The lists a post of this kind with these tags and authors is in: every list of its kind, and those
-- filtered by one of its tags or authors (keys.ts: "list:posts:tag:<slug>").
CREATE FUNCTION pressroom_post_lists(kind text, tag_ids varchar[], author_ids varchar[]) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT ARRAY['list:' || kind || 's']
    || coalesce((SELECT array_agg('list:' || kind || 's:tag:' || lower(t.slug)) FROM tags t WHERE t.id = ANY(tag_ids)), '{}')
    || coalesce((SELECT array_agg('list:' || kind || 's:author:' || lower(u.slug)) FROM users u WHERE u.id = ANY(author_ids)), '{}')
$$;

-- Posts and pages: a change to one that is or was published touches it, the type's "any:" key, which
-- answers depending on any column use (a filter on a title, an order by updated_at), and, when it can
-- move the post into or out of a list in its default order or filtered by tag, author, featured or
-- visibility, or move it there, the lists it was and is in. A new title or excerpt moves no such list.
CREATE FUNCTION pressroom_posts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
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
CREATE TRIGGER posts_changed_insert AFTER INSERT ON posts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pressroom_posts_changed();
CREATE TRIGGER posts_changed_update AFTER UPDATE ON posts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pressroom_posts_changed();
CREATE TRIGGER posts_changed_delete AFTER DELETE ON posts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pressroom_posts_changed();

-- Tags: every column is public, and filters on posts may name any of them ("any:"). A new tag is on no
-- post yet, so only the tag lists may show it; a changed slug or visibility moves posts in and out of
-- the lists filtered by it, under the old slug and the new.
CREATE FUNCTION pressroom_tags_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT CASE WHEN count(*) > 0 THEN ARRAY['list:tags'] END INTO touched FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT k) INTO touched FROM old_rows o,
      LATERAL unnest(ARRAY['tag:' || o.id, 'list:tags', 'list:posts', 'list:pages', 'any:posts', 'any:pages',
        'list:posts:tag:' || lower(o.slug), 'list:pages:tag:' || lower(o.slug)]) k;
  ELSE
    SELECT array_agg(DISTINCT k) INTO touched FROM old_rows o JOIN new_rows n ON n.id = o.id,
      LATERAL unnest(ARRAY['tag:' || n.id, 'list:tags', 'any:posts', 'any:pages']
        || CASE WHEN o.slug IS DISTINCT FROM n.slug OR o.visibility IS DISTINCT FROM n.visibility
                THEN ARRAY['list:posts', 'list:pages', 'list:posts:tag:' || lower(o.slug), 'list:pages:tag:' || lower(o.slug),
                           'list:posts:tag:' || lower(n.slug), 'list:pages:tag:' || lower(n.slug)]
                ELSE '{}'::text[] END) k
    WHERE o IS DISTINCT FROM n;
  END IF;
  PERFORM pressroom_touch(touched);
  RETURN NULL;
END $$;
CREATE TRIGGER tags_changed_insert AFTER INSERT ON tags REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pressroom_tags_changed();
CREATE TRIGGER tags_changed_update AFTER UPDATE ON tags REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pressroom_tags_changed();
CREATE TRIGGER tags_changed_delete AFTER DELETE ON tags REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pressroom_tags_changed();

-- Users: only the columns the Content API shows of an author count (a sign-in's last_seen does not).
-- A new user has no published post yet, so no answer can show them.
CREATE FUNCTION pressroom_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT k) INTO touched FROM old_rows o,
      LATERAL unnest(ARRAY['author:' || o.id, 'list:authors', 'list:posts', 'list:pages', 'any:posts', 'any:pages',
        'list:posts:author:' || lower(o.slug), 'list:pages:author:' || lower(o.slug)]) k;
  ELSE
    SELECT array_agg(DISTINCT k) INTO touched FROM old_rows o JOIN new_rows n ON n.id = o.id,
      LATERAL unnest(ARRAY['author:' || n.id, 'list:authors', 'any:posts', 'any:pages']
        || CASE WHEN o.slug IS DISTINCT FROM n.slug
                THEN ARRAY['list:posts', 'list:pages', 'list:posts:author:' || lower(o.slug), 'list:pages:author:' || lower(o.slug),
                           'list:posts:author:' || lower(n.slug), 'list:pages:author:' || lower(n.slug)]
                ELSE '{}'::text[] END) k
    WHERE (o.name, o.slug, o.profile_image, o.cover_image, o.bio, o.website, o.location, o.facebook, o.twitter, o.meta_title, o.meta_description)
          IS DISTINCT FROM (n.name, n.slug, n.profile_image, n.cover_image, n.bio, n.website, n.location, n.facebook, n.twitter, n.meta_title, n.meta_description);
  END IF;
  PERFORM pressroom_touch(touched);
  RETURN NULL;
END $$;
CREATE TRIGGER users_changed_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pressroom_users_changed();
CREATE TRIGGER users_changed_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pressroom_users_changed();

-- Settings: the Content API shows most of them, and they change rarely.
CREATE FUNCTION pressroom_settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pressroom_touch(ARRAY['settings']);
  RETURN NULL;
END $$;
CREATE TRIGGER settings_changed AFTER INSERT OR UPDATE OR DELETE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION pressroom_settings_changed();
`;
