// Revisions of posts and pages (lib/resources/revisions): what a post's title and body were at a save,
// a publish or a restore, and who made it. A revision outlives neither its post (ON DELETE CASCADE) nor
// the bound of revisions kept per post; it does outlive its author (no foreign key: a staff user or an
// integration, told apart by author_type), whose name is then unknown. `seq` orders revisions made in
// one millisecond, which created_at and ids made by other processes cannot.
export const postRevisions = /* sql */ `
CREATE TABLE post_revisions (
  id             varchar(24) PRIMARY KEY,
  seq            bigint GENERATED ALWAYS AS IDENTITY,
  post_id        varchar(24) NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  title          text NOT NULL,
  mobiledoc      text,
  html           text,
  feature_image  text,
  custom_excerpt text,
  author_id      varchar(24) NOT NULL,
  author_type    varchar(20) NOT NULL CHECK (author_type IN ('user', 'integration')),
  reason         varchar(50) NOT NULL,
  created_at     timestamptz(3) NOT NULL
);
CREATE INDEX post_revisions_post ON post_revisions (post_id, seq DESC);
CREATE INDEX post_revisions_post_author ON post_revisions (post_id, author_id, seq DESC);
`;
