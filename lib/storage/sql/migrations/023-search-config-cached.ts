// The site's text search configuration (migration 016), as PL/pgSQL: PostgreSQL plans the statements
// of an SQL function that it cannot inline afresh on every call, and this one is called once by every
// search (post-search.ts) and every post written (its trigger); PL/pgSQL keeps its plans for the session.
// On the PostgreSQL server: 0.45 → 0.24 ms a call, a round trip included (bench/README.md, "Search").
export const searchConfigCached = /* sql */ `
CREATE OR REPLACE FUNCTION pressroom_search_config() RETURNS regconfig LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce(
    (SELECT s.config FROM search_configs s
      WHERE s.locale <> '' AND s.locale = lower(split_part(replace((SELECT value FROM settings WHERE key = 'lang'), '_', '-'), '-', 1))),
    (SELECT s.config FROM search_configs s WHERE s.locale = ''));
END $$;
`;
