-- Cart, part two: what a cart remembers besides its lines (promo code, bonuses,
-- the delivery choice), promo codes, club cards and bonuses, account favourites,
-- and the delivery data the cart recalculates with (cities, types, cost matrix).

ALTER TABLE carts ADD COLUMN promo_code TEXT;
ALTER TABLE carts ADD COLUMN bonuses INTEGER NOT NULL DEFAULT 0 CHECK (bonuses >= 0);
ALTER TABLE carts ADD COLUMN city_id INTEGER;
ALTER TABLE carts ADD COLUMN delivery_type_id INTEGER;

-- Club card and bonus balance (1 bonus = 1 UZS).
ALTER TABLE users ADD COLUMN club_card TEXT;
ALTER TABLE users ADD COLUMN bonus_balance INTEGER NOT NULL DEFAULT 0 CHECK (bonus_balance >= 0);

-- Codes are stored upper-case; shoppers type them in any case, with spaces around.
CREATE TABLE promo_codes (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('percent', 'amount')),
  -- percent: 1..100; amount: UZS.
  value INTEGER NOT NULL CHECK (value > 0),
  min_order INTEGER NOT NULL DEFAULT 0,
  -- Seconds since epoch; NULL never expires.
  expires_at INTEGER,
  -- 1: once per account (signing in is needed to use it).
  once_per_account INTEGER NOT NULL DEFAULT 0,
  active INTEGER NOT NULL DEFAULT 1
);

-- Written when an order uses a code (checkout); read to refuse a second use.
CREATE TABLE promo_redemptions (
  promo_id INTEGER NOT NULL REFERENCES promo_codes(id),
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  used_at INTEGER NOT NULL DEFAULT (unixepoch()),
  PRIMARY KEY (promo_id, user_id)
) WITHOUT ROWID;

-- A signed-in shopper's favourites (a guest's live in the session).
CREATE TABLE favourites (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  product_id INTEGER NOT NULL REFERENCES products(id),
  sku_id INTEGER REFERENCES skus(id),
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  PRIMARY KEY (user_id, product_id)
) WITHOUT ROWID;

CREATE TABLE cities (
  id INTEGER PRIMARY KEY,
  ref TEXT NOT NULL UNIQUE,
  position INTEGER NOT NULL DEFAULT 0,
  name_uz TEXT NOT NULL,
  name_ru TEXT NOT NULL,
  name_uk TEXT NOT NULL
);

CREATE TABLE delivery_types (
  id INTEGER PRIMARY KEY,
  uuid TEXT NOT NULL UNIQUE,
  -- courier, pickup, post
  type TEXT NOT NULL,
  icon TEXT NOT NULL DEFAULT '',
  position INTEGER NOT NULL DEFAULT 0,
  -- 0: disabled (hidden in the lists, spec §2).
  status INTEGER NOT NULL DEFAULT 1,
  need_payment INTEGER NOT NULL DEFAULT 1,
  title_uz TEXT NOT NULL,
  title_ru TEXT NOT NULL,
  title_uk TEXT NOT NULL
);

-- The cost matrix: one row per type and city, or city_map_id 'another_city' for
-- every city without its own row. A type with neither is not offered in a city.
CREATE TABLE delivery_costs (
  delivery_type_id INTEGER NOT NULL REFERENCES delivery_types(id),
  city_map_id TEXT NOT NULL,
  delivery_price INTEGER NOT NULL CHECK (delivery_price >= 0),
  -- Free delivery when the goods total is above this (0: never free).
  minimum_amount_of_free_shipping INTEGER NOT NULL DEFAULT 0,
  estimated_delivery_time_uz TEXT NOT NULL,
  estimated_delivery_time_ru TEXT NOT NULL,
  estimated_delivery_time_uk TEXT NOT NULL,
  PRIMARY KEY (delivery_type_id, city_map_id)
) WITHOUT ROWID;
