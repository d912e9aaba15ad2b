import { compileFilter, type FieldMap } from '../../nql';
import type { ActionWithActor, InviteRow, PasswordResetRow } from '../people-rows';
import type { ActionStore, InviteStore, PasswordResetStore } from '../people-stores';
import { count, insertSql, pageRows } from './common';
import type { SqlDriver } from './driver';

const INVITE_COLUMNS = ['id', 'role_id', 'status', 'token_hash', 'email', 'expires_at', 'created_by', 'created_at', 'updated_at'] as const;

export function sqlInvites(db: SqlDriver): InviteStore {
  async function one(sql: string, params: unknown[]): Promise<InviteRow | null> {
    return (await db.query<InviteRow>(sql, params)).rows[0] ?? null;
  }
  return {
    async insert(row) {
      const { sql, params } = insertSql('invites', row as unknown as Record<string, unknown>, INVITE_COLUMNS);
      return one(`${sql} ON CONFLICT ((lower(email))) DO NOTHING RETURNING *`, params);
    },
    async browse(page) {
      const spec = { from: 'invites i', select: 'i.*', where: [], params: [], order: ['i.created_at DESC', 'i.id DESC'], page };
      const [rows, total] = await Promise.all([pageRows<InviteRow>(db, spec), count(db, 'FROM invites i', [])]);
      return { rows, total };
    },
    findById: (id) => one('SELECT * FROM invites WHERE id = $1', [id]),
    findByEmail: (email) => one('SELECT * FROM invites WHERE lower(email) = lower($1)', [email]),
    findByTokenHash: (tokenHash, now) => one('SELECT * FROM invites WHERE token_hash = $1 AND expires_at > $2', [tokenHash, now]),
    async setStatus(id, status, now) {
      await db.query('UPDATE invites SET status = $2, updated_at = $3 WHERE id = $1', [id, status, now]);
    },
    take: (id) => one('DELETE FROM invites WHERE id = $1 RETURNING *', [id]),
    async purgeExpired(before) {
      return (await db.query('DELETE FROM invites WHERE expires_at <= $1', [before])).affectedRows;
    },
  };
}

export function sqlPasswordResets(db: SqlDriver): PasswordResetStore {
  return {
    async replace(row) {
      await db.query('DELETE FROM password_resets WHERE user_id = $1', [row.user_id]);
      await db.query('INSERT INTO password_resets (token_hash, user_id, expires_at, created_at) VALUES ($1, $2, $3, $4)', [
        row.token_hash,
        row.user_id,
        row.expires_at,
        row.created_at,
      ]);
    },
    async find(tokenHash, now) {
      const { rows } = await db.query<PasswordResetRow>('SELECT * FROM password_resets WHERE token_hash = $1 AND expires_at > $2', [tokenHash, now]);
      return rows[0] ?? null;
    },
    async take(tokenHash, now) {
      const { rows } = await db.query<PasswordResetRow>('DELETE FROM password_resets WHERE token_hash = $1 AND expires_at > $2 RETURNING *', [tokenHash, now]);
      return rows[0] ?? null;
    },
    async deleteForUser(userId) {
      await db.query('DELETE FROM password_resets WHERE user_id = $1', [userId]);
    },
    async purgeExpired(now) {
      return (await db.query('DELETE FROM password_resets WHERE expires_at <= $1', [now])).affectedRows;
    },
  };
}

const ACTION_COLUMNS = ['id', 'resource_id', 'resource_type', 'actor_id', 'actor_type', 'event', 'context', 'created_at'] as const;

/** What `GET actions/?filter=` may name, over `actions a`. */
export const actionFields: FieldMap = {
  fields: {
    id: { sql: 'a.id', type: 'string' },
    resource_id: { sql: 'a.resource_id', type: 'string' },
    resource_type: { sql: 'a.resource_type', type: 'string' },
    actor_id: { sql: 'a.actor_id', type: 'string' },
    actor_type: { sql: 'a.actor_type', type: 'string' },
    event: { sql: 'a.event', type: 'string' },
    created_at: { sql: 'a.created_at', type: 'date' },
  },
};

// the actor as it is now: a user or an integration by the action's actor_type
const ACTION_SELECT = `a.*,
  CASE a.actor_type WHEN 'user' THEN u.name ELSE i.name END AS actor_name,
  CASE a.actor_type WHEN 'user' THEN u.slug ELSE i.slug END AS actor_slug,
  CASE a.actor_type WHEN 'user' THEN u.profile_image ELSE i.icon_image END AS actor_image`;
const ACTION_FROM = `actions a
  LEFT JOIN users u ON a.actor_type = 'user' AND u.id = a.actor_id
  LEFT JOIN integrations i ON a.actor_type = 'integration' AND i.id = a.actor_id`;

export function sqlActions(db: SqlDriver): ActionStore {
  return {
    async insert(rows) {
      for (const row of rows) {
        const { sql, params } = insertSql('actions', row as unknown as Record<string, unknown>, ACTION_COLUMNS);
        await db.query(sql, params);
      }
    },
    async browse(query) {
      const params: unknown[] = [];
      const where = query.filter ? [`(${compileFilter(query.filter, actionFields, params, { now: query.now })})`] : [];
      const spec = { from: ACTION_FROM, select: ACTION_SELECT, where, params, order: ['a.created_at DESC', 'a.id DESC'], page: query.page };
      const body = `FROM actions a${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
      const [rows, total] = await Promise.all([pageRows<ActionWithActor>(db, spec), count(db, body, params)]);
      return { rows, total };
    },
    async purgeBefore(before) {
      return (await db.query('DELETE FROM actions WHERE created_at < $1', [before])).affectedRows;
    },
  };
}
