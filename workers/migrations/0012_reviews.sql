-- Product reviews (issue #14): matching parameters ("size: runs small / true to size /
-- runs large") with their values, linked to categories (a product gets those of its
-- category and the category's ancestors); reviews, the choices a review made, reactions.

CREATE TABLE matching_parameters (
  id INTEGER PRIMARY KEY,
  name_uz TEXT NOT NULL,
  name_ru TEXT NOT NULL,
  name_uk TEXT NOT NULL
);

CREATE TABLE matching_values (
  id INTEGER PRIMARY KEY,
  parameter_id INTEGER NOT NULL REFERENCES matching_parameters(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  name_uz TEXT NOT NULL,
  name_ru TEXT NOT NULL,
  name_uk TEXT NOT NULL
);
CREATE INDEX matching_values_parameter ON matching_values(parameter_id, position);

CREATE TABLE category_matching_parameters (
  category_id INTEGER NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
  parameter_id INTEGER NOT NULL REFERENCES matching_parameters(id) ON DELETE CASCADE,
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (category_id, parameter_id)
) WITHOUT ROWID;

-- One review per shopper and product (a second edits the first). Seeded reviews have no
-- account (user_id NULL). status: 'published', or 'pending' (held for moderation: a review
-- sent without the captcha, see the README); the author sees their own either way.
CREATE TABLE reviews (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  user_name TEXT NOT NULL,
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  text TEXT NOT NULL,
  lang TEXT NOT NULL CHECK (lang IN ('uz', 'ru', 'uk')),
  status TEXT NOT NULL DEFAULT 'published' CHECK (status IN ('published', 'pending')),
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  updated_at INTEGER NOT NULL DEFAULT (unixepoch()),
  UNIQUE (product_id, user_id)
);
CREATE INDEX reviews_product ON reviews(product_id, status, created_at);

CREATE TABLE review_matchings (
  review_id INTEGER NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
  parameter_id INTEGER NOT NULL REFERENCES matching_parameters(id),
  value_id INTEGER NOT NULL REFERENCES matching_values(id),
  PRIMARY KEY (review_id, parameter_id)
) WITHOUT ROWID;

-- A signed-in shopper's like (1) or dislike (-1) of a review: one row at most, so like and
-- dislike exclude each other and counts are exact (counted, never kept as running totals).
CREATE TABLE review_reactions (
  review_id INTEGER NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  reaction INTEGER NOT NULL CHECK (reaction IN (1, -1)),
  PRIMARY KEY (review_id, user_id)
) WITHOUT ROWID;
CREATE INDEX review_reactions_review ON review_reactions(review_id, reaction);
