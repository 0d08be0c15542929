-- Online payment (issue #12): the provider's transactions of an order. Click's
-- Prepare makes a row (its id is merchant_prepare_id), Complete marks it paid or
-- cancelled; a repeated callback finds the row and changes nothing.
CREATE TABLE payments (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  provider TEXT NOT NULL,
  -- The provider's id of the transaction (Click: click_trans_id).
  provider_trans_id TEXT NOT NULL,
  -- Integer UZS, as the order's total when prepared.
  amount INTEGER NOT NULL,
  state TEXT NOT NULL DEFAULT 'prepared' CHECK (state IN ('prepared', 'paid', 'cancelled')),
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  updated_at INTEGER NOT NULL DEFAULT (unixepoch()),
  UNIQUE (provider, provider_trans_id)
);
-- An order is paid once, whatever number of transactions the shopper started.
CREATE UNIQUE INDEX payments_paid_once ON payments (order_id) WHERE state = 'paid';

-- When the payment arrived (online orders); NULL until then.
ALTER TABLE orders ADD COLUMN paid_at INTEGER;
-- Unpaid online orders hold their stock until this point, then the daily-or-sooner job cancels them.
CREATE INDEX orders_unpaid_online ON orders (created_at) WHERE payment_method = 'online' AND status = 'new';
