-- A refund asked of a provider that confirms later (Payme: receipts.cancel, then its own
-- CancelTransaction) waits as `requested`: not sent again at once, not yet told to the shopper.
-- A table rebuilt, as SQLite cannot widen a CHECK in place.
CREATE TABLE refunds_next (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  payment_id INTEGER NOT NULL UNIQUE REFERENCES payments(id),
  provider TEXT NOT NULL,
  -- Integer UZS.
  amount INTEGER NOT NULL CHECK (amount > 0),
  -- pending: owed, to be sent; requested: the provider took the request, its confirmation awaited;
  -- refunded: the provider confirmed it (or an operator recorded it made another way).
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'requested', 'refunded')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  -- Seconds since the epoch: the scheduled job's next try (a claim moves it on before the call).
  next_attempt_at INTEGER NOT NULL DEFAULT (unixepoch()),
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  refunded_at INTEGER
);
INSERT INTO refunds_next (id, order_id, payment_id, provider, amount, state, attempts, last_error, next_attempt_at, created_at, refunded_at)
SELECT id, order_id, payment_id, provider, amount, state, attempts, last_error, next_attempt_at, created_at, refunded_at FROM refunds;
DROP TABLE refunds;
ALTER TABLE refunds_next RENAME TO refunds;
CREATE INDEX refunds_due ON refunds (next_attempt_at) WHERE state IN ('pending', 'requested');
CREATE INDEX refunds_order ON refunds (order_id);
