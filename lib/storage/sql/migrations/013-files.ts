// Uploaded images and theme files kept in the database itself (PgFileStore), so that every instance of
// a site on one PostgreSQL server sees the same files. A file's bytes are split into chunks, read one at
// a time; a file's row names its chunks by id, so a replacement writes new chunks and then swaps the id.
export const files = /* sql */ `
CREATE TABLE files (
  area varchar(50) NOT NULL,
  path varchar(1024) NOT NULL,
  id uuid NOT NULL UNIQUE,
  content_type varchar(191) NOT NULL,
  size bigint NOT NULL,
  chunk_bytes integer NOT NULL,
  etag varchar(100) NOT NULL,
  modified_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (area, path)
);
CREATE TABLE file_chunks (
  file_id uuid NOT NULL,
  seq integer NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (file_id, seq)
);
`;
