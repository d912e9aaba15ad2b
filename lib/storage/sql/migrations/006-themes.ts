// Uploaded themes: their files live in the themes FileStore under `<name>/`; this row is what lists them,
// and it is shared by every instance on the database. The active theme is the `active_theme` setting.
export const themes = /* sql */ `
CREATE TABLE themes (
  name        varchar(100) PRIMARY KEY,
  package     text NOT NULL,
  files       text NOT NULL,
  size        integer NOT NULL,
  created_at  timestamptz(3) NOT NULL,
  updated_at  timestamptz(3) NOT NULL
);
`;
