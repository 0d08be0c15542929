-- Delivery points (issue #12 §4): stores for pickup and post offices, per city and delivery type.
CREATE TABLE delivery_points (
  id INTEGER PRIMARY KEY,
  ref TEXT NOT NULL UNIQUE,
  city_id INTEGER NOT NULL REFERENCES cities(id),
  delivery_type_id INTEGER NOT NULL REFERENCES delivery_types(id),
  -- A post office's number ("№ 12"): lists sort by it numerically, not as text.
  number INTEGER,
  title_uz TEXT NOT NULL,
  title_ru TEXT NOT NULL,
  title_uk TEXT NOT NULL,
  -- A store's mall or landmark ("Samarqand Darvoza").
  label_uz TEXT NOT NULL DEFAULT '',
  label_ru TEXT NOT NULL DEFAULT '',
  label_uk TEXT NOT NULL DEFAULT '',
  address TEXT NOT NULL,
  phone TEXT NOT NULL DEFAULT '',
  schedule_uz TEXT NOT NULL DEFAULT '',
  schedule_ru TEXT NOT NULL DEFAULT '',
  schedule_uk TEXT NOT NULL DEFAULT ''
);
CREATE INDEX delivery_points_city ON delivery_points (city_id, delivery_type_id, number);

-- The point an order goes to (pickup, post), and the one a checkout draft has chosen.
ALTER TABLE orders ADD COLUMN point_id INTEGER;
ALTER TABLE checkout_drafts ADD COLUMN point_id INTEGER;
