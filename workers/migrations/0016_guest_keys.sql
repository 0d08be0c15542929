-- A guest owns rows through a random key their session keeps (session data "guestKey"),
-- never through an integer id: SQLite hands the newest row's id out again once that row is
-- deleted, so an id kept in a session or on an order could come to name the next guest's cart.
-- See docs/decisions/ on guest ownership.

ALTER TABLE carts ADD COLUMN guest_key TEXT;
CREATE UNIQUE INDEX carts_guest_key ON carts (guest_key);

-- A guest's order is readable by the session holding this key; at sign-in it joins the account.
ALTER TABLE orders ADD COLUMN guest_key TEXT;
CREATE INDEX orders_guest_key ON orders (guest_key) WHERE guest_key IS NOT NULL;

-- A guest's favourites and followed brands, a row each (as an account's): parallel adds
-- from two tabs are separate statements that cannot overwrite each other. No foreign keys:
-- the rows are a guest's passing state (readers join the catalogue; the daily clean-up
-- drops them with the guest), and must never stand in the way of a catalogue change.
CREATE TABLE guest_favourites (
  guest_key TEXT NOT NULL,
  product_id INTEGER NOT NULL,
  sku_id INTEGER,
  -- Milliseconds: the list's order, and which goes first past the cap.
  added_ms INTEGER NOT NULL,
  PRIMARY KEY (guest_key, product_id)
) WITHOUT ROWID;

CREATE TABLE guest_favourite_brands (
  guest_key TEXT NOT NULL,
  brand_id INTEGER NOT NULL,
  added_ms INTEGER NOT NULL,
  PRIMARY KEY (guest_key, brand_id)
) WITHOUT ROWID;

-- Existing data. Every guest cart gets a key.
UPDATE carts SET guest_key = lower(hex(randomblob(16))) WHERE user_id IS NULL;

-- A guest order gets its cart's key only if that cart is the one it was placed from: made
-- before the order (a cart made later under a reused id is another guest's).
UPDATE orders SET guest_key = (
  SELECT c.guest_key FROM carts c WHERE c.id = orders.cart_id AND c.user_id IS NULL AND c.created_at <= orders.created_at
) WHERE user_id IS NULL;

-- A guest session takes its cart's key when it alone names that cart; otherwise a new key
-- (an id two sessions name cannot tell whose the cart is: neither gets it). The old keys go
-- last, so every row of this statement still sees which sessions name a cart.
UPDATE sessions SET data = json_set(data, '$.guestKey', coalesce(
  (SELECT c.guest_key FROM carts c WHERE c.id = json_extract(sessions.data, '$.cartId') AND c.user_id IS NULL
     AND (SELECT COUNT(*) FROM sessions s2 WHERE json_extract(s2.data, '$.cartId') = c.id) = 1),
  lower(hex(randomblob(16)))))
WHERE json_extract(data, '$.userId') IS NULL
  AND (json_extract(data, '$.cartId') IS NOT NULL OR json_extract(data, '$.favourites') IS NOT NULL OR json_extract(data, '$.favouriteBrands') IS NOT NULL);

-- Session favourites become rows, their order kept: a second apart, the newest now.
INSERT OR IGNORE INTO guest_favourites (guest_key, product_id, sku_id, added_ms)
SELECT json_extract(s.data, '$.guestKey'), p.id,
  (SELECT k.id FROM skus k WHERE k.product_id = p.id AND k.id = json_extract(s.data, '$.favouriteSkus."' || f.value || '"')),
  (unixepoch() - json_array_length(s.data, '$.favourites') + f.key) * 1000
FROM sessions s, json_each(s.data, '$.favourites') f JOIN products p ON p.id = f.value
WHERE json_extract(s.data, '$.guestKey') IS NOT NULL;

INSERT OR IGNORE INTO guest_favourite_brands (guest_key, brand_id, added_ms)
SELECT json_extract(s.data, '$.guestKey'), b.id, (unixepoch() - json_array_length(s.data, '$.favouriteBrands') + f.key) * 1000
FROM sessions s, json_each(s.data, '$.favouriteBrands') f JOIN brands b ON b.id = f.value
WHERE json_extract(s.data, '$.guestKey') IS NOT NULL;

UPDATE sessions SET data = json_remove(data, '$.cartId', '$.favourites', '$.favouriteSkus', '$.favouriteBrands')
WHERE json_extract(data, '$.cartId') IS NOT NULL OR json_extract(data, '$.favourites') IS NOT NULL
  OR json_extract(data, '$.favouriteSkus') IS NOT NULL OR json_extract(data, '$.favouriteBrands') IS NOT NULL;
