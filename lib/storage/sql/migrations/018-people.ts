// Invitations, password resets and the activity log (issue 35). Tokens are kept only as SHA-256
// hashes, so a copy of the database invites and resets no one; each row dies at `expires_at`.
// `actions` is the reference's table of the same name: who (a staff user or an integration) added,
// edited or deleted what, written in the transaction of the change; `resource_id` is a theme's name
// for themes and null for settings, hence wider than an id.
export const people = /* sql */ `
CREATE TABLE invites (
  id          varchar(24) PRIMARY KEY,
  role_id     varchar(24) NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  status      varchar(50) NOT NULL,
  token_hash  varchar(64) NOT NULL UNIQUE,
  email       varchar(191) NOT NULL,
  expires_at  timestamptz(3) NOT NULL,
  created_by  varchar(24) NOT NULL,
  created_at  timestamptz(3) NOT NULL,
  updated_at  timestamptz(3) NOT NULL
);
CREATE UNIQUE INDEX invites_email ON invites (lower(email));
CREATE INDEX invites_expires ON invites (expires_at);

CREATE TABLE password_resets (
  token_hash  varchar(64) PRIMARY KEY,
  user_id     varchar(24) NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at  timestamptz(3) NOT NULL,
  created_at  timestamptz(3) NOT NULL
);
CREATE INDEX password_resets_user ON password_resets (user_id);
CREATE INDEX password_resets_expires ON password_resets (expires_at);

CREATE TABLE actions (
  id             varchar(24) PRIMARY KEY,
  resource_id    varchar(191),
  resource_type  varchar(50) NOT NULL,
  actor_id       varchar(24) NOT NULL,
  actor_type     varchar(50) NOT NULL,
  event          varchar(50) NOT NULL,
  context        text,
  created_at     timestamptz(3) NOT NULL
);
CREATE INDEX actions_created ON actions (created_at DESC, id DESC);
CREATE INDEX actions_resource ON actions (resource_id);
CREATE INDEX actions_actor ON actions (actor_id);
`;
