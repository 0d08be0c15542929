-- The money ledger (decision 028): refunds whose states end, fiscal receipts with states of
-- their own, receipt data frozen on the order, operators' alerts sent once, and the
-- reconciliation's findings.

-- Refunds end: `refunded`, or `failed` with the reason and an operator's task. A deadline per
-- provider; the last try's outcome (refused, or unknown: no answer, the provider may have acted);
-- who made it (the provider, or an operator by hand). A table rebuilt, as SQLite cannot widen a
-- CHECK in place.
CREATE TABLE refunds_ledger (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  payment_id INTEGER NOT NULL UNIQUE REFERENCES payments(id),
  provider TEXT NOT NULL,
  -- Integer UZS.
  amount INTEGER NOT NULL CHECK (amount > 0),
  -- pending: owed, to be sent; requested: the provider will confirm it by its own call (Payme's
  -- CancelTransaction, after an operator's cancel in its cabinet); refunded: made; failed: the
  -- provider cannot or did not make it in time (an operator pays it back another way).
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'requested', 'refunded', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  -- The last try's end: refused (the provider said no) or unknown (no answer: it may have acted,
  -- so the next try asks the provider first). NULL with attempts > 0 while pending: a try under way.
  last_outcome TEXT CHECK (last_outcome IN ('refused', 'unknown')),
  -- Seconds since the epoch: the scheduled job's next try (a claim moves it on before the call).
  next_attempt_at INTEGER NOT NULL DEFAULT (unixepoch()),
  -- After it, a refund still open fails (decision 028: each provider's window).
  deadline_at INTEGER NOT NULL DEFAULT (unixepoch() + 14 * 86400),
  -- Why it failed: deadline, click_month (Click reverses only the current month's payments),
  -- not_configured (the provider's API is not set up).
  failure TEXT CHECK (failure IN ('deadline', 'click_month', 'not_configured')),
  -- What an operator does: payme_cabinet (cancel the transaction in Payme's business cabinet) or
  -- bank_transfer (pay it back by bank transfer, then mark it done).
  task TEXT CHECK (task IN ('payme_cabinet', 'bank_transfer')),
  made_by TEXT CHECK (made_by IN ('provider', 'operator')),
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  refunded_at INTEGER,
  failed_at INTEGER
);
-- Rows before: a Click try that wrote no answer, or whose error may have been a timeout, is
-- `unknown` (the next try asks Click first, and no one marks it done meanwhile); one an operator
-- recorded by hand (its audit line) was made by the operator; Click's deadline is its window.
INSERT INTO refunds_ledger (id, order_id, payment_id, provider, amount, state, attempts, last_error, last_outcome, next_attempt_at, deadline_at, task, made_by, created_at, refunded_at)
SELECT r.id, r.order_id, r.payment_id, r.provider, r.amount, r.state, r.attempts, r.last_error,
  CASE WHEN r.state = 'pending' AND r.attempts > 0 THEN 'unknown' END, r.next_attempt_at,
  CASE r.provider WHEN 'click'
    THEN unixepoch(date(COALESCE(p.paid_ms / 1000, p.created_at), 'unixepoch', '+5 hours', 'start of month', '+1 month', '+1 day')) - 18000
    ELSE r.created_at + 14 * 86400 END,
  CASE WHEN r.provider = 'payme' AND r.state != 'refunded' THEN 'payme_cabinet' END,
  CASE WHEN r.state != 'refunded' THEN NULL
    WHEN EXISTS (SELECT 1 FROM ops_audit a WHERE a.path = '/api/ops/refunds/' || r.id || '/done' AND a.status = 200) THEN 'operator'
    ELSE 'provider' END,
  r.created_at, r.refunded_at
FROM refunds r JOIN payments p ON p.id = r.payment_id;
DROP TABLE refunds;
ALTER TABLE refunds_ledger RENAME TO refunds;
CREATE INDEX refunds_due ON refunds (next_attempt_at) WHERE state IN ('pending', 'requested');
CREATE INDEX refunds_order ON refunds (order_id);

-- Fiscal receipts sent to Click (Payme takes the receipt in its own CheckPerformTransaction):
-- the sale's, once the money is in, and the return's, once it went back. pending: to be sent;
-- sent: a call under way; refused: Click's answer kept, tried again; accepted: done. A return
-- receipt Click documents no call for is an operator's task (`task`, then `done`).
CREATE TABLE fiscal_receipts (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  payment_id INTEGER NOT NULL REFERENCES payments(id),
  kind TEXT NOT NULL CHECK (kind IN ('sale', 'return')),
  provider TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'refused', 'accepted', 'task', 'done')),
  attempts INTEGER NOT NULL DEFAULT 0,
  -- The provider's last answer (a refusal's code and note).
  answer TEXT,
  next_attempt_at INTEGER NOT NULL DEFAULT (unixepoch()),
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  accepted_at INTEGER,
  UNIQUE (payment_id, kind)
);
CREATE INDEX fiscal_receipts_due ON fiscal_receipts (next_attempt_at) WHERE state IN ('pending', 'sent', 'refused');
-- Click payments paid before: their receipt was sent once, its answer only logged. `sent`: the
-- first try asks Click whether it holds it before sending it again.
INSERT INTO fiscal_receipts (order_id, payment_id, kind, provider, state, attempts)
SELECT order_id, id, 'sale', 'click', 'sent', 1 FROM payments WHERE provider = 'click' AND state = 'paid';
CREATE INDEX fiscal_receipts_order ON fiscal_receipts (order_id);

-- Delivery's receipt line as placed: its title in the order's language, codes and VAT. Orders
-- placed before take their type's as it is now.
ALTER TABLE orders ADD COLUMN delivery_title TEXT;
ALTER TABLE orders ADD COLUMN delivery_ikpu TEXT;
ALTER TABLE orders ADD COLUMN delivery_package_code TEXT;
ALTER TABLE orders ADD COLUMN delivery_vat_percent INTEGER;
UPDATE orders SET
  delivery_title = (SELECT CASE orders.lang WHEN 'ru' THEN t.title_ru WHEN 'uk' THEN t.title_uk ELSE t.title_uz END FROM delivery_types t WHERE t.id = orders.delivery_type_id),
  delivery_ikpu = (SELECT ikpu FROM delivery_types t WHERE t.id = orders.delivery_type_id),
  delivery_package_code = (SELECT package_code FROM delivery_types t WHERE t.id = orders.delivery_type_id),
  delivery_vat_percent = (SELECT vat_percent FROM delivery_types t WHERE t.id = orders.delivery_type_id);

-- Operators' alerts: one row per thing told (kind and its subject), so each is sent once.
CREATE TABLE ops_alerts (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  ref TEXT NOT NULL,
  -- 1 once its messages are in the outbox (the same batch that wrote them).
  queued INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  UNIQUE (kind, ref)
);

-- The outbox gains Telegram (operators' alerts through the Bot API): the table rebuilt under its
-- own name with its rows and indexes, as SQLite cannot change a CHECK in place.
ALTER TABLE outbox RENAME TO outbox_before_telegram;
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY,
  channel TEXT NOT NULL CHECK (channel IN ('sms', 'email', 'call', 'telegram')),
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL DEFAULT '',
  body TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  sent_at INTEGER,
  touched_at INTEGER
);
INSERT INTO outbox (id, channel, recipient, subject, body, status, attempts, last_error, created_at, sent_at, touched_at)
  SELECT id, channel, recipient, subject, body, status, attempts, last_error, created_at, sent_at, touched_at FROM outbox_before_telegram;
DROP TABLE outbox_before_telegram;
CREATE INDEX outbox_status ON outbox(status, created_at);
CREATE INDEX outbox_pending_touched ON outbox(status, touched_at) WHERE status = 'pending';

-- The daily reconciliation's findings: the shop's ledger against what the providers report. A
-- finding is kept once (kind and payment); a later run that no longer finds it resolves it.
CREATE TABLE reconciliation_findings (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('paid_at_provider', 'not_paid_at_provider', 'refunded_twice', 'receipt_missing', 'ledger_disagrees')),
  payment_id INTEGER NOT NULL REFERENCES payments(id),
  order_id INTEGER NOT NULL REFERENCES orders(id),
  detail TEXT NOT NULL DEFAULT '',
  found_at INTEGER NOT NULL DEFAULT (unixepoch()),
  seen_at INTEGER NOT NULL DEFAULT (unixepoch()),
  resolved_at INTEGER,
  UNIQUE (kind, payment_id)
);
CREATE INDEX reconciliation_open ON reconciliation_findings (found_at) WHERE resolved_at IS NULL;
