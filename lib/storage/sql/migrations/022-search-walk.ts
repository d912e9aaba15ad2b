// Two indexes for reading a page of a search without finding every match first (search-browse.ts):
// a GIN index of `head` (title and tags, excerpt and authors), which finds the posts that rank in the
// first tier, few next to those a common word finds in the bodies; and the Content API's list order over
// post_search's own columns, which a search that finds many posts walks, testing each post in turn, to
// fill a page of the rest. At 100,000 posts: 4.3 MB and 7.3 MB, next to 68 MB for the body's (bench/README.md, "Search").
export const searchWalk = /* sql */ `
CREATE INDEX post_search_head ON post_search USING gin (head);
CREATE INDEX post_search_walk ON post_search (type, status, published_at DESC, post_id DESC);
ANALYZE post_search;
`;
