-- Carts: one per signed-in shopper (user_id) or per guest session (the session keeps cart_id).
CREATE TABLE carts (
  id INTEGER PRIMARY KEY,
  user_id INTEGER UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  updated_at INTEGER NOT NULL DEFAULT (unixepoch())
);

-- One row per sku; quantity changes are single statements (quantity = quantity + n).
CREATE TABLE cart_lines (
  cart_id INTEGER NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
  sku_id INTEGER NOT NULL REFERENCES skus(id),
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  added_at INTEGER NOT NULL DEFAULT (unixepoch()),
  PRIMARY KEY (cart_id, sku_id)
) WITHOUT ROWID;
