import type { SessionStore } from '../storage';
import type { SessionRow } from '../rows';
import type { SqlDriver } from './driver';
import { insertSql } from './common';

const SESSION_COLUMNS = ['id', 'token_hash', 'user_id', 'origin', 'created_at', 'last_seen_at', 'expires_at'] as const;

export function sqlSessions(db: SqlDriver): SessionStore {
  return {
    async insert(row) {
      const { sql, params } = insertSql('sessions', row as unknown as Record<string, unknown>, SESSION_COLUMNS);
      await db.query(sql, params);
    },
    async findByTokenHash(tokenHash, now) {
      const { rows } = await db.query<SessionRow>('SELECT * FROM sessions WHERE token_hash = $1 AND expires_at > $2', [tokenHash, now]);
      return rows[0] ?? null;
    },
    async touch(id, lastSeenAt, expiresAt) {
      await db.query('UPDATE sessions SET last_seen_at = $2, expires_at = $3 WHERE id = $1', [id, lastSeenAt, expiresAt]);
    },
    async delete(id) {
      const { affectedRows } = await db.query('DELETE FROM sessions WHERE id = $1', [id]);
      return affectedRows > 0;
    },
    async deleteForUser(userId, exceptId) {
      await db.query('DELETE FROM sessions WHERE user_id = $1 AND id IS DISTINCT FROM $2', [userId, exceptId ?? null]);
    },
    async purgeExpired(now) {
      await db.query('DELETE FROM sessions WHERE expires_at <= $1', [now]);
    },
  };
}
