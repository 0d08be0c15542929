-- Brands a shopper follows (issue #13): the heart on a brand's catalogue page and the
-- favourites page's brands tab. A guest's are kept in the session and join at login.
CREATE TABLE favourite_brands (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  brand_id INTEGER NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  PRIMARY KEY (user_id, brand_id)
) WITHOUT ROWID;
