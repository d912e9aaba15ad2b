// Webhook rows as the storage layer hands them to resources and to the delivery worker.

export interface WebhookRow {
  id: string;
  event: string;
  target_url: string;
  name: string | null;
  secret: string | null;
  api_version: string;
  integration_id: string;
  status: string;
  last_triggered_at: Date | null;
  last_triggered_status: string | null;
  last_triggered_error: string | null;
  created_at: Date;
  updated_at: Date;
}

/** Columns a webhook edit may set. */
export type WebhookPatch = Partial<Pick<WebhookRow, 'event' | 'target_url' | 'name' | 'api_version' | 'updated_at'>>;

export type DeliveryState = 'pending' | 'delivered' | 'dead';

/** One notification of one event to one webhook; its id is sent to the receiver for de-duplication. */
export interface DeliveryRow {
  id: string;
  event_id: string;
  webhook_id: string;
  body: string;
  state: DeliveryState;
  /** Attempts started, counting the one in progress. */
  attempts: number;
  next_attempt_at: Date;
  claimed_until: Date | null;
  claim_token: string | null;
  last_status: string | null;
  last_error: string | null;
  created_at: Date;
  finished_at: Date | null;
}

/** A delivery a worker holds, with where and how to send it. */
export interface ClaimedDelivery {
  delivery: DeliveryRow;
  webhook: WebhookRow;
}

/** What one attempt came to. */
export interface AttemptResult {
  at: Date;
  /** The HTTP status as text; null when no response arrived. */
  status: string | null;
  error: string | null;
  /** The delivery's next state; `pending` with `nextAttemptAt` schedules a retry. */
  state: DeliveryState;
  nextAttemptAt?: Date;
  /** The target answered 410 Gone: the webhook is removed. */
  deleteWebhook?: boolean;
}
