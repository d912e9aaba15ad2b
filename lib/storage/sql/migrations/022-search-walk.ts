// A GIN index of post_search's \`head\` (title and tags, excerpt and authors), for reading a page of a
// search without finding every match first (search-browse.ts): it finds the posts of the first tier,
// few next to those a common word finds in the bodies (892 against 41,592 entries for a common prefix
// at 100,000 posts). The rest of such a page is found by walking the published posts' own index
// (migration 011) and testing each. At 100,000 posts: 4.4 MB, next to 68 MB for the body's.
export const searchWalk = /* sql */ `
CREATE INDEX post_search_head ON post_search USING gin (head);
ANALYZE post_search;
`;
