-- When the shop confirmed an order to be paid on delivery (cash or card): the back office calls
-- the shopper and takes the order on. NULL until then. An unconfirmed one lapses after
-- UNCONFIRMED_ORDER_HOURS (the scheduled job cancels it and its stock comes back), so orders
-- nobody means to take cannot hold stock for ever.
ALTER TABLE orders ADD COLUMN confirmed_at INTEGER;
CREATE INDEX orders_unconfirmed ON orders (created_at) WHERE payment_method IN ('cash', 'card') AND status = 'new' AND confirmed_at IS NULL;
