// Full-text search of posts and pages (lib/storage/sql/post-search.ts reads it). Each post keeps a
// `tsvector` of what a reader may search by, weighted by where a word stands: title and public tag
// names A, custom excerpt and author names B, the plaintext body D; the GIN index finds posts by it.
// Beside it `search_head` holds the A and B part alone: small enough to stay in the row, it ranks the
// matches without reading each one's whole vector from TOAST (the cost of a search that finds many),
// and it is what the Content API matches a post whose body its visibility hides by.
//
// It is written by a trigger in the writing transaction, whoever writes (the API, an import, a SQL
// client), so the index is current at commit: a post's own columns on insert and update, its posts when
// a tag or an author is renamed, every post when the site's language changes. Words are stemmed by a
// text search configuration chosen from the `lang` setting (`search_configs`; `simple` where PostgreSQL
// has no stemmer for it), each a copy of the built-in one that first folds accents (unaccent), so that
// `creme` finds "crème" and a headline is made from the stored text as it is.
//
// The body is indexed up to its first 200,000 characters: a tsvector holds at most 1 MB.
//
// unaccent is a database's, not a schema's: it goes into public where it may, so that sites kept in other
// schemas of one database share it and dropping one site's schema (CASCADE) cannot take it from the rest.
export const postSearch = /* sql */ `
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'unaccent') THEN
    IF EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'public') AND has_schema_privilege('public', 'CREATE') THEN
      CREATE EXTENSION unaccent SCHEMA public;
    ELSE
      CREATE EXTENSION unaccent;
    END IF;
  END IF;
END $$;

CREATE TABLE search_configs (
  locale text PRIMARY KEY,
  config regconfig NOT NULL
);

DO $$
DECLARE
  language record;
  stemmer text;
  folding text := (SELECT d.oid::regdictionary::text FROM pg_ts_dict d JOIN pg_extension e ON e.extname = 'unaccent'
                   WHERE d.dictname = 'unaccent' AND d.dictnamespace = e.extnamespace);
BEGIN
  FOR language IN
    SELECT * FROM (VALUES ('', 'simple'), ('ar', 'arabic'), ('hy', 'armenian'), ('eu', 'basque'), ('ca', 'catalan'),
      ('da', 'danish'), ('nl', 'dutch'), ('en', 'english'), ('et', 'estonian'), ('fi', 'finnish'), ('fr', 'french'),
      ('de', 'german'), ('el', 'greek'), ('hi', 'hindi'), ('hu', 'hungarian'), ('id', 'indonesian'), ('ga', 'irish'),
      ('it', 'italian'), ('lt', 'lithuanian'), ('ne', 'nepali'), ('no', 'norwegian'), ('nb', 'norwegian'),
      ('nn', 'norwegian'), ('pt', 'portuguese'), ('ro', 'romanian'), ('ru', 'russian'), ('sr', 'serbian'),
      ('es', 'spanish'), ('sv', 'swedish'), ('ta', 'tamil'), ('tr', 'turkish'), ('yi', 'yiddish')) AS l(locale, name)
    WHERE EXISTS (SELECT 1 FROM pg_ts_config c WHERE c.cfgname = l.name AND c.cfgnamespace = 'pg_catalog'::regnamespace)
  LOOP
    IF NOT EXISTS (
      SELECT 1 FROM pg_ts_config c WHERE c.cfgname = 'pressroom_' || language.name AND c.cfgnamespace = current_schema()::regnamespace
    ) THEN
      SELECT d.oid::regdictionary::text INTO stemmer FROM pg_ts_config c
        JOIN pg_ts_config_map m ON m.mapcfg = c.oid AND m.maptokentype = 2 AND m.mapseqno = 1
        JOIN pg_ts_dict d ON d.oid = m.mapdict
        WHERE c.cfgname = language.name AND c.cfgnamespace = 'pg_catalog'::regnamespace;
      EXECUTE format('CREATE TEXT SEARCH CONFIGURATION %I (COPY = pg_catalog.%I)', 'pressroom_' || language.name, language.name);
      EXECUTE format('ALTER TEXT SEARCH CONFIGURATION %I ALTER MAPPING FOR hword, hword_part, word WITH %s, %s',
        'pressroom_' || language.name, folding, stemmer);
    END IF;
    INSERT INTO search_configs (locale, config)
      VALUES (language.locale, (SELECT c.oid FROM pg_ts_config c WHERE c.cfgname = 'pressroom_' || language.name
                                AND c.cfgnamespace = current_schema()::regnamespace)::regconfig);
  END LOOP;
END $$;

-- The configuration of the site's language (\`lang\`: "en", "pt-BR"), \`simple\` for one without a stemmer.
CREATE FUNCTION pressroom_search_config() RETURNS regconfig LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT s.config FROM search_configs s
      WHERE s.locale <> '' AND s.locale = lower(split_part(replace((SELECT value FROM settings WHERE key = 'lang'), '_', '-'), '-', 1))),
    (SELECT s.config FROM search_configs s WHERE s.locale = ''))
$$;

-- What a post shows besides its body: title and public tag names A, custom excerpt and author names B.
CREATE FUNCTION pressroom_post_search_head(config regconfig, title text, excerpt text, tag_ids varchar[], author_ids varchar[]) RETURNS tsvector
LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector(config, coalesce(title, '')), 'A')
      || setweight(to_tsvector(config, coalesce((SELECT string_agg(t.name, ' ') FROM tags t WHERE t.id = ANY(tag_ids) AND t.visibility = 'public'), '')), 'A')
      || setweight(to_tsvector(config, coalesce(excerpt, '')), 'B')
      || setweight(to_tsvector(config, coalesce((SELECT string_agg(u.name, ' ') FROM users u WHERE u.id = ANY(author_ids)), '')), 'B')
$$;

ALTER TABLE posts ADD COLUMN search tsvector, ADD COLUMN search_head tsvector;

CREATE FUNCTION pressroom_posts_search() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  config regconfig := pressroom_search_config();
BEGIN
  NEW.search_head := pressroom_post_search_head(config, NEW.title, NEW.custom_excerpt, NEW.tag_ids, NEW.author_ids);
  NEW.search := NEW.search_head || setweight(to_tsvector(config, left(coalesce(NEW.plaintext, ''), 200000)), 'D');
  RETURN NEW;
END $$;
CREATE TRIGGER posts_search BEFORE INSERT OR UPDATE OF title, custom_excerpt, plaintext, tag_ids, author_ids ON posts
  FOR EACH ROW EXECUTE FUNCTION pressroom_posts_search();

-- A renamed (or hidden) tag, a renamed author: their posts are indexed again (by setting their ids to
-- themselves, which fires the trigger above and records their change for the read model).
CREATE FUNCTION pressroom_tags_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE posts p SET tag_ids = p.tag_ids
    WHERE p.id IN (SELECT pt.post_id FROM posts_tags pt JOIN new_rows n ON n.id = pt.tag_id JOIN old_rows o ON o.id = n.id
                   WHERE (o.name, o.visibility) IS DISTINCT FROM (n.name, n.visibility));
  RETURN NULL;
END $$;
CREATE TRIGGER tags_search AFTER UPDATE ON tags REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pressroom_tags_search();

CREATE FUNCTION pressroom_users_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE posts p SET author_ids = p.author_ids
    WHERE p.id IN (SELECT pa.post_id FROM posts_authors pa JOIN new_rows n ON n.id = pa.author_id JOIN old_rows o ON o.id = n.id
                   WHERE o.name IS DISTINCT FROM n.name);
  RETURN NULL;
END $$;
CREATE TRIGGER users_search AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pressroom_users_search();

CREATE FUNCTION pressroom_settings_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.key = o.key WHERE n.key = 'lang' AND o.value IS DISTINCT FROM n.value) THEN
    UPDATE posts p SET tag_ids = p.tag_ids;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER settings_search AFTER UPDATE ON settings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pressroom_settings_search();

UPDATE posts SET tag_ids = tag_ids;
CREATE INDEX posts_search ON posts USING gin (search);
`;
