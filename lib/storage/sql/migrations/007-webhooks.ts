// Webhooks and their durable outbox. A change, the events it fires and one delivery per subscribed
// webhook commit in one transaction, so a crash never loses a notification; workers on any number of
// instances claim due deliveries with a lease (`claimed_until`) and SKIP LOCKED.
export const webhooks = /* sql */ `
CREATE TABLE webhooks (
  id                    varchar(24) PRIMARY KEY,
  event                 varchar(50) NOT NULL,
  target_url            varchar(2000) NOT NULL,
  name                  varchar(191),
  secret                varchar(191),
  api_version           varchar(50) NOT NULL DEFAULT 'v3',
  integration_id        varchar(24) NOT NULL REFERENCES integrations(id) ON DELETE CASCADE,
  status                varchar(50) NOT NULL DEFAULT 'available',
  last_triggered_at     timestamptz(3),
  last_triggered_status varchar(50),
  last_triggered_error  varchar(2000),
  created_at            timestamptz(3) NOT NULL,
  updated_at            timestamptz(3) NOT NULL
);
CREATE UNIQUE INDEX webhooks_event_target ON webhooks (event, target_url);
CREATE INDEX webhooks_integration ON webhooks (integration_id);

CREATE TABLE webhook_events (
  id         varchar(24) PRIMARY KEY,
  name       varchar(50) NOT NULL,
  created_at timestamptz(3) NOT NULL
);

CREATE TABLE webhook_deliveries (
  id              varchar(24) PRIMARY KEY,
  event_id        varchar(24) NOT NULL REFERENCES webhook_events(id) ON DELETE CASCADE,
  webhook_id      varchar(24) NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
  body            text NOT NULL,
  state           varchar(20) NOT NULL DEFAULT 'pending',
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz(3) NOT NULL,
  claimed_until   timestamptz(3),
  claim_token     varchar(32),
  last_status     varchar(50),
  last_error      varchar(2000),
  created_at      timestamptz(3) NOT NULL,
  finished_at     timestamptz(3)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (webhook_id);
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);
CREATE INDEX webhook_deliveries_finished ON webhook_deliveries (finished_at) WHERE state <> 'pending';
`;
