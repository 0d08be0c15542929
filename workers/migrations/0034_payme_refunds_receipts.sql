-- Payme beside Click, money back through the provider it came from, and the receipt data
-- Uzbekistan's fiscal rules ask for (decision 028).

-- Which provider an online order is paid through. Orders placed before were Click's.
ALTER TABLE orders ADD COLUMN payment_provider TEXT CHECK (payment_provider IN ('click', 'payme'));
UPDATE orders SET payment_provider = 'click' WHERE payment_method = 'online';

-- The provider's transactions, now with what Payme's protocol keeps (its own creation time,
-- ours, the perform and cancel times in ms, the cancel's reason) and a refunded state (Payme's
-- -2). A table rebuilt, as SQLite cannot widen a CHECK in place.
CREATE TABLE payments_next (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  provider TEXT NOT NULL,
  -- The provider's id of the transaction (Click: click_trans_id; Payme: its 24-character id).
  provider_trans_id TEXT NOT NULL,
  -- Click's click_paydoc_id: what its reversal and fiscal calls name the payment by.
  provider_doc_id TEXT,
  -- Integer UZS, as the order's total when prepared.
  amount INTEGER NOT NULL,
  -- prepared: Payme's 1; paid: 2; cancelled: -1; refunded (cancelled after it was paid): -2.
  state TEXT NOT NULL DEFAULT 'prepared' CHECK (state IN ('prepared', 'paid', 'cancelled', 'refunded')),
  -- Payme's creation time of the transaction (ms): GetStatement selects by it, the 12-hour timeout counts from it.
  provider_time INTEGER,
  -- Our times of each change, in ms, written once: a repeated call answers them unchanged.
  opened_ms INTEGER NOT NULL DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)),
  paid_ms INTEGER,
  cancelled_ms INTEGER,
  -- Payme's reason of a cancel (1–5, 10).
  reason INTEGER,
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  updated_at INTEGER NOT NULL DEFAULT (unixepoch()),
  UNIQUE (provider, provider_trans_id)
);
INSERT INTO payments_next (id, order_id, provider, provider_trans_id, amount, state, opened_ms, paid_ms, cancelled_ms, created_at, updated_at)
SELECT id, order_id, provider, provider_trans_id, amount, state, created_at * 1000,
  CASE WHEN state = 'paid' THEN updated_at * 1000 END, CASE WHEN state = 'cancelled' THEN updated_at * 1000 END, created_at, updated_at
FROM payments;
DROP TABLE payments;
ALTER TABLE payments_next RENAME TO payments;
-- An order takes money once, whatever number of transactions the shopper started.
CREATE UNIQUE INDEX payments_paid_once ON payments (order_id) WHERE state IN ('paid', 'refunded');
CREATE INDEX payments_order ON payments (order_id, state);
CREATE INDEX payments_statement ON payments (provider, provider_time) WHERE provider_time IS NOT NULL;

-- Money going back: one row per paid transaction (a refund is never made twice), made in the
-- same batch as the shop's cancel or return, sent to the provider and retried until it answers.
CREATE TABLE refunds (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  payment_id INTEGER NOT NULL UNIQUE REFERENCES payments(id),
  provider TEXT NOT NULL,
  -- Integer UZS.
  amount INTEGER NOT NULL CHECK (amount > 0),
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'refunded')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  -- Seconds since the epoch: the scheduled job's next try (a claim moves it on before the call).
  next_attempt_at INTEGER NOT NULL DEFAULT (unixepoch()),
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  refunded_at INTEGER
);
CREATE INDEX refunds_due ON refunds (next_attempt_at) WHERE state = 'pending';
CREATE INDEX refunds_order ON refunds (order_id);

-- Receipt data: the product code (MXIK/IKPU, 17 digits), the package code and the VAT rate of
-- each product and of delivery. Order lines keep their product's as placed.
ALTER TABLE products ADD COLUMN ikpu TEXT CHECK (ikpu IS NULL OR (length(ikpu) = 17 AND ikpu NOT GLOB '*[^0-9]*'));
ALTER TABLE products ADD COLUMN package_code TEXT CHECK (package_code IS NULL OR (length(package_code) BETWEEN 1 AND 20 AND package_code NOT GLOB '*[^0-9]*'));
ALTER TABLE products ADD COLUMN vat_percent INTEGER NOT NULL DEFAULT 12 CHECK (vat_percent BETWEEN 0 AND 100);
ALTER TABLE delivery_types ADD COLUMN ikpu TEXT CHECK (ikpu IS NULL OR (length(ikpu) = 17 AND ikpu NOT GLOB '*[^0-9]*'));
ALTER TABLE delivery_types ADD COLUMN package_code TEXT CHECK (package_code IS NULL OR (length(package_code) BETWEEN 1 AND 20 AND package_code NOT GLOB '*[^0-9]*'));
ALTER TABLE delivery_types ADD COLUMN vat_percent INTEGER NOT NULL DEFAULT 12 CHECK (vat_percent BETWEEN 0 AND 100);
ALTER TABLE order_lines ADD COLUMN ikpu TEXT;
ALTER TABLE order_lines ADD COLUMN package_code TEXT;
ALTER TABLE order_lines ADD COLUMN vat_percent INTEGER;
