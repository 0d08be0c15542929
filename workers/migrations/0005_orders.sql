-- Orders (issue #12): written with the stock they take in one D1 batch.

CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  -- Short and human ("K7M2-Q9XD"): what the shopper reads on the phone.
  number TEXT NOT NULL UNIQUE,
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  -- The cart it was placed from: a guest's orders are the ones of their session's cart.
  cart_id INTEGER NOT NULL,
  -- One order per key and cart: a repeated placement (double click, retry) finds the first.
  idempotency_key TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'paid', 'handed', 'delivered', 'cancelled')),
  lang TEXT NOT NULL,
  name TEXT NOT NULL,
  phone TEXT NOT NULL,
  email TEXT,
  city_id INTEGER NOT NULL,
  delivery_type_id INTEGER NOT NULL,
  -- The delivery address as placed (a saved address is copied: later edits do not move an order).
  address TEXT NOT NULL DEFAULT '',
  comment TEXT NOT NULL DEFAULT '',
  payment_method TEXT NOT NULL CHECK (payment_method IN ('cash', 'card', 'online')),
  -- Money in integer UZS, computed by the server at placement.
  nominal INTEGER NOT NULL,
  discount INTEGER NOT NULL,
  coupons_amount INTEGER NOT NULL,
  promo_code TEXT,
  club_discount INTEGER NOT NULL,
  bonuses_used INTEGER NOT NULL,
  delivery_cost INTEGER NOT NULL,
  total INTEGER NOT NULL CHECK (total >= 0),
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  UNIQUE (cart_id, idempotency_key)
);
CREATE INDEX orders_user ON orders (user_id, id DESC);

CREATE TABLE order_lines (
  order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  sku_id INTEGER NOT NULL REFERENCES skus(id),
  -- The line's place in the cart.
  position INTEGER NOT NULL,
  product_id INTEGER NOT NULL,
  -- As shown at placement, in the order's language.
  name TEXT NOT NULL,
  brand TEXT NOT NULL,
  color TEXT NOT NULL,
  size TEXT NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  first_price INTEGER NOT NULL,
  sale_price INTEGER NOT NULL,
  PRIMARY KEY (order_id, sku_id)
) WITHOUT ROWID;
