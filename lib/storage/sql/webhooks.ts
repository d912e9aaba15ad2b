import type { OutboxStore, WebhookStore } from '../storage';
import type { ClaimedDelivery, DeliveryRow, WebhookRow } from '../webhook-rows';
import { isUniqueViolation, type SqlDriver } from './driver';
import { insertSql, setClause } from './common';
import { storedNames } from '../../resources/shared/fields';
import { WEBHOOK_FIELDS } from '../../resources/webhooks/fields';
import { EDITABLE_WEBHOOK_FIELDS } from '../../resources/webhooks/schema';

// the columns of lib/resources/webhooks/fields.ts; an edit sets the editable ones and updated_at
const WEBHOOK_COLUMNS = storedNames(WEBHOOK_FIELDS, 'write');
const EDITABLE = new Set<string>([...EDITABLE_WEBHOOK_FIELDS, 'updated_at']);
const EVENT_TARGET = 'webhooks_event_target';

export function sqlWebhooks(db: SqlDriver): WebhookStore {
  return {
    async insert(row) {
      const { sql, params } = insertSql('webhooks', row as unknown as Record<string, unknown>, WEBHOOK_COLUMNS);
      try {
        await db.query(sql, params);
      } catch (error) {
        if (isUniqueViolation(error, EVENT_TARGET)) return null;
        throw error;
      }
      return row;
    },
    async findById(id) {
      return (await db.query<WebhookRow>('SELECT * FROM webhooks WHERE id = $1', [id])).rows[0] ?? null;
    },
    async findByEventAndTarget(event, targetUrl) {
      const { rows } = await db.query<WebhookRow>('SELECT * FROM webhooks WHERE event = $1 AND target_url = $2', [event, targetUrl]);
      return rows[0] ?? null;
    },
    async update(id, patch) {
      const params: unknown[] = [];
      const set = setClause(patch, EDITABLE, params);
      if (!set) return (await db.query<WebhookRow>('SELECT * FROM webhooks WHERE id = $1', [id])).rows[0] ?? null;
      params.push(id);
      try {
        const { rows } = await db.query<WebhookRow>(`UPDATE webhooks SET ${set} WHERE id = $${params.length} RETURNING *`, params);
        return rows[0] ?? null;
      } catch (error) {
        if (isUniqueViolation(error, EVENT_TARGET)) return 'duplicate';
        throw error;
      }
    },
    async delete(id) {
      return (await db.query('DELETE FROM webhooks WHERE id = $1', [id])).affectedRows > 0;
    },
    async byIntegrations(integrationIds) {
      if (integrationIds.length === 0) return [];
      const { rows } = await db.query<WebhookRow>('SELECT * FROM webhooks WHERE integration_id = ANY($1::text[]) ORDER BY created_at, id', [integrationIds]);
      return rows;
    },
    async subscribedTo(events) {
      if (events.length === 0) return [];
      // only what staging a delivery needs: each column read costs on every write, webhooks or none
      const { rows } = await db.query<Pick<WebhookRow, 'id' | 'event' | 'api_version'>>(
        'SELECT id, event, api_version FROM webhooks WHERE event = ANY($1::text[]) ORDER BY created_at, id',
        [events],
      );
      return rows;
    },
  };
}

export function sqlOutbox(db: SqlDriver): OutboxStore {
  return {
    async stage(event, deliveries) {
      if (deliveries.length === 0) return;
      await db.query('INSERT INTO webhook_events (id, name, created_at) VALUES ($1, $2, $3)', [event.id, event.name, event.created_at]);
      for (const d of deliveries) {
        await db.query(
          `INSERT INTO webhook_deliveries (id, event_id, webhook_id, body, state, attempts, next_attempt_at, created_at)
           VALUES ($1, $2, $3, $4, 'pending', 0, $5, $5)`,
          [d.id, event.id, d.webhook_id, d.body, event.created_at],
        );
      }
    },

    async claimDue(now, until, token, limit) {
      // One statement: the rows are locked, skipped by concurrent claimers (SKIP LOCKED) and leased
      // (claimed_until) before anyone can see them as due again, on every instance sharing the database.
      const { rows } = await db.query<DeliveryRow>(
        `WITH due AS (
           SELECT id FROM webhook_deliveries
           WHERE state = 'pending' AND next_attempt_at <= $1 AND (claimed_until IS NULL OR claimed_until <= $1)
           ORDER BY next_attempt_at, id
           LIMIT $4
           FOR UPDATE SKIP LOCKED
         )
         UPDATE webhook_deliveries d SET claimed_until = $2, claim_token = $3, attempts = d.attempts + 1
         FROM due WHERE d.id = due.id
         RETURNING d.*`,
        [now, until, token, limit],
      );
      if (rows.length === 0) return [];
      const hooks = await db.query<WebhookRow>('SELECT * FROM webhooks WHERE id = ANY($1::text[])', [rows.map((r) => r.webhook_id)]);
      const byId = new Map(hooks.rows.map((w) => [w.id, w]));
      const claimed: ClaimedDelivery[] = [];
      for (const delivery of rows.sort((a, b) => a.next_attempt_at.getTime() - b.next_attempt_at.getTime() || a.id.localeCompare(b.id))) {
        const webhook = byId.get(delivery.webhook_id);
        if (webhook) claimed.push({ delivery, webhook });
      }
      return claimed;
    },

    async record(deliveryId, token, result) {
      const finished = result.state === 'pending' ? null : result.at;
      const updated = await db.query(
        `UPDATE webhook_deliveries
         SET state = $3, next_attempt_at = COALESCE($4, next_attempt_at), claimed_until = NULL, claim_token = NULL,
             last_status = $5, last_error = $6, finished_at = $7
         WHERE id = $1 AND claim_token = $2`,
        [deliveryId, token, result.state, result.nextAttemptAt ?? null, result.status, clip(result.error), finished],
      );
      if (updated.affectedRows === 0) return false;
      const { rows } = await db.query<{ webhook_id: string }>('SELECT webhook_id FROM webhook_deliveries WHERE id = $1', [deliveryId]);
      const webhookId = rows[0]?.webhook_id;
      if (!webhookId) return true;
      if (result.deleteWebhook) {
        await db.query('DELETE FROM webhooks WHERE id = $1', [webhookId]);
      } else {
        await db.query('UPDATE webhooks SET last_triggered_at = $2, last_triggered_status = $3, last_triggered_error = $4 WHERE id = $1', [
          webhookId,
          result.at,
          result.status,
          clip(result.error),
        ]);
      }
      return true;
    },

    async nextDue() {
      const { rows } = await db.query<{ due: Date | null }>(
        `SELECT min(GREATEST(next_attempt_at, COALESCE(claimed_until, next_attempt_at))) AS due
         FROM webhook_deliveries WHERE state = 'pending'`,
      );
      return rows[0]?.due ?? null;
    },

    async purgeFinished(before) {
      const deleted = await db.query(`DELETE FROM webhook_deliveries WHERE state <> 'pending' AND finished_at < $1`, [before]);
      await db.query(
        `DELETE FROM webhook_events e WHERE created_at < $1
         AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id)`,
        [before],
      );
      return deleted.affectedRows;
    },
  };
}

/** Error texts come from receivers and networks: stored, but never more than the column holds. */
function clip(text: string | null): string | null {
  return text === null ? null : text.slice(0, 2000);
}
