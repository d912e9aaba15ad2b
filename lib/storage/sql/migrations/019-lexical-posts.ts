// Lexical as a post's own format (README, "Content formats"). `posts.lexical` exists since 012, where an
// import kept a lexical post's source beside a stand-in mobiledoc: one html card holding the post's html
// (the "carrier"). Now a post is mobiledoc or lexical, never both (the CHECK), so:
// - a post still as imported (its mobiledoc is exactly the carrier of its html, as lib/ghost/records.ts
//   wrote it) becomes lexical again: the lexical was kept whole, so nothing is converted. Its html stays
//   the file's (what readers saw), as for imported mobiledoc, until the next edit renders it anew;
// - a post whose body was edited since (its mobiledoc is no longer the carrier) stays mobiledoc, and the
//   lexical it came from is cleared: that older body has been shown by nothing since the edit (an
//   export already wrote the mobiledoc), and the edit's revisions keep the body it replaced.
// Revisions keep a lexical post's body as lexical.
// `editor_default_format` is the format the admin client writes new posts in: `lexical` on a new site,
// as the reference; a site that existed before this migration (set up, with staff or posts) keeps
// `mobiledoc`, which is what its editors and its v2/v3 integrations have been writing and reading.
export const lexicalPosts = /* sql */ `
UPDATE posts SET mobiledoc = NULL
  WHERE lexical IS NOT NULL AND html IS NOT NULL
    AND mobiledoc = '{"version":"0.3.1","ghostVersion":"4.0","atoms":[],"cards":[["html",{"html":'
      || to_json(html)::text || '}]],"markups":[],"sections":[[10,0]]}';
UPDATE posts SET lexical = NULL WHERE lexical IS NOT NULL AND mobiledoc IS NOT NULL;
ALTER TABLE posts ADD CONSTRAINT posts_one_body_format CHECK (mobiledoc IS NULL OR lexical IS NULL);

ALTER TABLE post_revisions ADD COLUMN lexical text;

INSERT INTO settings (key, value, updated_at)
  SELECT 'editor_default_format',
         CASE WHEN EXISTS (SELECT 1 FROM settings WHERE key = 'setup_done' AND value = 'true') OR EXISTS (SELECT 1 FROM users)
              OR EXISTS (SELECT 1 FROM posts)
              THEN 'mobiledoc' ELSE 'lexical' END,
         now()
  ON CONFLICT (key) DO NOTHING;
`;
