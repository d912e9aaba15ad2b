// Staff sessions. Only a hash of the cookie's token is kept, so a copy of the database logs no one in;
// `origin` is where the session was created, for the CSRF check of every later request.
export const sessions = /* sql */ `
CREATE TABLE sessions (
  id           varchar(24) PRIMARY KEY,
  token_hash   varchar(64) NOT NULL UNIQUE,
  user_id      varchar(24) NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  origin       varchar(2000) NOT NULL,
  created_at   timestamptz(3) NOT NULL,
  last_seen_at timestamptz(3) NOT NULL,
  expires_at   timestamptz(3) NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expires ON sessions (expires_at);
`;
