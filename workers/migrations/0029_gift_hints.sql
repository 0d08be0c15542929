-- Gift hints: a shopper sends a product in a chosen size to a friend's phone or e-mail. A hint is
-- the shopper's (an account, or a guest's random key, never both) and open until the friend opens
-- its link (opened_at) or it expires; a shopper has at most a few open at once. The link's random
-- token is kept only as a hash. Products and sizes are named by id without foreign keys: the demo
-- seed replaces the catalogue wholesale (a hint whose size is gone opens the product's page, or none).
CREATE TABLE gift_hints (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  token_hash TEXT NOT NULL UNIQUE,
  user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
  guest_key TEXT,
  product_id INTEGER NOT NULL,
  sku_id INTEGER NOT NULL,
  channel TEXT NOT NULL CHECK (channel IN ('sms', 'email')),
  recipient TEXT NOT NULL,
  sender_name TEXT NOT NULL,
  lang TEXT NOT NULL,
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  expires_at INTEGER NOT NULL,
  opened_at INTEGER,
  CHECK ((user_id IS NULL) <> (guest_key IS NULL))
);
CREATE INDEX gift_hints_user ON gift_hints(user_id, expires_at) WHERE user_id IS NOT NULL AND opened_at IS NULL;
CREATE INDEX gift_hints_guest ON gift_hints(guest_key, expires_at) WHERE guest_key IS NOT NULL AND opened_at IS NULL;
