import type { IntegrationStore, RoleStore, SettingStore, TokenStore } from '../storage';
import type { ApiKeyRow, IntegrationRow, RoleRow } from '../rows';
import { ConcurrentChangeError, type SqlDriver } from './driver';
import { freeSlug, insertSql, pageSql, setClause } from './common';
import { inputShape, storedNames } from '../../resources/shared/fields';
import { API_KEY_FIELDS, INTEGRATION_FIELDS } from '../../resources/integrations/fields';

// the columns of lib/resources/integrations/fields.ts; an edit sets the writable ones and updated_at
const INTEGRATION_COLUMNS = storedNames(INTEGRATION_FIELDS, 'write');
const INTEGRATION_WRITABLE = new Set<string>([...Object.keys(inputShape(INTEGRATION_FIELDS, 'v2')), 'updated_at']);
const API_KEY_COLUMNS = storedNames(API_KEY_FIELDS, 'write');

export function sqlRoles(db: SqlDriver): RoleStore {
  return {
    async all() {
      return (await db.query<RoleRow>('SELECT * FROM roles ORDER BY id')).rows;
    },
    async findByName(name) {
      return (await db.query<RoleRow>('SELECT * FROM roles WHERE name = $1', [name])).rows[0] ?? null;
    },
  };
}

export function sqlIntegrations(db: SqlDriver): IntegrationStore {
  return {
    async insert(row, keys) {
      const integration = insertSql('integrations', row as unknown as Record<string, unknown>, INTEGRATION_COLUMNS);
      await db.query(integration.sql, integration.params);
      for (const key of keys) {
        const k = insertSql('api_keys', key as unknown as Record<string, unknown>, API_KEY_COLUMNS);
        await db.query(k.sql, k.params);
      }
      return row;
    },
    async findById(id) {
      return (await db.query<IntegrationRow>('SELECT * FROM integrations WHERE id = $1', [id])).rows[0] ?? null;
    },
    async findApiKey(id) {
      return (await db.query<ApiKeyRow>('SELECT * FROM api_keys WHERE id = $1', [id])).rows[0] ?? null;
    },
    async findContentKey(secret) {
      const { rows } = await db.query<ApiKeyRow>(`SELECT * FROM api_keys WHERE secret = $1 AND type = 'content'`, [secret]);
      return rows[0] ?? null;
    },
    async apiKeys(integrationId, type) {
      const { rows } = type
        ? await db.query<ApiKeyRow>('SELECT * FROM api_keys WHERE integration_id = $1 AND type = $2 ORDER BY type', [integrationId, type])
        : await db.query<ApiKeyRow>('SELECT * FROM api_keys WHERE integration_id = $1 ORDER BY type', [integrationId]);
      return rows;
    },
    freeSlug(base) {
      return freeSlug(db, 'integrations', base);
    },
    async browse(page) {
      const [list, count] = await Promise.all([
        db.query<IntegrationRow>(`SELECT * FROM integrations WHERE type = 'custom' ORDER BY name, id${pageSql(page)}`),
        db.query<{ total: number }>(`SELECT count(*)::int AS total FROM integrations WHERE type = 'custom'`),
      ]);
      return { rows: list.rows, total: count.rows[0]?.total ?? 0 };
    },
    async update(id, patch) {
      const params: unknown[] = [];
      const set = setClause(patch, INTEGRATION_WRITABLE, params);
      if (set) {
        params.push(id);
        await db.query(`UPDATE integrations SET ${set} WHERE id = $${params.length}`, params);
      }
      const { rows } = await db.query<IntegrationRow>('SELECT * FROM integrations WHERE id = $1', [id]);
      if (!rows[0]) throw new ConcurrentChangeError(`integration ${id} vanished during update`);
      return rows[0];
    },
    async delete(id) {
      const { affectedRows } = await db.query('DELETE FROM integrations WHERE id = $1', [id]);
      return affectedRows > 0;
    },
    async refreshKey(integrationId, keyId, secret, now) {
      const { rows } = await db.query<ApiKeyRow>('UPDATE api_keys SET secret = $3, updated_at = $4 WHERE id = $2 AND integration_id = $1 RETURNING *', [
        integrationId,
        keyId,
        secret,
        now,
      ]);
      return rows[0] ?? null;
    },
  };
}

export function sqlSettings(db: SqlDriver): SettingStore {
  return {
    async all() {
      const { rows } = await db.query<{ key: string; value: string | null }>('SELECT key, value FROM settings');
      return new Map(rows.map((r) => [r.key, r.value]));
    },
    async get(key) {
      const { rows } = await db.query<{ value: string | null }>('SELECT value FROM settings WHERE key = $1', [key]);
      return rows.length ? rows[0].value : undefined;
    },
    async set(entries, now) {
      for (const { key, value } of entries) {
        await db.query(
          `INSERT INTO settings (key, value, updated_at) VALUES ($1, $2, $3)
           ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
          [key, value, now],
        );
      }
    },
  };
}

export function sqlTokens(db: SqlDriver): TokenStore {
  return {
    async recordUse(tokenHash, now, expiresAt) {
      const inserted = await db.query(`INSERT INTO token_uses (token_hash, first_used_at, expires_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
        tokenHash,
        now,
        expiresAt,
      ]);
      if (inserted.affectedRows > 0) return null;
      const { rows } = await db.query<{ first_used_at: Date }>('SELECT first_used_at FROM token_uses WHERE token_hash = $1', [tokenHash]);
      return rows[0]?.first_used_at ?? now;
    },
    async purgeExpired(now) {
      await db.query('DELETE FROM token_uses WHERE expires_at < $1', [now]);
    },
  };
}
