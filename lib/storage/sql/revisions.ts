import type { RevisionRow, RevisionWithAuthor } from '../revision-rows';
import type { RevisionStore } from '../storage';
import type { SqlDriver } from './driver';

const SUMMARY =
  'r.id, r.post_id, r.title, r.feature_image, r.feature_image_alt, r.feature_image_caption, r.custom_excerpt, r.author_id, r.author_type, r.reason, r.created_at';
const BODIES = 'r.mobiledoc, r.lexical, r.html';
/** The author's name, from whichever table `author_type` names. */
const AUTHOR_NAME = `CASE r.author_type WHEN 'user' THEN (SELECT u.name FROM users u WHERE u.id = r.author_id)
  ELSE (SELECT i.name FROM integrations i WHERE i.id = r.author_id) END AS author_name`;

export function sqlRevisions(db: SqlDriver): RevisionStore {
  return {
    async record(row, keep) {
      await db.query(
        `INSERT INTO post_revisions (id, post_id, title, mobiledoc, lexical, html, feature_image, feature_image_alt, feature_image_caption, custom_excerpt,
           author_id, author_type, reason, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [
          row.id,
          row.post_id,
          row.title,
          row.mobiledoc,
          row.lexical,
          row.html,
          row.feature_image,
          row.feature_image_alt,
          row.feature_image_caption,
          row.custom_excerpt,
          row.author_id,
          row.author_type,
          row.reason,
          row.created_at,
        ],
      );
      // the post is locked by the write that records this, so no other revision of it is added meanwhile
      await db.query(
        `DELETE FROM post_revisions WHERE post_id = $1 AND seq < (
           SELECT min(seq) FROM (SELECT seq FROM post_revisions WHERE post_id = $1 ORDER BY seq DESC LIMIT $2) newest)`,
        [row.post_id, Math.max(1, keep)],
      );
    },

    async browse(postId, page, withBodies) {
      const params: unknown[] = [postId];
      let limit = '';
      if (page.limit !== null) {
        // a page far past the end (limit × page beyond what bigint holds) is an empty page, not an error
        params.push(Math.min(page.limit, Number.MAX_SAFE_INTEGER), Math.min(page.offset, Number.MAX_SAFE_INTEGER));
        limit = 'LIMIT $2 OFFSET $3';
      }
      const [{ rows }, counted] = await Promise.all([
        db.query<RevisionWithAuthor>(
          `SELECT ${SUMMARY}, ${withBodies ? BODIES : 'NULL AS mobiledoc, NULL AS lexical, NULL AS html'}, ${AUTHOR_NAME}
           FROM post_revisions r WHERE r.post_id = $1 ORDER BY r.seq DESC ${limit}`,
          params,
        ),
        db.query<{ total: string | number }>('SELECT count(*) AS total FROM post_revisions WHERE post_id = $1', [postId]),
      ]);
      return { rows, total: Number(counted.rows[0].total) };
    },

    async find(postId, id) {
      const { rows } = await db.query<RevisionWithAuthor>(
        `SELECT ${SUMMARY}, ${BODIES}, ${AUTHOR_NAME} FROM post_revisions r WHERE r.post_id = $1 AND r.id = $2`,
        [postId, id],
      );
      return rows[0] ?? null;
    },

    async latest(postId, authorId) {
      const { rows } = authorId
        ? await db.query<RevisionRow>(
            `SELECT ${SUMMARY}, ${BODIES} FROM post_revisions r WHERE r.post_id = $1 AND r.author_id = $2 ORDER BY r.seq DESC LIMIT 1`,
            [postId, authorId],
          )
        : await db.query<RevisionRow>(`SELECT ${SUMMARY}, ${BODIES} FROM post_revisions r WHERE r.post_id = $1 ORDER BY r.seq DESC LIMIT 1`, [postId]);
      return rows[0] ?? null;
    },
  };
}
