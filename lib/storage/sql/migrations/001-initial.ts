// The first schema. Timestamps are written by the application (millisecond precision) so that
// `updated_at` collision checks compare exactly what clients were sent.
export const initial = /* sql */ `
CREATE TABLE roles (
  id           varchar(24) PRIMARY KEY,
  name         varchar(50) NOT NULL UNIQUE,
  description  varchar(2000),
  created_at   timestamptz(3) NOT NULL,
  updated_at   timestamptz(3) NOT NULL
);

CREATE TABLE users (
  id               varchar(24) PRIMARY KEY,
  name             varchar(191) NOT NULL,
  slug             varchar(191) NOT NULL UNIQUE,
  password_hash    varchar(255) NOT NULL,
  email            varchar(191) NOT NULL,
  profile_image    varchar(2000),
  cover_image      varchar(2000),
  bio              text,
  website          varchar(2000),
  location         text,
  facebook         varchar(2000),
  twitter          varchar(2000),
  accessibility    text,
  status           varchar(50) NOT NULL DEFAULT 'active',
  locale           varchar(6),
  visibility       varchar(50) NOT NULL DEFAULT 'public',
  meta_title       varchar(2000),
  meta_description varchar(2000),
  tour             text,
  last_seen        timestamptz(3),
  created_at       timestamptz(3) NOT NULL,
  updated_at       timestamptz(3) NOT NULL
);
CREATE UNIQUE INDEX users_email_lower ON users (lower(email));

CREATE TABLE roles_users (
  role_id  varchar(24) NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  user_id  varchar(24) NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, role_id)
);

CREATE TABLE tags (
  id                  varchar(24) PRIMARY KEY,
  name                varchar(191) NOT NULL,
  slug                varchar(191) NOT NULL UNIQUE,
  description         text,
  feature_image       varchar(2000),
  parent_id           varchar(24) REFERENCES tags(id) ON DELETE SET NULL,
  visibility          varchar(50) NOT NULL DEFAULT 'public',
  og_image            varchar(2000),
  og_title            varchar(300),
  og_description      varchar(500),
  twitter_image       varchar(2000),
  twitter_title       varchar(300),
  twitter_description varchar(500),
  meta_title          varchar(2000),
  meta_description    varchar(2000),
  codeinjection_head  text,
  codeinjection_foot  text,
  canonical_url       varchar(2000),
  accent_color        varchar(50),
  created_at          timestamptz(3) NOT NULL,
  updated_at          timestamptz(3) NOT NULL
);
CREATE UNIQUE INDEX tags_name_lower ON tags (lower(name));

CREATE TABLE posts (
  id                        varchar(24) PRIMARY KEY,
  uuid                      uuid NOT NULL UNIQUE,
  type                      varchar(50) NOT NULL DEFAULT 'post',
  title                     varchar(2000) NOT NULL,
  slug                      varchar(191) NOT NULL UNIQUE,
  slug_customised           boolean NOT NULL DEFAULT false,
  mobiledoc                 text,
  html                      text,
  plaintext                 text,
  comment_id                varchar(50),
  feature_image             varchar(2000),
  featured                  boolean NOT NULL DEFAULT false,
  status                    varchar(50) NOT NULL DEFAULT 'draft',
  visibility                varchar(50) NOT NULL DEFAULT 'public',
  reading_time              integer NOT NULL DEFAULT 0,
  custom_excerpt            varchar(2000),
  codeinjection_head        text,
  codeinjection_foot        text,
  custom_template           varchar(100),
  canonical_url             text,
  og_image                  varchar(2000),
  og_title                  varchar(300),
  og_description            varchar(500),
  twitter_image             varchar(2000),
  twitter_title             varchar(300),
  twitter_description       varchar(500),
  meta_title                varchar(2000),
  meta_description          varchar(2000),
  email_subject             varchar(300),
  send_email_when_published boolean NOT NULL DEFAULT false,
  -- denormalised first relations: kept by the storage layer so that primary_tag / primary_author
  -- filters and the Content API's default shapes need no extra join
  primary_tag_id            varchar(24) REFERENCES tags(id) ON DELETE SET NULL,
  primary_author_id         varchar(24) REFERENCES users(id) ON DELETE SET NULL,
  created_at                timestamptz(3) NOT NULL,
  created_by                varchar(24) NOT NULL,
  updated_at                timestamptz(3) NOT NULL,
  updated_by                varchar(24) NOT NULL,
  published_at              timestamptz(3),
  published_by              varchar(24)
);
CREATE INDEX posts_type_status_published ON posts (type, status, published_at DESC, id DESC);
CREATE INDEX posts_type_title ON posts (type, title, id);
CREATE INDEX posts_type_updated ON posts (type, updated_at DESC, id DESC);
CREATE INDEX posts_primary_tag ON posts (primary_tag_id);
CREATE INDEX posts_primary_author ON posts (primary_author_id);

CREATE TABLE posts_tags (
  post_id    varchar(24) NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  tag_id     varchar(24) NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
  sort_order integer NOT NULL DEFAULT 0,
  PRIMARY KEY (post_id, tag_id)
);
CREATE INDEX posts_tags_tag ON posts_tags (tag_id, post_id);

CREATE TABLE posts_authors (
  post_id    varchar(24) NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  author_id  varchar(24) NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  sort_order integer NOT NULL DEFAULT 0,
  PRIMARY KEY (post_id, author_id)
);
CREATE INDEX posts_authors_author ON posts_authors (author_id, post_id);

CREATE TABLE integrations (
  id          varchar(24) PRIMARY KEY,
  name        varchar(191) NOT NULL,
  slug        varchar(191) NOT NULL UNIQUE,
  type        varchar(50) NOT NULL DEFAULT 'custom',
  description varchar(2000),
  icon_image  varchar(2000),
  created_at  timestamptz(3) NOT NULL,
  updated_at  timestamptz(3) NOT NULL
);

CREATE TABLE api_keys (
  id             varchar(24) PRIMARY KEY,
  type           varchar(50) NOT NULL,
  secret         varchar(191) NOT NULL UNIQUE,
  integration_id varchar(24) NOT NULL REFERENCES integrations(id) ON DELETE CASCADE,
  last_seen_at   timestamptz(3),
  created_at     timestamptz(3) NOT NULL,
  updated_at     timestamptz(3) NOT NULL
);
CREATE INDEX api_keys_integration ON api_keys (integration_id);

CREATE TABLE settings (
  key        varchar(50) PRIMARY KEY,
  value      text,
  updated_at timestamptz(3) NOT NULL
);

-- single-use admin tokens: one row per token seen, until it could no longer be valid
CREATE TABLE token_uses (
  token_hash    varchar(64) PRIMARY KEY,
  first_used_at timestamptz(3) NOT NULL,
  expires_at    timestamptz(3) NOT NULL
);
CREATE INDEX token_uses_expires ON token_uses (expires_at);
`;
