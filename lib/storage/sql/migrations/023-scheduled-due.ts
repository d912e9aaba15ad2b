// The posts scheduled to publish, by when: what `dueScheduled` (lib/storage/sql/posts.ts) reads when a
// request looks for posts fallen due, at most once a second (lib/resources/posts/scheduling.ts). The
// published posts' walk (migration 011) leads with `type`, which that look does not name. PostgreSQL 18
// (PGlite) skips through it; a server before 18 read every post instead: at 100,000 posts, 52–100 ms a
// look on PostgreSQL 15, and the searches it fell among had a p99 of 64–75 ms (bench/README.md,
// "Search"). Only scheduled posts are in it, a handful of rows; status and published_at are in the
// walk's index already, so no update that was HOT stops being so.
export const scheduledDue = /* sql */ `
CREATE INDEX posts_scheduled_due ON posts (published_at, id) WHERE status = 'scheduled';
`;
