// Fixed-window counters shared by every instance on the database (failed key and login attempts).
export const rateLimits = /* sql */ `
CREATE TABLE rate_limits (
  key      varchar(300) PRIMARY KEY,
  count    integer NOT NULL,
  reset_at timestamptz(3) NOT NULL
);
CREATE INDEX rate_limits_reset ON rate_limits (reset_at);
`;
