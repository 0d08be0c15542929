-- Streets and post codes for courier addresses (issue #12 §4): the street select and the post code filled from it.
CREATE TABLE streets (
  id INTEGER PRIMARY KEY,
  ref TEXT NOT NULL UNIQUE,
  city_id INTEGER NOT NULL REFERENCES cities(id),
  title_uz TEXT NOT NULL,
  title_ru TEXT NOT NULL,
  title_uk TEXT NOT NULL
);
CREATE INDEX streets_city ON streets (city_id);

-- A street's post code for a range of house numbers (inclusive).
CREATE TABLE post_codes (
  street_id INTEGER NOT NULL REFERENCES streets(id),
  house_from INTEGER NOT NULL,
  house_to INTEGER NOT NULL,
  post_code TEXT NOT NULL CHECK (length(post_code) = 6),
  PRIMARY KEY (street_id, house_from)
) WITHOUT ROWID;
