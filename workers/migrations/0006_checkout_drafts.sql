-- What a shopper has chosen on the checkout so far, per cart (issue #12): a reload, a language
-- switch or a return from login loses nothing. The city and delivery type live on the cart.
CREATE TABLE checkout_drafts (
  cart_id INTEGER PRIMARY KEY REFERENCES carts(id) ON DELETE CASCADE,
  name TEXT NOT NULL DEFAULT '',
  phone TEXT NOT NULL DEFAULT '',
  email TEXT NOT NULL DEFAULT '',
  address_id INTEGER,
  street TEXT NOT NULL DEFAULT '',
  house TEXT NOT NULL DEFAULT '',
  flat TEXT NOT NULL DEFAULT '',
  post_code TEXT NOT NULL DEFAULT '',
  payment_method TEXT,
  comment TEXT NOT NULL DEFAULT '',
  -- The key the place-order form carries: one per draft, so a double submit is one order.
  idempotency_key TEXT NOT NULL,
  updated_at INTEGER NOT NULL DEFAULT (unixepoch())
) WITHOUT ROWID;
