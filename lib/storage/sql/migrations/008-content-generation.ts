// One counter that every change to public content bumps, in the writing transaction; each instance's
// Content API response cache is valid only for the generation it was filled in.
export const contentGeneration = /* sql */ `
CREATE TABLE content_generation (
  id    smallint PRIMARY KEY CHECK (id = 1),
  value bigint NOT NULL
);
INSERT INTO content_generation (id, value) VALUES (1, 0);
`;
